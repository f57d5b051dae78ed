import { describe, expect, it } from 'vitest';
import { tagsToQuery } from '../api/research-api.ts';
import {
  dateRangeOf,
  dateRangeTagOf,
  isCalendarDay,
  matchDateRangeTag,
  withDateRange,
} from './date-range-tag.ts';

describe('Date Range tag <-> picker', () => {
  it('reads the typed tag in any case and spacing', () => {
    expect(matchDateRangeTag('date range:2026-01-01-2026-02-28')).toEqual({
      start: '2026-01-01',
      end: '2026-02-28',
    });
    expect(matchDateRangeTag('  Date Range: 2026-01-01 - 2026-02-28 ')).toEqual({
      start: '2026-01-01',
      end: '2026-02-28',
    });
    expect(matchDateRangeTag('Date Range: 2026-01-01')).toBeNull();
    expect(matchDateRangeTag('#banks')).toBeNull();
  });

  it('shows the first range in the picker, and none for days that do not exist', () => {
    expect(
      dateRangeOf(['asia', 'Date Range: 2026-01-01 - 2026-02-28', 'Date Range: 2025-01-01 - 2025-12-31']),
    ).toEqual({ start: '2026-01-01', end: '2026-02-28' });
    expect(dateRangeOf(['asia'])).toBeNull();
    expect(dateRangeOf(['Date Range: 2026-02-30 - 2026-03-01'])).toBeNull();
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
  });

  it('writes the tag in the spec form, which the list sends as dStart and dEnd', () => {
    const tag = dateRangeTagOf({ start: '2026-01-01', end: '2026-02-28' });
    expect(tag).toBe('Date Range: 2026-01-01 - 2026-02-28');
    expect(tagsToQuery(['asia', tag])).toEqual({ tags: 'asia', dStart: '2026-01-01', dEnd: '2026-02-28' });
  });

  it('adds a range at the end, replaces the first in its place and drops later ones', () => {
    const range = { start: '2026-03-01', end: '2026-03-31' };
    expect(withDateRange(['asia'], range)).toEqual(['asia', 'Date Range: 2026-03-01 - 2026-03-31']);
    expect(
      withDateRange(
        ['asia', 'Date Range: 2026-01-01 - 2026-02-28', '#banks', 'Date Range: 2025-01-01 - 2025-12-31'],
        range,
      ),
    ).toEqual(['asia', 'Date Range: 2026-03-01 - 2026-03-31', '#banks']);
  });

  it('orders a range picked backwards and removes every range when cleared', () => {
    expect(withDateRange([], { start: '2026-03-31', end: '2026-03-01' })).toEqual([
      'Date Range: 2026-03-01 - 2026-03-31',
    ]);
    expect(withDateRange(['Date Range: 2026-01-01 - 2026-02-28', 'asia'], null)).toEqual(['asia']);
  });
});
