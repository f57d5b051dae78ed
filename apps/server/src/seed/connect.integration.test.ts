import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectLimits } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import {
  connectBookings,
  connectCalendars,
  connectCampaigns,
  connectEvents,
  connectRegistrations,
  connectReminders,
  connectSlots,
} from '../db/schema/connect.ts';
import { analystSectors, analysts, users } from '../db/schema/index.ts';
import { findGrantedSectorIdsOfUser } from '../modules/persons/matrix-grants.ts';
import { createStorage } from '../modules/storage/storage.ts';
import {
  createTestClock,
  createTestDatabase,
  silentLog,
  type TestDatabase,
  testConfig,
} from '../test/test-app.ts';
import { seedCatalogue } from './catalogue.ts';
import { connectSeed, slotSpanDays, slotStartsFor } from './connect.ts';
import { officeZones } from './connect-content.ts';
import { runPendingSeeds, type SeedContext } from './index.ts';
import { createPrng } from './prng.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

let database: TestDatabase;
let handle: DbHandle;
let dataDir: string;
let ctx: SeedContext;
let now: Date;

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
};
const weekday = (local: dayjs.Dayjs) => local.day() >= 1 && local.day() <= 5;
const userId = async (email: string) =>
  (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.open();
  await migrate(handle);
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-connect-'));
  const config = testConfig({ DATA_DIR: dataDir });
  const clock = createTestClock();
  now = clock();
  ctx = { db: handle.db, config, clock, log: silentLog, storage: createStorage(config) };
  // Every seed in its order, with the catalogue's analysts, sectors and subscriptions but none of its reports
  // (the blogs, which do not matter here, are left out).
  const later = ['site', 'crm', 'users-admin', 'blogs', 'connect'];
  await runPendingSeeds(ctx, { skip: ['catalogue', ...later] });
  await seedCatalogue(ctx, { reports: 0 });
  expect(await runPendingSeeds(ctx, { skip: ['catalogue', 'blogs'] })).toEqual([
    'site',
    'crm',
    'users-admin',
    'connect',
  ]);
}, 180_000);
afterAll(async () => {
  await handle?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('CONNECT demo seed', () => {
  it('makes three campaigns with upcoming and past events in their venues’ zones, one date to be confirmed', async () => {
    const campaigns = await handle.db.select().from(connectCampaigns);
    expect(campaigns).toHaveLength(3);
    const events = await handle.db.select().from(connectEvents);
    const analystRows = await handle.db.select().from(analysts);
    for (const campaign of campaigns) {
      const own = events.filter((e) => e.campaignId === campaign.id);
      expect(own.filter((e) => e.startsAt > now).length).toBeGreaterThanOrEqual(2);
      expect(own.filter((e) => e.startsAt < now).length).toBeGreaterThanOrEqual(1);
      expect(own.filter((e) => e.startsAt < now).length).toBeLessThanOrEqual(2);
    }
    const toBeConfirmed = events.filter((e) => e.typePickId === connectLimits.dateToBeConfirmedType);
    expect(toBeConfirmed).toHaveLength(1);
    expect(toBeConfirmed[0]!.startsAt > now).toBe(true);
    expect(events.filter((e) => e.typePickId === connectLimits.confirmedDateType).length).toBe(
      events.length - 1,
    );
    expect(new Set(events.map((e) => e.timeZone)).size).toBeGreaterThanOrEqual(5);
    for (const event of events) {
      expect(isZone(event.timeZone), event.timeZone).toBe(true);
      // on a working day at a plausible local hour in its own zone
      const local = dayjs(event.startsAt).tz(event.timeZone);
      expect(weekday(local), `${event.name} ${local.format()}`).toBe(true);
      expect(local.hour()).toBeGreaterThanOrEqual(8);
      expect(
        local.add(event.durationMinutes, 'minute').hour() * 60 +
          local.add(event.durationMinutes, 'minute').minute(),
      ).toBeLessThanOrEqual(18 * 60);
      expect(event.city).not.toBe('');
      expect(event.topic.length).toBeGreaterThan(150);
      expect(event.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/HarbourlineResearch-[a-z0-9-]+$/);
      expect(event.speakers.length).toBeGreaterThan(0);
      // analysts speak under their own name and title
      for (const speaker of event.speakers.filter((s) => s.analystId !== null)) {
        const analyst = analystRows.find((a) => a.id === speaker.analystId)!;
        expect([speaker.name, speaker.title]).toEqual([analyst.name, analyst.designation]);
      }
    }
    expect(new Set(events.map((e) => e.meetingUrl)).size).toBe(events.length);
    expect(events.flatMap((e) => e.speakers).some((s) => s.analystId === null)).toBe(true);
  });

  it('registers readers in both states: the client approved on one event and waiting on another, npi nowhere', async () => {
    const rows = await handle.db
      .select({
        registration: connectRegistrations,
        email: users.email,
        personId: users.personId,
        startsAt: connectEvents.startsAt,
      })
      .from(connectRegistrations)
      .innerJoin(users, eq(users.id, connectRegistrations.userId))
      .innerJoin(connectEvents, eq(connectEvents.id, connectRegistrations.eventId));
    const [admin] = await handle.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const upcomingOf = (email: string) =>
      rows.filter((r) => r.email === email && r.startsAt > now).map((r) => r.registration);
    const client = upcomingOf('client@demo.test');
    expect(client.filter((r) => r.approvedAt !== null)).toHaveLength(1);
    expect(client.filter((r) => r.approvedAt === null)).toHaveLength(1);
    expect(rows.filter((r) => r.email === 'npi@demo.test')).toEqual([]);
    // other readers than the demo accounts, on several events, in both states
    const others = rows.filter((r) => !r.email.endsWith('@demo.test'));
    expect(new Set(others.map((r) => r.email)).size).toBeGreaterThanOrEqual(5);
    const eventsWith = (approved: boolean) =>
      new Set(
        rows
          .filter((r) => (r.registration.approvedAt !== null) === approved)
          .map((r) => r.registration.eventId),
      );
    expect(eventsWith(true).size).toBeGreaterThanOrEqual(4);
    expect(eventsWith(false).size).toBeGreaterThanOrEqual(4);
    for (const { registration: r, personId, startsAt } of rows) {
      expect(r.personId).toBe(personId);
      expect(r.registeredAt.getTime()).toBeLessThan(Math.min(now.getTime(), startsAt.getTime()));
      if (r.approvedAt === null) {
        expect([r.approvedByUserId, r.approvedByName, r.meetingToken, r.meetingLinkSentAt]).toEqual([
          null,
          null,
          null,
          null,
        ]);
        continue;
      }
      expect(r.approvedByUserId).toBe(admin!.id);
      expect(r.approvedByName).toBe(`${admin!.firstName} ${admin!.lastName}`);
      expect(r.approvedAt.getTime()).toBeGreaterThan(r.registeredAt.getTime());
      expect(r.approvedAt.getTime()).toBeLessThan(Math.min(now.getTime(), startsAt.getTime()));
      expect(r.meetingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(r.meetingLinkSentAt).toEqual(r.approvedAt);
    }
    const tokens = rows.flatMap((r) => (r.registration.meetingToken ? [r.registration.meetingToken] : []));
    expect(new Set(tokens).size).toBe(tokens.length);
    // past events' automatic reminders count as sent; none of an upcoming event is
    const reminders = await handle.db.select().from(connectReminders);
    const past = rows.filter((r) => r.startsAt < now && r.registration.approvedAt);
    expect(reminders).toHaveLength(past.length * connectLimits.reminderLeadHours.length);
    for (const reminder of reminders)
      expect(past.map((r) => r.registration.id)).toContain(reminder.subjectId);
  });

  it('gives analysts a month of working-day slots in their office hours and zone, a few booked by subscribers', async () => {
    const calendars = await handle.db
      .select({ calendar: connectCalendars, analyst: analysts })
      .from(connectCalendars)
      .innerJoin(analysts, eq(analysts.id, connectCalendars.analystId));
    expect(calendars.length).toBeGreaterThanOrEqual(4);
    const slots = await handle.db.select().from(connectSlots);
    for (const { calendar, analyst } of calendars) {
      expect(analyst.jobCategory).toBe('Analysts');
      expect(calendar.timeZone).toBe(officeZones[analyst.country]);
      expect(isZone(calendar.timeZone)).toBe(true);
      const own = slots
        .filter((s) => s.calendarId === calendar.id)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      const days = new Set(own.map((s) => dayjs(s.startsAt).tz(calendar.timeZone).format('YYYY-MM-DD')));
      expect(days.size).toBeGreaterThanOrEqual(20);
      // from the next working day after the clock's date, for a month
      let next = dayjs(now).tz(calendar.timeZone).startOf('day').add(1, 'day');
      while (!weekday(next)) next = next.add(1, 'day');
      expect(dayjs(own[0]!.startsAt).tz(calendar.timeZone).format('YYYY-MM-DD')).toBe(
        next.format('YYYY-MM-DD'),
      );
      expect(own.at(-1)!.startsAt.getTime() - now.getTime()).toBeLessThan((slotSpanDays + 2) * 86_400_000);
      own.forEach((slot, i) => {
        const local = dayjs(slot.startsAt).tz(calendar.timeZone);
        expect(slot.startsAt > now).toBe(true);
        expect(weekday(local), local.format()).toBe(true);
        expect(local.hour()).toBeGreaterThanOrEqual(8);
        const end = local.add(slot.durationMinutes, 'minute');
        expect(end.hour() * 60 + end.minute()).toBeLessThanOrEqual(18 * 60);
        expect(slot.durationMinutes).toBe(30);
        // no overlap with the calendar's next slot
        const following = own[i + 1];
        if (following) expect(end.valueOf()).toBeLessThanOrEqual(following.startsAt.getTime());
      });
    }

    // The client subscribes to the sectors of at least two of them and not to at least one (the refusal).
    const clientSectors = await findGrantedSectorIdsOfUser(handle.db, await userId('client@demo.test'));
    const sectorRows = await handle.db
      .select()
      .from(analystSectors)
      .where(
        inArray(
          analystSectors.analystId,
          calendars.map((c) => c.analyst.id),
        ),
      );
    const clientMay = calendars.map(({ analyst }) =>
      sectorRows.some((s) => s.analystId === analyst.id && clientSectors.includes(s.sectorId)),
    );
    expect(clientMay.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(clientMay.filter((may) => !may).length).toBeGreaterThanOrEqual(1);

    // A few live bookings by readers of the CRM's firms who may book them, never by the demo accounts.
    const bookings = await handle.db
      .select({
        booking: connectBookings,
        slot: connectSlots,
        calendar: connectCalendars,
        email: users.email,
      })
      .from(connectBookings)
      .innerJoin(connectSlots, eq(connectSlots.id, connectBookings.slotId))
      .innerJoin(connectCalendars, eq(connectCalendars.id, connectSlots.calendarId))
      .innerJoin(users, eq(users.id, connectBookings.userId));
    expect(bookings.length).toBeGreaterThanOrEqual(4);
    expect(new Set(bookings.map((b) => b.calendar.id)).size).toBeGreaterThanOrEqual(3);
    for (const { booking, slot, calendar, email } of bookings) {
      expect(email.endsWith('@demo.test')).toBe(false);
      expect(booking.cancelledAt).toBeNull();
      expect(booking.bookedAt < now).toBe(true);
      // none due for an automatic reminder as soon as the demo starts
      expect(slot.startsAt.getTime()).toBeGreaterThan(now.getTime() + 2 * 86_400_000);
      const granted = await findGrantedSectorIdsOfUser(handle.db, booking.userId);
      expect(
        sectorRows.some((s) => s.analystId === calendar.analystId && granted.includes(s.sectorId)),
        email,
      ).toBe(true);
    }
    // every calendar keeps most of its slots free, and its last week entirely
    for (const { calendar } of calendars) {
      const own = slots.filter((s) => s.calendarId === calendar.id);
      const taken = bookings.filter((b) => b.calendar.id === calendar.id);
      expect(taken.length).toBeLessThan(own.length / 4);
      const lastWeek = own.filter((s) => s.startsAt.getTime() > now.getTime() + 21 * 86_400_000);
      expect(lastWeek.length).toBeGreaterThan(0);
      expect(taken.some((b) => lastWeek.some((s) => s.id === b.slot.id))).toBe(false);
    }
  });

  it('keeps office hours across a daylight-saving change and a weekend', () => {
    // Friday 8 March 2030, 23:00 in New York: clocks go forward on Sunday 10 March
    const friday = new Date('2030-03-09T04:00:00Z');
    const starts = slotStartsFor(createPrng(1), 'America/New_York', friday);
    expect(dayjs(starts[0]).tz('America/New_York').format('YYYY-MM-DD')).toBe('2030-03-11');
    for (const start of starts) {
      const local = dayjs(start).tz('America/New_York');
      expect(weekday(local)).toBe(true);
      expect(local.format('HH:mm')).toMatch(/^(09|10|11|14|15|16):(00|30)$/);
    }
  });

  it('is recorded once: the next start runs nothing, and running the module again adds nothing', async () => {
    const count = async () => ({
      campaigns: (await handle.db.select({ id: connectCampaigns.id }).from(connectCampaigns)).length,
      events: (await handle.db.select({ id: connectEvents.id }).from(connectEvents)).length,
      registrations: (await handle.db.select({ id: connectRegistrations.id }).from(connectRegistrations))
        .length,
      calendars: (await handle.db.select({ id: connectCalendars.id }).from(connectCalendars)).length,
      slots: (await handle.db.select({ id: connectSlots.id }).from(connectSlots)).length,
      bookings: (await handle.db.select({ id: connectBookings.id }).from(connectBookings)).length,
    });
    const before = await count();
    expect(await runPendingSeeds(ctx, { skip: ['catalogue', 'blogs'] })).toEqual([]);
    await connectSeed.run(ctx);
    expect(await count()).toEqual(before);
  });
});
