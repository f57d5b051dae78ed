import { connectLimits, messagesConnect } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { MailCalendar } from '../../db/schema/index.ts';
import { type Firm, type MailContent, render } from '../mail/templates.ts';
import { calendarInvite, inviteUid } from './calendar-invite.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const texts = messagesConnect.mailEvents;

/** What an event mail says about its event. */
export interface EventMailEvent {
  name: string;
  campaignTitle: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  typePickId: number;
  city: string;
  speakers: ReadonlyArray<{ name: string; title: string }>;
}

export interface EventMailInput {
  firm: Firm;
  /** the portal's address: the invitation's UID is stable per registration on this host */
  publicUrl: string;
  event: EventMailEvent;
  registration: { id: number; name: string; email: string };
  /** the registrant's unique meeting link */
  link: string;
}

export interface EventMail {
  content: MailContent;
  /** the iCalendar REQUEST; none while the date is to be confirmed (an invitation would carry a wrong date) */
  calendar?: MailCalendar;
}

export const isDateToBeConfirmed = (event: { typePickId: number }) =>
  event.typePickId === connectLimits.dateToBeConfirmedType;

/** 'Tue 3 Mar 2026, 14:00 (Europe/London; 14:00 UTC)': the event's own zone first, named, then UTC. */
export const eventWhen = (event: EventMailEvent) => {
  const local = dayjs(event.startsAt).tz(event.timeZone);
  const universal = dayjs(event.startsAt).utc();
  return `${local.format('ddd D MMM YYYY, HH:mm')} (${event.timeZone}; ${universal.format('HH:mm')} UTC)`;
};

const details = (event: EventMailEvent) => [
  isDateToBeConfirmed(event) ? texts.dateToBeConfirmed : texts.when(eventWhen(event)),
  ...(event.city ? [texts.city(event.city)] : []),
  ...(event.speakers.length > 0
    ? [texts.speakers(event.speakers.map((s) => (s.title ? `${s.name}, ${s.title}` : s.name)).join('; '))]
    : []),
];

/**
 * The invitation of one registration: the same UID in the approval and every reminder (a reminder re-sends the
 * same REQUEST, which a calendar treats as the same event, never a second one), times in the event's own zone.
 */
export const eventInvitation = (input: EventMailInput): MailCalendar | undefined => {
  const { event } = input;
  if (isDateToBeConfirmed(event)) return undefined;
  return calendarInvite({
    method: 'REQUEST',
    uid: inviteUid('event-registration', input.registration.id, new URL(input.publicUrl).host),
    sequence: 0,
    start: event.startsAt,
    durationMinutes: event.durationMinutes,
    timeZone: event.timeZone,
    summary: event.name,
    description: texts.inviteDescription(input.firm.name, input.link),
    location: input.link,
    url: input.link,
    organizer: { name: input.firm.name, email: input.firm.email },
    attendees: [{ name: input.registration.name, email: input.registration.email }],
    firmName: input.firm.name,
  });
};

const mailOf = (input: EventMailInput, subject: string, opening: string): EventMail => {
  const calendar = eventInvitation(input);
  return {
    content: render(input.firm, subject, {
      greetingName: input.registration.name,
      paragraphs: [
        opening,
        ...details(input.event),
        ...(calendar ? [texts.invitationAttached] : []),
        texts.linkPersonal,
      ],
      action: { label: texts.join, url: input.link },
    }),
    ...(calendar ? { calendar } : {}),
  };
};

/** The approval: the registrant's place is confirmed, with their unique meeting link and the invitation. */
export const eventApprovalMail = (input: EventMailInput): EventMail =>
  mailOf(
    input,
    texts.approvedSubject(input.event.name),
    texts.approved(input.event.name, input.event.campaignTitle),
  );

/**
 * A reminder of an approved registration, with the registrant's meeting link and the invitation again: one
 * template for the admin's reminders and the automatic ones before the start.
 */
export const eventReminderMail = (input: EventMailInput): EventMail =>
  mailOf(
    input,
    texts.reminderSubject(
      input.event.name,
      isDateToBeConfirmed(input.event)
        ? messagesConnect.registration.dateToBeConfirmed
        : eventWhen(input.event),
    ),
    texts.reminder(input.event.name, input.event.campaignTitle),
  );
