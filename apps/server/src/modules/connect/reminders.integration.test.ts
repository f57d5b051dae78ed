import { connectLimits } from '@portal/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectBookings,
  connectCalendars,
  connectCampaigns,
  connectEvents,
  connectRegistrations,
  connectReminders,
  connectSlots,
} from '../../db/schema/connect.ts';
import { analysts, emailOutbox, users } from '../../db/schema/index.ts';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { createTestApp, silentLog, type TestApp } from '../../test/test-app.ts';
import { createConnectReminders, reminderDue, reminderWindows } from './reminders.ts';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

describe('reminder windows (pure)', () => {
  const start = new Date('2030-02-01T12:00:00Z');
  const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR_MS);
  const [day, hour] = reminderWindows();

  it('orders the lead times from the longest, each ending where the next begins', () => {
    expect(reminderWindows()).toEqual([
      { lead: 24, next: 1 },
      { lead: 1, next: 0 },
    ]);
  });

  it('is due from the lead time until the next one, only for a subject made before it', () => {
    const made = at(48);
    expect(reminderDue({ start, madeAt: made, now: at(24.01), ...day! })).toBe(false);
    expect(reminderDue({ start, madeAt: made, now: at(24), ...day! })).toBe(true);
    expect(reminderDue({ start, madeAt: made, now: at(1.01), ...day! })).toBe(true);
    // once the 1 h reminder is due, the 24 h one is stale
    expect(reminderDue({ start, madeAt: made, now: at(1), ...day! })).toBe(false);
    expect(reminderDue({ start, madeAt: made, now: at(1), ...hour! })).toBe(true);
    expect(reminderDue({ start, madeAt: made, now: start, ...hour! })).toBe(false);
    // booked 30 minutes ahead: none; 2 hours ahead: the 1 h one only
    expect(reminderDue({ start, madeAt: at(0.5), now: at(0.4), ...hour! })).toBe(false);
    expect(reminderDue({ start, madeAt: at(2), now: at(1), ...hour! })).toBe(true);
    expect(reminderDue({ start, madeAt: at(2), now: at(1.5), ...day! })).toBe(false);
  });
});

/**
 * Automatic reminders (issue 15): 24 h and 1 h before each live booking and approved event, once each, with the
 * invitation; two processes running a pass at once still send each reminder once (a real race on PostgreSQL).
 */
describe('automatic CONNECT reminders', () => {
  let t: TestApp;
  let calendar: number;
  let event: number;
  let readers: number[] = [];
  const T0 = new Date('2030-01-15T09:00:00.000Z');
  const after = (ms: number) => new Date(T0.getTime() + ms);

  const reminders = () =>
    createConnectReminders({
      db: t.db,
      clock: t.clock,
      log: silentLog,
      firm: t.config.firm,
      publicUrl: t.config.publicUrl,
      outbox: t.app.services.outbox,
    });
  const slotBooked = async (startsAt: Date, bookedAt: Date, userId = readers[0]!) => {
    const [slot] = await t.db
      .insert(connectSlots)
      .values({ calendarId: calendar, startsAt, durationMinutes: 30 })
      .returning({ id: connectSlots.id });
    const [booking] = await t.db
      .insert(connectBookings)
      .values({ slotId: slot!.id, userId, bookedAt })
      .returning({ id: connectBookings.id });
    return booking!.id;
  };
  const mails = () => t.db.select().from(emailOutbox).orderBy(emailOutbox.id);

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    const analyst = await f.analyst('Rita Reminder');
    await t.db.update(analysts).set({ email: 'rita@firm.test' }).where(eq(analysts.id, analyst));
    const [cal] = await t.db
      .insert(connectCalendars)
      .values({ analystId: analyst, timeZone: 'Europe/Paris' })
      .returning({ id: connectCalendars.id });
    calendar = cal!.id;
    const [campaign] = await t.db
      .insert(connectCampaigns)
      .values({ title: 'Reminder campaign' })
      .returning({ id: connectCampaigns.id });
    const [row] = await t.db
      .insert(connectEvents)
      .values({
        campaignId: campaign!.id,
        name: 'Copper outlook',
        startsAt: after(30 * HOUR_MS),
        timeZone: 'Asia/Singapore',
        typePickId: connectLimits.confirmedDateType,
      })
      .returning({ id: connectEvents.id });
    event = row!.id;
    readers = [];
    for (let i = 0; i < 20; i += 1) readers.push(await f.user(`reminded${i}@reader.test`));
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(connectBookings);
    await t.db.delete(connectSlots);
    await t.db.delete(connectRegistrations);
    await t.db.delete(connectReminders);
    await t.db.delete(emailOutbox);
  });

  it('sends the 24 h and the 1 h reminders of a booking and an approved registration once each', async () => {
    const booking = await slotBooked(after(30 * HOUR_MS), T0);
    const [registration] = await t.db
      .insert(connectRegistrations)
      .values({ eventId: event, userId: readers[1]!, registeredAt: T0, approvedAt: T0 })
      .returning({ id: connectRegistrations.id });
    // a pending registration and a cancelled booking are never reminded
    await t.db.insert(connectRegistrations).values({ eventId: event, userId: readers[2]!, registeredAt: T0 });
    const cancelled = await slotBooked(after(30 * HOUR_MS + 30 * MINUTE_MS), T0, readers[3]);
    await t.db.update(connectBookings).set({ cancelledAt: T0 }).where(eq(connectBookings.id, cancelled));

    const worker = reminders();
    expect(await worker.runDue(after(5 * HOUR_MS))).toEqual({ event: 0, slot: 0 });
    expect(await worker.runDue(after(6 * HOUR_MS))).toEqual({ event: 1, slot: 1 });
    expect(await worker.runDue(after(6 * HOUR_MS + MINUTE_MS))).toEqual({ event: 0, slot: 0 });
    const day = await mails();
    const reader = await t.db.select().from(users).where(eq(users.id, readers[0]!));
    const registrant = await t.db.select().from(users).where(eq(users.id, readers[1]!));
    expect(day.map((m) => m.to).sort()).toEqual(
      [reader[0]!.email, 'rita@firm.test', registrant[0]!.email].sort(),
    );
    const slotMail = day.find((m) => m.to === 'rita@firm.test')!;
    expect(slotMail.subject).toContain('Reminder');
    const ics = new ICAL.Component(ICAL.parse(slotMail.calendar!.content));
    const vevent = ics.getFirstSubcomponent('vevent')!;
    expect(ics.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vevent.getFirstPropertyValue('uid')).toBe(`connect-slot-booking-${booking}@portal.test`);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Paris');
    const eventMail = day.find((m) => m.to === registrant[0]!.email)!;
    expect(eventMail.text).toContain('/connect/join/');
    expect(eventMail.calendar?.method).toBe('REQUEST');
    // the approval screen shows the link sent and the reminder, as after an admin's reminder
    const [reminded] = await t.db
      .select()
      .from(connectRegistrations)
      .where(eq(connectRegistrations.id, registration!.id));
    expect(reminded!.lastRemindedAt).toEqual(after(6 * HOUR_MS));
    expect(reminded!.meetingLinkSentAt).toEqual(after(6 * HOUR_MS));

    expect(await worker.runDue(after(29 * HOUR_MS))).toEqual({ event: 1, slot: 1 });
    expect(await worker.runDue(after(29 * HOUR_MS + 10 * MINUTE_MS))).toEqual({ event: 0, slot: 0 });
    expect(await mails()).toHaveLength(6);
    expect(
      (await t.db.select().from(connectReminders))
        .map((r) => `${r.kind}:${r.subjectId}:${r.leadHours}`)
        .sort(),
    ).toEqual(
      [
        `event:${registration!.id}:1`,
        `event:${registration!.id}:24`,
        `slot:${booking}:1`,
        `slot:${booking}:24`,
      ].sort(),
    );
  });

  it('skips a lead time that had begun when the slot was booked', async () => {
    // booked 30 minutes ahead: nothing; booked 2 hours ahead: the 1 h reminder only
    await slotBooked(after(30 * MINUTE_MS), T0);
    await slotBooked(after(2 * HOUR_MS), T0, readers[1]);
    const worker = reminders();
    expect(await worker.runDue(after(MINUTE_MS))).toEqual({ event: 0, slot: 0 });
    expect(await worker.runDue(after(HOUR_MS))).toEqual({ event: 0, slot: 1 });
    expect((await t.db.select().from(connectReminders)).map((r) => r.leadHours)).toEqual([1]);
  });

  it('sends each reminder once when two processes run a pass at the same time', async () => {
    const bookings: number[] = [];
    for (let i = 0; i < readers.length; i += 1) {
      bookings.push(await slotBooked(after(25 * HOUR_MS + i * MINUTE_MS), T0, readers[i]));
    }
    const now = after(2 * HOUR_MS);
    const [a, b] = await Promise.all([reminders().runDue(now), reminders().runDue(now)]);
    expect(a.slot + b.slot).toBe(readers.length);
    // each booking: its reader and the analyst, once
    const sent = await mails();
    expect(sent).toHaveLength(readers.length * 2);
    expect(sent.filter((m) => m.to === 'rita@firm.test')).toHaveLength(readers.length);
    expect(await t.db.select().from(connectReminders)).toHaveLength(readers.length);
  });
});
