import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Every date the portal shows is written here, with dayjs (issue 22). Only lazy screens import this module (the
// catalogue's format.ts re-exports the published date), so dayjs and its plugins stay out of the shell.
//
// Time zone: the reader's own (the browser's), as the spec asks ("shown as a local date", "times in local
// time"), unless a form names another (the About page's UTC day, CONNECT's event and analyst zones).
//
// Language: English, the portal's only language, in fixed forms. The Intl helpers this replaces wrote some dates
// in the browser's locale; each form below is what they wrote for an en-US browser (the unit tests' and the
// browser journeys' locale), so those readers see no change. A reader whose browser asks for another locale now
// sees the same English form as everyone (e.g. an en-GB browser 'Mar 3, 2026' where it had '3 Mar 2026'),
// which also matches the English texts around it. dayjs abbreviates September 'Sep' where Intl's en-GB wrote
// 'Sept' (CONNECT's event times, Blog Management's list), as CONNECT's appointment cards already did. Zone
// names are dayjs's (Intl's en-US long names), which match en-GB's for every zone but America/Miquelon
// ('St. Pierre' for 'St Pierre').
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** The forms, in dayjs tokens. */
const forms = {
  /** 'Mar 3, 2026' */
  day: 'MMM D, YYYY',
  /** 'Mar 3, 2026, 2:30 PM' */
  dayTime: 'MMM D, YYYY, h:mm A',
  /** 'Mar 3, 2026, 02:30 PM' */
  dayClock: 'MMM D, YYYY, hh:mm A',
  /** 'Mar 3, 2026, 02:30 PM GMT+8': the zone named */
  dayClockZone: 'MMM D, YYYY, hh:mm A z',
  /** '3 Mar 2026' */
  dayFirst: 'D MMM YYYY',
  /** '3 March 2026' */
  longDay: 'D MMMM YYYY',
  /** 'Tue 3 Mar 2026, 14:30' (formatInZone adds the zone's name) */
  weekdayClock: 'ddd D MMM YYYY, HH:mm',
} as const;
export type DateForm = keyof typeof forms;

const write = (at: Date, form: DateForm, zone?: string) =>
  Number.isNaN(at.getTime()) ? '' : (zone ? dayjs(at).tz(zone) : dayjs(at)).format(forms[form]);

/** An instant (an ISO string) in the reader's zone, or in `zone`; '' for no value or one that is no date. */
export const formatDate = (iso: string | null | undefined, form: DateForm = 'day', zone?: string) =>
  iso ? write(new Date(iso), form, zone) : '';

/** The server's published_date is UTC (spec 1 section 3): a value without a zone is read as UTC. */
export const parseUtc = (value: string) => {
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2})$/.test(value);
  const iso = value.includes('T') || !/\s/.test(value) ? value : value.replace(' ', 'T');
  return new Date(hasZone || !iso.includes('T') ? iso : `${iso}Z`);
};

/** A published date in the reader's own time zone (or `zone`, for tests), e.g. 'Mar 3, 2026'. */
export const formatPublishedDate = (value: string, zone?: string) => write(parseUtc(value), 'day', zone);

/** The reader's IANA zone as the browser knows it ('UTC' when it does not say). */
export const readerZone = () => {
  try {
    return dayjs.tz.guess() || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The long name of a zone at an instant, e.g. 'Hong Kong Standard Time'; the IANA name when it has none. */
export const zoneName = (zone: string, at: Date = new Date()) => {
  try {
    return dayjs(at).tz(zone).format('zzz') || zone;
  } catch {
    return zone;
  }
};

/** `zone` when the browser knows it, else 'UTC'. */
const usableZone = (zone: string) => {
  try {
    dayjs().tz(zone);
    return zone;
  } catch {
    return 'UTC';
  }
};

/**
 * An instant as a reader reads it in a zone, with the zone named: 'Tue 1 Dec 2026, 10:00 (Hong Kong Standard
 * Time)'. A zone the browser does not know falls back to UTC, named as such.
 */
export const formatInZone = (utcIso: string, zone: string) => {
  const at = new Date(utcIso);
  if (Number.isNaN(at.getTime())) return '';
  const usable = usableZone(zone);
  return `${write(at, 'weekdayClock', usable)} (${zoneName(usable, at)})`;
};

/** A UTC instant on a zone's wall clock, to write in a feature's own pattern (CONNECT's slots). */
export const instantInZone = (utcIso: string, zone: string) => dayjs.utc(utcIso).tz(zone);

/** A wall-clock time without a zone ('2026-12-01T14:30:00'), to write in a feature's own pattern. */
export const wallClock = (local: string) => dayjs(local);
