import { connectLimits } from '@portal/contract';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// The plugins stay in this lazy feature (never the shell): only CONNECT screens import this module.
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** The reader's IANA zone as the browser knows it ('UTC' when it does not say). */
export const readerZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The long name of a zone at an instant, e.g. 'Hong Kong Standard Time'; the IANA name when Intl has none. */
export const zoneName = (zone: string, at: Date = new Date()) => {
  try {
    const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
};

/**
 * An instant as a reader reads it in a zone, with the zone named: 'Tue 1 Dec 2026, 10:00 (Hong Kong Standard
 * Time)'. A zone the browser does not know falls back to UTC, named as such.
 */
export const formatInZone = (utcIso: string, zone: string) => {
  const at = new Date(utcIso);
  if (Number.isNaN(at.getTime())) return '';
  let usable = zone;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
  } catch {
    usable = 'UTC';
  }
  // Built from the parts: engines differ in the commas and the ' at ' they put between them.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: usable,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const text = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
  return `${text} (${zoneName(usable, at)})`;
};

/** Whether the event's date is still to be confirmed (spec 3 section 2: iEvtType_PikId 2118400009). */
export const isDateToBeConfirmed = (type: number) => type === connectLimits.dateToBeConfirmedType;

/** Spec 3 section 2: an appointment's date 'ddd Do MMM YYYY' and time 'hh:mm A'. */
export const appointmentDate = 'ddd Do MMM YYYY';
export const appointmentTime = 'hh:mm A';

/** A slot as the reader sees it (their zone) and as the analyst does (the slot's wall clock in TimezoneValue). */
export const slotTimes = (
  slot: { dUTC_StartDateTime: string; dCAE_LocaleStartDateTime: string; TimezoneValue: string },
  zone: string,
) => {
  const reader = dayjs.utc(slot.dUTC_StartDateTime).tz(zone);
  const analyst = dayjs(slot.dCAE_LocaleStartDateTime);
  return {
    readerDate: reader.format(appointmentDate),
    readerTime: reader.format(appointmentTime),
    readerZone: zoneName(zone, new Date(slot.dUTC_StartDateTime)),
    /** 'YYYY-MM-DD' of the reader's calendar: what the date picker compares */
    readerDay: reader.format('YYYY-MM-DD'),
    analystDate: analyst.format(appointmentDate),
    analystTime: analyst.format(appointmentTime),
    analystZone: slot.TimezoneValue,
  };
};

/**
 * The page (1-based, pages of `perPage`) holding the first slot on `day` ('YYYY-MM-DD' of the reader's calendar),
 * or null when no slot falls on it (spec 3 section 2: the picker jumps there or says there are none).
 */
export const pageOfDay = (
  days: readonly string[],
  day: string,
  perPage: number = connectLimits.appointmentsPerPage,
) => {
  const index = days.indexOf(day);
  return index < 0 ? null : Math.floor(index / perPage) + 1;
};
