import {
  type appointmentsReply,
  type BookingReply,
  type bookingAnalyst,
  connectLimits,
  messagesConnect,
  type openSlotsReply,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import type { Firm } from '../mail/templates.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { Clock } from '../runtime.ts';
import { type BookingFacts, type BookingMailKind, bookingMails } from './booking-mail.ts';
import { localDateTimeIn } from './calendar-invite.ts';
import {
  type CalendarRow,
  cancelLiveBooking,
  findBookingCalendar,
  findSlotWithCalendar,
  findUserOfPerson,
  insertBooking,
  listBookingCalendars,
  listOpenSlots,
  liveBookerOf,
  type Reader,
} from './slots.repository.ts';

const server = messagesConnect.server;
const { bitFalse, bitTrue } = connectLimits;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The site parameter that enables appointment booking ('1'). */
const bookingSwitch = 'bEnableConnectBookings';

type BookingAnalyst = z.infer<typeof bookingAnalyst>;

/** An answer of the book and cancel calls: the HTTP status and the spec's {Status, ReasonText}. */
export interface BookingOutcome {
  code: 200 | 403 | 404 | 409;
  reply: BookingReply;
}
const failure = (code: BookingOutcome['code'], reasonText: string): BookingOutcome => ({
  code,
  reply: { Status: 'failure', ReasonText: reasonText },
});

export const readerName = (reader: Pick<Reader, 'firstName' | 'lastName' | 'email'>) =>
  `${reader.firstName} ${reader.lastName}`.trim() || reader.email;

const analystOf = (calendar: CalendarRow): BookingAnalyst => ({
  iCAO_ObjId: calendar.calendarId,
  sPFN_FullName: calendar.name,
  id: calendar.analystId,
  name: calendar.name,
  sJobCat: calendar.jobCategory,
  sTimeZone: calendar.timeZone,
  sectors: calendar.sectors,
});

/** The person of a path acts as: the caller's own person, or (an admin only) that person's user. */
type Acting = { kind: 'ok'; reader: Reader } | { kind: 'notYourPerson' } | { kind: 'noPerson' };

/**
 * Appointment booking and open slots (issue 15; spec 3 section 2). Booking is for subscribers of one of the
 * analyst's sectors (admins always may); a slot is won by one insert against the partial unique index of live
 * bookings, and its mails (with the iCalendar invitation) are written to the outbox in the same transaction.
 */
export const createSlotsService = (deps: {
  db: Db;
  clock: Clock;
  firm: Firm;
  publicUrl: string;
  outbox: Outbox;
  entitlements: Pick<EntitlementsService, 'entitlementFor'>;
  parameters: Pick<ParametersService, 'get'>;
}) => {
  const { db, clock } = deps;

  const actingFor = async (caller: User, personId: number): Promise<Acting> => {
    if (caller.personId !== null && caller.personId === personId) return { kind: 'ok', reader: caller };
    if (caller.type !== 'admin') return { kind: 'notYourPerson' };
    // 0 is nobody's person.
    const reader = personId > 0 ? await findUserOfPerson(db, personId) : null;
    return reader ? { kind: 'ok', reader } : { kind: 'noPerson' };
  };

  /** Whether the reader may book the calendar's slots: a Subscriber entry of one of its sectors, or an admin caller. */
  const subscribes = async (caller: User, reader: Reader, calendar: CalendarRow) => {
    if (caller.type === 'admin') return true;
    // Only an Activated reader's matrix grants (entitlements.ts): the same sectors reading is decided with.
    const { sectorIds } = await deps.entitlements.entitlementFor(reader);
    const granted = new Set(sectorIds);
    return calendar.sectors.some((sector) => granted.has(sector.id));
  };

  const horizon = () => {
    const from = clock();
    return { from, to: new Date(from.getTime() + connectLimits.slotHorizonDays * DAY_MS) };
  };

  const enqueueMails = async (tx: Executor, facts: BookingFacts, kind: BookingMailKind) => {
    for (const mail of bookingMails(facts, kind)) {
      await deps.outbox.enqueue(tx, mail.to, mail.content, mail.links, { calendar: mail.calendar });
    }
  };

  const factsOf = (
    bookingId: number,
    slot: { startsAt: Date; durationMinutes: number },
    calendar: CalendarRow,
    reader: Reader,
  ): BookingFacts => ({
    bookingId,
    start: slot.startsAt,
    durationMinutes: slot.durationMinutes,
    timeZone: calendar.timeZone,
    analyst: { name: calendar.name, email: calendar.email },
    reader: { name: readerName(reader), email: reader.email, companyName: reader.companyName },
    firm: deps.firm,
    publicUrl: deps.publicUrl,
  });

  /** The person rule, the calendar and the slot of a book or cancel call; an outcome when one of them refuses. */
  const bookingTarget = async (
    caller: User,
    input: { personId: number; slotId: number; calendarId: number },
  ) => {
    const acting = await actingFor(caller, input.personId);
    if (acting.kind === 'notYourPerson') return failure(403, server.notYourPerson);
    if (acting.kind === 'noPerson') return failure(404, server.slotNotFound);
    const found = await findSlotWithCalendar(db, input.slotId, input.calendarId);
    if (!found) return failure(404, server.slotNotFound);
    return { reader: acting.reader, ...found };
  };

  return {
    async analysts(): Promise<{ analysts: BookingAnalyst[] }> {
      return { analysts: (await listBookingCalendars(db)).map(analystOf) };
    },

    /** One analyst's upcoming slots that are free or held by the caller; null for an unknown calendar. */
    async appointments(caller: User, calendarId: number): Promise<z.infer<typeof appointmentsReply> | null> {
      const calendar = await findBookingCalendar(db, calendarId);
      if (!calendar) return null;
      const notSubscribed = (await subscribes(caller, caller, calendar)) ? bitFalse : bitTrue;
      const slots = await listOpenSlots(db, { calendarId, userId: caller.id, ...horizon() });
      return {
        analyst: analystOf(calendar),
        events: slots.map((slot) => ({
          iCAE_Id: slot.id,
          iCAO_ObjId: slot.calendarId,
          dCAE_LocaleStartDateTime: localDateTimeIn(slot.startsAt, calendar.timeZone),
          TimezoneValue: calendar.timeZone,
          booked: slot.heldByCaller,
          notSubscribed,
          dUTC_StartDateTime: slot.startsAt.toISOString(),
          iDurationMinutes: slot.durationMinutes,
        })),
      };
    },

    /** The open-slot page's list of one calendar for a person (the caller's own, or any for an admin). */
    async openSlots(
      caller: User,
      personId: number,
      calendarId: number,
    ): Promise<
      | { kind: 'ok'; reply: z.infer<typeof openSlotsReply> }
      | { kind: 'notYourPerson' | 'noPerson' | 'noCalendar' }
    > {
      const acting = await actingFor(caller, personId);
      if (acting.kind !== 'ok') return acting;
      const calendar = await findBookingCalendar(db, calendarId);
      if (!calendar) return { kind: 'noCalendar' };
      const notSubscribed = (await subscribes(caller, acting.reader, calendar)) ? bitFalse : bitTrue;
      const slots = await listOpenSlots(db, { calendarId, userId: acting.reader.id, ...horizon() });
      return {
        kind: 'ok',
        reply: {
          analyst: analystOf(calendar),
          slots: slots.map((slot) => {
            const local = localDateTimeIn(slot.startsAt, calendar.timeZone);
            return {
              iCAE_Id: slot.id,
              iCAO_ObjId: slot.calendarId,
              hide: slot.heldByCaller ? bitTrue : bitFalse,
              date: local.slice(0, 10),
              time: local.slice(11, 16),
              timezone: calendar.timeZone,
              dUTC_StartDateTime: slot.startsAt.toISOString(),
              iDurationMinutes: slot.durationMinutes,
              sAnalystName: calendar.name,
              notSubscribed,
            };
          }),
        },
      };
    },

    /**
     * Books a slot for a person: one insert wins it or conflicts (409 slotTaken, or alreadyBooked when the reader
     * holds it); the reader's and the analyst's mails are queued in the same transaction.
     */
    async book(
      caller: User,
      input: { personId: number; slotId: number; calendarId: number },
    ): Promise<BookingOutcome> {
      const target = await bookingTarget(caller, input);
      if ('code' in target) return target;
      const { reader, calendar, slot } = target;
      // The parameter that shows the booking links (spec 1, spec 3 section 2) is decided again here: with bookings
      // switched off nobody books, not even through the API (cancelling a booking made before still works).
      if ((await deps.parameters.get(bookingSwitch)) !== '1') {
        return failure(403, messagesConnect.bookingRules.disabled);
      }
      if (!(await subscribes(caller, reader, calendar))) {
        return failure(403, messagesConnect.notSubscribed(deps.firm.name, deps.firm.email));
      }
      const now = clock();
      if (slot.startsAt.getTime() <= now.getTime()) return failure(409, server.slotPast);
      return db.transaction(async (tx) => {
        const bookingId = await insertBooking(tx, {
          slotId: slot.id,
          userId: reader.id,
          personId: reader.personId,
          at: now,
        });
        if (bookingId === null) {
          const holder = await liveBookerOf(tx, slot.id);
          return failure(409, holder === reader.id ? server.alreadyBooked : server.slotTaken);
        }
        await enqueueMails(tx, factsOf(bookingId, slot, calendar, reader), 'booked');
        return { code: 200, reply: { Status: 'success', ReasonText: server.bookedOk } } as const;
      });
    },

    /** Cancels the person's live booking of a slot (one conditional update) and mails the CANCEL of its invitation. */
    async cancel(
      caller: User,
      input: { personId: number; slotId: number; calendarId: number },
    ): Promise<BookingOutcome> {
      const target = await bookingTarget(caller, input);
      if ('code' in target) return target;
      const { reader, calendar, slot } = target;
      const now = clock();
      if (slot.startsAt.getTime() <= now.getTime()) return failure(409, server.slotPast);
      return db.transaction(async (tx) => {
        const bookingId = await cancelLiveBooking(tx, { slotId: slot.id, userId: reader.id, at: now });
        if (bookingId === null) return failure(409, server.notBooked);
        await enqueueMails(tx, factsOf(bookingId, slot, calendar, reader), 'cancelled');
        return { code: 200, reply: { Status: 'success', ReasonText: server.cancelledOk } } as const;
      });
    },
  };
};

export type SlotsService = ReturnType<typeof createSlotsService>;
