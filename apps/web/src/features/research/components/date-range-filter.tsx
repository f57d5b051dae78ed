// Mantine dates' styles (and the popover's, which the shell does not load) only here: the research screens are
// lazy, so none of this reaches the login route's initial JS or CSS.
import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { messagesResearch } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { dateRangeOf, withDateRange } from '../lib/date-range-tag.ts';
import classes from './research.module.css';

type Draft = [string | null, string | null];

export interface DateRangeFilterProps {
  /** The list's tags: the picker shows their first 'Date Range:' tag and writes its choice back as that tag. */
  tags: readonly string[];
  onChange: (tags: string[]) => void;
}

/**
 * The date filter beside the tag box. The tag stays the filter (typing it still works and shows here); the picker
 * is another way to write it. A first click alone changes nothing, the second sets the range, clearing removes it.
 * On a phone the calendar opens in a modal (a popover under the field would run off a 375 px screen).
 */
export function DateRangeFilter({ tags, onChange }: DateRangeFilterProps) {
  const range = dateRangeOf(tags);
  const start = range?.start ?? null;
  const end = range?.end ?? null;
  const [draft, setDraft] = useState<Draft>([start, end]);
  const phone = useMediaQuery('(max-width: 767.98px)');
  const hintId = useId();

  // A tag typed or removed in the tag box shows here at once.
  useEffect(() => {
    setDraft([start, end]);
  }, [start, end]);

  const choose = (value: Draft) => {
    const [from, to] = value;
    if (!from && !to && draft[0] && !draft[1]) {
      // Mantine clears a half-chosen range when its dropdown closes: that abandons the new choice, it does
      // not ask to drop the filter that was there.
      setDraft([start, end]);
      return;
    }
    setDraft(value);
    if (from && to) onChange(withDateRange(tags, { start: from, end: to }));
    else if (!from && !to && range) onChange(withDateRange(tags, null));
  };

  return (
    <div className={classes.dateField}>
      <DatePickerInput
        type="range"
        label={messagesResearch.dateRangeLabel}
        placeholder={messagesResearch.dateRangePlaceholder}
        value={draft}
        onChange={(value) => choose([toDay(value[0]), toDay(value[1])])}
        onDropdownClose={() => {
          // Closed after one day only: show the range that filters (or none), not a half-chosen one.
          setDraft((current) => (current[0] && current[1] ? current : [start, end]));
        }}
        allowSingleDateInRange
        // Mantine greys the neighbouring months' days and reddens weekends below AA contrast (2.3:1 and 3.3:1):
        // neither is needed to pick a publication range, so neither is drawn.
        hideOutsideDates
        weekendDays={[]}
        clearable
        clearButtonProps={{ 'aria-label': messagesResearch.clearDateRange }}
        ariaLabels={messagesResearch.calendar}
        valueFormat="MMM D, YYYY"
        dropdownType={phone ? 'modal' : 'popover'}
        modalProps={{ title: messagesResearch.dateRangeLabel, centered: true }}
        aria-describedby={hintId}
        classNames={{ label: classes.fieldLabel, input: classes.dateInput }}
      />
      <p id={hintId} className={classes.hint}>
        {messagesResearch.dateRangeHint}
      </p>
    </div>
  );
}

/** Mantine gives days as 'YYYY-MM-DD' strings; a Date (older callers) is read as that local day. */
const toDay = (value: string | Date | null | undefined): string | null => {
  if (!value) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};
