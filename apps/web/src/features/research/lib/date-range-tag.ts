/**
 * The spec's date filter is a tag of the form 'Date Range: YYYY-MM-DD - YYYY-MM-DD' (spec 1 section 7: sent as
 * dStart and dEnd, only the first such tag counts). The date-range picker reads and writes that same tag, so the
 * tag box and the picker can never disagree: the tag list is the one source of the filter.
 */

export interface DateRange {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

const dateRangeTag = /^Date Range:\s*(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/i;

/** The two days of a tag of the spec's form, or null for any other tag (the days are not checked here). */
export const matchDateRangeTag = (tag: string): DateRange | null => {
  const match = dateRangeTag.exec(tag.trim());
  return match ? { start: match[1] as string, end: match[2] as string } : null;
};

export const isDateRangeTag = (tag: string) => matchDateRangeTag(tag) !== null;

/** Whether the text is a day of the calendar (2026-02-30 is not: Date would roll it over to March). */
export const isCalendarDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/**
 * The range the picker shows: the first date-range tag, as the list filters by it. Null when there is none or
 * its days are not real days (the server refuses it with its own message, shown in place of the list).
 */
export const dateRangeOf = (tags: readonly string[]): DateRange | null => {
  for (const tag of tags) {
    const range = matchDateRangeTag(tag);
    if (range) return isCalendarDay(range.start) && isCalendarDay(range.end) ? range : null;
  }
  return null;
};

export const dateRangeTagOf = ({ start, end }: DateRange) => `Date Range: ${start} - ${end}`;

/**
 * The tags with the date filter set to the range (in the place of the first date-range tag, or added at the end)
 * or removed (null). Every other date-range tag goes too: only the first would count, and a second one left in
 * the box would read as a filter that is not applied.
 */
export const withDateRange = (tags: readonly string[], range: DateRange | null): string[] => {
  const first = tags.findIndex(isDateRangeTag);
  const rest = tags.filter((tag) => !isDateRangeTag(tag));
  if (!range) return rest;
  const ordered = range.start <= range.end ? range : { start: range.end, end: range.start };
  const at = first === -1 ? rest.length : first;
  return [...rest.slice(0, at), dateRangeTagOf(ordered), ...rest.slice(at)];
};
