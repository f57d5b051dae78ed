import { connectLimits } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../../db/client.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import type { Firm } from '../mail/templates.ts';
import type { Clock, Log } from '../runtime.ts';
import { bookingMails } from './booking-mail.ts';
import { eventReminderMail } from './event-mail.ts';
import { ensureMeetingToken, markReminded } from './events.repository.ts';
import { meetingLinkUrl, newMeetingToken } from './meeting-links.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Subjects claimed per kind and lead in one pass; the next pass (a minute later) takes the rest. */
const BATCH = 200;

export type ReminderKind = 'event' | 'slot';

/**
 * The lead times from the longest, each with the next shorter one (0 after the last). A reminder at lead L is due
 * from L hours before the start until the next shorter lead's time: once the 1 h reminder is due, a 24 h one not
 * yet sent (the server was down) is stale and is never sent.
 */
export const reminderWindows = (leads: readonly number[] = connectLimits.reminderLeadHours) => {
  const sorted = [...leads].sort((a, b) => b - a);
  return sorted.map((lead, i) => ({ lead, next: sorted[i + 1] ?? 0 }));
};

/**
 * Whether a reminder at `lead` hours is due `now` for a subject starting at `start` that was made (booked, or
 * approved) at `madeAt`. Pure: the SQL below says the same. A subject made after its lead time had begun gets no
 * reminder at that lead (a slot booked 30 minutes ahead gets none; one booked 2 hours ahead gets the 1 h one only).
 */
export const reminderDue = (input: { start: Date; madeAt: Date; now: Date; lead: number; next: number }) => {
  const leadAt = input.start.getTime() - input.lead * HOUR_MS;
  return (
    input.now.getTime() >= leadAt &&
    input.now.getTime() < input.start.getTime() - input.next * HOUR_MS &&
    input.madeAt.getTime() < leadAt
  );
};

interface SlotReminderRow {
  bookingId: number;
  startsAt: Date | string;
  durationMinutes: number;
  timeZone: string;
  analystName: string;
  analystEmail: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
}

interface EventReminderRow {
  registrationId: number;
  name: string;
  campaignTitle: string;
  startsAt: Date | string;
  durationMinutes: number;
  timeZone: string;
  typePickId: number;
  city: string;
  speakers: Array<{ name: string; title: string }>;
  firstName: string;
  lastName: string;
  email: string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const nameOf = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;

/**
 * Automatic reminders (issue 15): 24 hours and 1 hour (connectLimits.reminderLeadHours) before each approved
 * event (not date-to-be-confirmed) and each live booking. A reminder is claimed by inserting its connect_reminders
 * row (on conflict nothing) in the transaction that writes its mail to the outbox, so any number of processes
 * polling at once send each reminder once, and a mail is never written without its claim or the claim without
 * its mail. `runDue(now)` is one pass (tests call it with their own clock); `start` repeats it every `pollMs`.
 */
export const createConnectReminders = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  firm: Firm;
  publicUrl: string;
  outbox: Outbox;
  pollMs?: number;
}) => {
  const { db } = deps;
  const pollMs = deps.pollMs ?? 60_000;

  /** Claims one reminder: the row is inserted only while the subject still qualifies (live, approved). */
  const claim = async (tx: Executor, kind: ReminderKind, subjectId: number, lead: number, now: Date) => {
    const subject =
      kind === 'slot'
        ? sql`select id from connect_bookings where id = ${subjectId} and cancelled_at is null`
        : sql`select id from connect_registrations where id = ${subjectId} and approved_at is not null`;
    const rows = rowsOf<{ subject_id: number }>(
      await tx.execute(sql`
        insert into connect_reminders (kind, subject_id, lead_hours, sent_at)
        select ${kind}, s.id, ${lead}, ${now.toISOString()}::timestamptz from (${subject}) s
        on conflict do nothing
        returning subject_id`),
    );
    return rows.length > 0;
  };

  const dueSlots = async (now: Date, lead: number, next: number) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`
        select b.id
        from connect_bookings b
        join connect_slots s on s.id = b.slot_id
        where b.cancelled_at is null
          and s.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${lead})
          and s.starts_at > ${now.toISOString()}::timestamptz + make_interval(hours => ${next})
          and b.booked_at < s.starts_at - make_interval(hours => ${lead})
          and not exists (select 1 from connect_reminders r
                          where r.kind = 'slot' and r.subject_id = b.id and r.lead_hours = ${lead})
        order by s.starts_at, b.id
        limit ${BATCH}`),
    ).map((row) => row.id);

  const dueRegistrations = async (now: Date, lead: number, next: number) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`
        select r.id
        from connect_registrations r
        join connect_events e on e.id = r.event_id
        where r.approved_at is not null
          and e.type_pick_id <> ${connectLimits.dateToBeConfirmedType}
          and e.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${lead})
          and e.starts_at > ${now.toISOString()}::timestamptz + make_interval(hours => ${next})
          and r.approved_at < e.starts_at - make_interval(hours => ${lead})
          and not exists (select 1 from connect_reminders m
                          where m.kind = 'event' and m.subject_id = r.id and m.lead_hours = ${lead})
        order by e.starts_at, r.id
        limit ${BATCH}`),
    ).map((row) => row.id);

  const remindSlot = async (tx: Executor, bookingId: number) => {
    const [row] = rowsOf<SlotReminderRow>(
      await tx.execute(sql`
        select b.id as "bookingId", s.starts_at as "startsAt", s.duration_minutes as "durationMinutes",
               c.time_zone as "timeZone", a.name as "analystName", a.email as "analystEmail",
               u.first_name as "firstName", u.last_name as "lastName", u.email, u.company_name as "companyName"
        from connect_bookings b
        join connect_slots s on s.id = b.slot_id
        join connect_calendars c on c.id = s.calendar_id
        join analysts a on a.id = c.analyst_id
        join users u on u.id = b.user_id
        where b.id = ${bookingId}`),
    );
    if (!row) return;
    const mails = bookingMails(
      {
        bookingId: row.bookingId,
        start: asDate(row.startsAt),
        durationMinutes: row.durationMinutes,
        timeZone: row.timeZone,
        analyst: { name: row.analystName, email: row.analystEmail },
        reader: { name: nameOf(row), email: row.email, companyName: row.companyName },
        firm: deps.firm,
        publicUrl: deps.publicUrl,
      },
      'reminder',
    );
    for (const mail of mails) {
      await deps.outbox.enqueue(tx, mail.to, mail.content, mail.links, { calendar: mail.calendar });
    }
  };

  const remindRegistration = async (tx: Executor, registrationId: number, now: Date) => {
    const [row] = rowsOf<EventReminderRow>(
      await tx.execute(sql`
        select r.id as "registrationId", e.name, c.title as "campaignTitle", e.starts_at as "startsAt",
               e.duration_minutes as "durationMinutes", e.time_zone as "timeZone", e.type_pick_id as "typePickId",
               e.city, e.speakers, u.first_name as "firstName", u.last_name as "lastName", u.email
        from connect_registrations r
        join connect_events e on e.id = r.event_id
        join connect_campaigns c on c.id = e.campaign_id
        join users u on u.id = r.user_id
        where r.id = ${registrationId}`),
    );
    if (!row) return;
    // The registrant's own meeting link (the approval normally made it already).
    const token = await ensureMeetingToken(tx, registrationId, newMeetingToken());
    if (!token) return;
    const link = meetingLinkUrl(deps.publicUrl, token);
    const mail = eventReminderMail({
      firm: deps.firm,
      publicUrl: deps.publicUrl,
      event: {
        name: row.name,
        campaignTitle: row.campaignTitle,
        startsAt: asDate(row.startsAt),
        durationMinutes: row.durationMinutes,
        timeZone: row.timeZone,
        typePickId: row.typePickId,
        city: row.city,
        speakers: row.speakers,
      },
      registration: { id: row.registrationId, name: nameOf(row), email: row.email },
      link,
    });
    await deps.outbox.enqueue(tx, row.email, mail.content, [link], {
      ...(mail.calendar ? { calendar: mail.calendar } : {}),
    });
    // the approval screen's "Link sent" and last reminder say so, as after an admin's reminder
    await markReminded(tx, [registrationId], now);
  };

  /** One pass: claims and mails every reminder due at `now`. Answers how many of each kind it sent. */
  const runDue = async (now: Date = deps.clock()) => {
    const sent = { event: 0, slot: 0 };
    for (const { lead, next } of reminderWindows()) {
      for (const id of await dueSlots(now, lead, next)) {
        const claimed = await db.transaction(async (tx) => {
          if (!(await claim(tx, 'slot', id, lead, now))) return false;
          await remindSlot(tx, id);
          return true;
        });
        if (claimed) sent.slot += 1;
      }
      for (const id of await dueRegistrations(now, lead, next)) {
        const claimed = await db.transaction(async (tx) => {
          if (!(await claim(tx, 'event', id, lead, now))) return false;
          await remindRegistration(tx, id, now);
          return true;
        });
        if (claimed) sent.event += 1;
      }
    }
    return sent;
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const tick = async () => {
    try {
      const sent = await runDue();
      if (sent.event + sent.slot > 0) deps.log.info({ ...sent }, 'CONNECT reminders queued');
    } catch (error) {
      deps.log.error(
        { error: error instanceof Error ? error.message : String(error) },
        'CONNECT reminders pass failed',
      );
    }
    if (!stopped) timer = setTimeout(schedule, pollMs);
  };
  const schedule = () => {
    running = tick();
  };

  return {
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /** Stops polling and waits for the pass in flight. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};

export type ConnectReminders = ReturnType<typeof createConnectReminders>;
