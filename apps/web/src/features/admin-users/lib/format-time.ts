/** A stored ISO time in the reader's own time zone and locale (spec 2 section 2: times in local time). */
const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatLocalTime = (iso: string | null, never: string): string => {
  if (!iso) return never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? never : formatter.format(date);
};
