import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { MailCalendar } from '../../db/schema/index.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The iCalendar invitation of a CONNECT mail (issue 15): one VEVENT with a stable UID per registration or booking,
 * its times in the event's own zone (TZID with the zone's VTIMEZONE, so Outlook shows the analyst's or venue's
 * local time and converts it), METHOD REQUEST for an invitation or its update and CANCEL for a cancellation (the
 * same UID and a higher SEQUENCE replace the earlier one in the attendee's calendar). Pure.
 */
export interface InviteInput {
  method: MailCalendar['method'];
  /** stable per registration or booking, e.g. `inviteUid('slot-booking', id, host)` */
  uid: string;
  /** 0 for the first invitation; each later update or cancellation a higher number */
  sequence: number;
  start: Date;
  durationMinutes: number;
  /** IANA zone the times are written in */
  timeZone: string;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  organizer: { name: string; email: string };
  attendees: ReadonlyArray<{ name: string; email: string }>;
  /** the firm's name, for PRODID */
  firmName: string;
}

/** A UID that stays the same for every mail about one registration or booking. */
export const inviteUid = (kind: 'event-registration' | 'slot-booking', id: number, host: string) =>
  `connect-${kind}-${id}@${host}`;

export const calendarInvite = (input: InviteInput): MailCalendar => {
  const calendar = ical({
    prodId: { company: input.firmName, product: 'Research Portal', language: 'EN' },
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: input.timeZone, generator: getVtimezoneComponent },
  });
  const start = dayjs(input.start).tz(input.timeZone);
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    start,
    end: start.add(input.durationMinutes, 'minute'),
    timezone: input.timeZone,
    summary: input.summary,
    description: input.description,
    location: input.location ?? null,
    url: input.url ?? null,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: input.attendees.map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      rsvp: input.method === 'REQUEST',
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method: input.method, content: calendar.toString() };
};

/**
 * One formatter per zone, made once: building an Intl.DateTimeFormat costs far more than using one, and dayjs's
 * tz() builds one per call (an events list or a month of slots asked for one per row).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const wallClockOf = (timeZone: string) => {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
};

/** The wall-clock time of an instant in a zone, 'YYYY-MM-DDTHH:mm:ss' (the spec's local date fields). */
export const localDateTimeIn = (instant: Date, timeZone: string) => {
  const parts: Record<string, string> = {};
  for (const part of wallClockOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
};
