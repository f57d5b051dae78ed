import { describe, expect, it } from 'vitest';
import { formatDate, formatInZone, formatPublishedDate, parseUtc, zoneName } from './dates.ts';

describe('dates', () => {
  const afternoon = '2026-03-03T06:30:00Z'; // 14:30 in Hong Kong

  it('writes each form in a given zone', () => {
    const hk = 'Asia/Hong_Kong';
    expect(formatDate(afternoon, 'day', hk)).toBe('Mar 3, 2026');
    expect(formatDate(afternoon, 'dayTime', hk)).toBe('Mar 3, 2026, 2:30 PM');
    expect(formatDate(afternoon, 'dayClock', hk)).toBe('Mar 3, 2026, 02:30 PM');
    expect(formatDate(afternoon, 'dayClockZone', hk)).toBe('Mar 3, 2026, 02:30 PM GMT+8');
    expect(formatDate(afternoon, 'dayFirst', hk)).toBe('3 Mar 2026');
    expect(formatDate('2026-03-05T23:30:00Z', 'longDay', 'UTC')).toBe('5 March 2026');
    expect(formatDate('2026-09-07T16:05:00Z', 'dayTime', hk)).toBe('Sep 8, 2026, 12:05 AM');
    expect(formatDate('2026-07-01T11:00:00Z', 'dayClockZone', 'America/New_York')).toBe(
      'Jul 1, 2026, 07:00 AM EDT',
    );
  });

  it("writes what Intl wrote for an en-US reader, in the reader's own zone by default", () => {
    const intl = (options: Intl.DateTimeFormatOptions) => (iso: string) =>
      new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
    const cases = [
      ['day', intl({ dateStyle: 'medium' })],
      ['dayTime', intl({ dateStyle: 'medium', timeStyle: 'short' })],
      [
        'dayClock',
        intl({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
      ],
      [
        'dayClockZone',
        intl({
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZoneName: 'short',
        }),
      ],
    ] as const;
    for (const iso of [afternoon, '2026-11-30T23:59:00Z', '2026-01-01T00:00:00Z', '2026-12-31T12:00:00.500Z'])
      for (const [form, expected] of cases) expect(formatDate(iso, form)).toBe(expected(iso));
  });

  it('writes nothing for no value or one that is no date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, 'longDay', 'UTC')).toBe('');
    expect(formatDate('not a date', 'dayTime')).toBe('');
    expect(formatPublishedDate('soon')).toBe('');
  });

  it('reads a published date without a zone as UTC', () => {
    expect(parseUtc('2026-03-01 20:00:00').toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(parseUtc('2026-03-01T20:00:00+08:00').toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(formatPublishedDate('2026-03-01 20:00:00', 'Asia/Hong_Kong')).toBe('Mar 2, 2026');
    expect(formatPublishedDate('2026-03-01', 'America/New_York')).toBe('Feb 28, 2026');
  });

  it("writes an instant in the reader's zone with the zone named", () => {
    expect(formatInZone('2026-12-01T02:00:00Z', 'Asia/Hong_Kong')).toBe(
      'Tue 1 Dec 2026, 10:00 (Hong Kong Standard Time)',
    );
    expect(formatInZone('2026-07-01T09:30:00Z', 'Europe/London')).toBe(
      'Wed 1 Jul 2026, 10:30 (British Summer Time)',
    );
    expect(formatInZone('2026-09-08T23:05:00Z', 'America/New_York')).toBe(
      'Tue 8 Sep 2026, 19:05 (Eastern Daylight Time)',
    );
    expect(formatInZone('never', 'UTC')).toBe('');
  });

  it('falls back to UTC, named, for a zone the browser does not know', () => {
    expect(formatInZone('2026-12-01T02:00:00Z', 'Mars/Olympus')).toMatch(
      /^Tue 1 Dec 2026, 02:00 \((UTC|Coordinated Universal Time)\)$/,
    );
    expect(zoneName('Mars/Olympus')).toBe('Mars/Olympus');
    expect(zoneName('Asia/Singapore', new Date('2026-01-01T00:00:00Z'))).toBe('Singapore Standard Time');
  });
});
