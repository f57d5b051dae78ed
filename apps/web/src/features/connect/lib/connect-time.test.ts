import { describe, expect, it } from 'vitest';
import { formatInZone, pageOfDay, slotTimes } from './connect-time.ts';

describe('connect times', () => {
  it("writes an instant in the reader's zone with the zone named", () => {
    expect(formatInZone('2026-12-01T02:00:00Z', 'Asia/Hong_Kong')).toBe(
      'Tue 1 Dec 2026, 10:00 (Hong Kong Standard Time)',
    );
    expect(formatInZone('2026-07-01T09:30:00Z', 'Europe/London')).toBe(
      'Wed 1 Jul 2026, 10:30 (British Summer Time)',
    );
  });

  it('falls back to UTC, named, for a zone the browser does not know', () => {
    expect(formatInZone('2026-12-01T02:00:00Z', 'Mars/Olympus')).toMatch(
      /^Tue 1 Dec 2026, 02:00 \((UTC|Coordinated Universal Time)\)$/,
    );
  });

  it("shows a slot in the reader's zone and in the analyst's wall clock, as the spec formats them", () => {
    const times = slotTimes(
      {
        dUTC_StartDateTime: '2026-12-01T14:30:00Z',
        dCAE_LocaleStartDateTime: '2026-12-01T14:30:00',
        TimezoneValue: 'Europe/London',
      },
      'Asia/Hong_Kong',
    );
    expect(times).toMatchObject({
      readerDate: 'Tue 1st Dec 2026',
      readerTime: '10:30 PM',
      readerDay: '2026-12-01',
      analystDate: 'Tue 1st Dec 2026',
      analystTime: '02:30 PM',
      analystZone: 'Europe/London',
    });
    // Past midnight for the reader: the day the picker compares is the reader's.
    expect(
      slotTimes(
        {
          dUTC_StartDateTime: '2026-12-01T17:00:00Z',
          dCAE_LocaleStartDateTime: '2026-12-01T17:00:00',
          TimezoneValue: 'Europe/London',
        },
        'Asia/Hong_Kong',
      ).readerDay,
    ).toBe('2026-12-02');
  });

  it('finds the page of the first slot on a day, or none', () => {
    const days = [...Array(9).fill('2026-12-01'), '2026-12-02', ...Array(7).fill('2026-12-03'), '2026-12-04'];
    expect(pageOfDay(days, '2026-12-01')).toBe(1);
    expect(pageOfDay(days, '2026-12-02')).toBe(2);
    expect(pageOfDay(days, '2026-12-04')).toBe(3);
    expect(pageOfDay(days, '2026-12-05')).toBeNull();
  });
});
