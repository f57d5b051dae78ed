import { describe, expect, it } from 'vitest';
import { pageOfDay, slotTimes } from './connect-time.ts';

describe('connect times', () => {
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
