import { messagesConnect } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { MailCalendar } from '../../db/schema/index.ts';
import { type Firm, type MailContent, render } from '../mail/templates.ts';
import { calendarInvite, inviteUid } from './calendar-invite.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const texts = messagesConnect.mailBookings;

/** What the mails of one booking say: the same facts for the booked, cancelled and reminder mails. */
export interface BookingFacts {
  bookingId: number;
  start: Date;
  durationMinutes: number;
  /** the calendar's (analyst's) IANA zone: the invitation and the mails' times are written in it */
  timeZone: string;
  analyst: { name: string; email: string };
  reader: { name: string; email: string; companyName: string };
  firm: Firm;
  /** the portal's public address: the UID's host and the link to the appointment page */
  publicUrl: string;
}

export type BookingMailKind = 'booked' | 'cancelled' | 'reminder';

export interface BookingMail {
  to: string;
  content: MailContent;
  calendar: MailCalendar;
  links: string[];
}

/** 'Tue 15 Jan 2030, 10:30 (Europe/London)': the appointment's time in the analyst's zone, with the zone named. */
export const bookingWhen = (start: Date, timeZone: string) =>
  `${dayjs(start).tz(timeZone).format('ddd D MMM YYYY, HH:mm')} (${timeZone})`;

/**
 * The invitation of a booking: one UID for its whole life (booked, reminded, cancelled), SEQUENCE 0 while it is
 * live and 1 once cancelled, so calendars replace the appointment by its cancellation.
 */
export const bookingInvite = (facts: BookingFacts, kind: BookingMailKind) =>
  calendarInvite({
    method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
    uid: inviteUid('slot-booking', facts.bookingId, new URL(facts.publicUrl).host),
    sequence: kind === 'cancelled' ? 1 : 0,
    start: facts.start,
    durationMinutes: facts.durationMinutes,
    timeZone: facts.timeZone,
    summary: texts.inviteSummary(facts.analyst.name, facts.reader.name),
    description: texts.inviteDescription(facts.firm.name),
    url: `${facts.publicUrl}/connect/appointment`,
    organizer: { name: facts.firm.name, email: facts.firm.email },
    attendees: [
      { name: facts.reader.name, email: facts.reader.email },
      ...(facts.analyst.email ? [{ name: facts.analyst.name, email: facts.analyst.email }] : []),
    ],
    firmName: facts.firm.name,
  });

/** The reader's and the analyst's mails of a booking event (the analyst's only when the analyst has an address). */
export const bookingMails = (facts: BookingFacts, kind: BookingMailKind): BookingMail[] => {
  const when = bookingWhen(facts.start, facts.timeZone);
  const calendar = bookingInvite(facts, kind);
  const subject = {
    booked: texts.bookedSubject,
    cancelled: texts.cancelledSubject,
    reminder: texts.reminderSubject,
  }[kind];
  const pageUrl = `${facts.publicUrl}/connect/appointment`;
  const readerText = {
    booked: texts.bookedReader,
    cancelled: texts.cancelledReader,
    reminder: texts.reminderReader,
  }[kind](facts.analyst.name, when);
  const analystText = {
    booked: texts.bookedAnalyst,
    cancelled: texts.cancelledAnalyst,
    reminder: texts.reminderAnalyst,
  }[kind](facts.reader.name, facts.reader.companyName, when);
  const mail = (greeting: string, paragraph: string, action?: { label: string; url: string }) =>
    render(facts.firm, subject(facts.analyst.name, when), {
      greetingName: greeting,
      paragraphs: [paragraph],
      ...(action ? { action } : {}),
    });
  const mails: BookingMail[] = [
    {
      to: facts.reader.email,
      content: mail(facts.reader.name, readerText, { label: texts.manage, url: pageUrl }),
      calendar,
      links: [pageUrl],
    },
  ];
  if (facts.analyst.email) {
    mails.push({
      to: facts.analyst.email,
      content: mail(facts.analyst.name, analystText),
      calendar,
      links: [],
    });
  }
  return mails;
};
