import { connectLimits, matrixConstants } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.ts';
import {
  type ConnectSpeakerRow,
  connectBookings,
  connectCalendars,
  connectCampaigns,
  connectEvents,
  connectRegistrations,
  connectReminders,
  connectSlots,
} from '../db/schema/connect.ts';
import { analysts, users } from '../db/schema/index.ts';
import { newMeetingToken } from '../modules/connect/meeting-links.ts';
import { findEntries, writeEntries } from '../modules/persons/matrix.repository.ts';
import {
  type CampaignSeed,
  calendarAnalystIds,
  connectCampaignSeeds,
  connectRegistrationSeeds,
  type EventSeed,
  officeZones,
  slotBookerSeeds,
  slotStarts,
} from './connect-content.ts';
import { createPrng, type Prng } from './prng.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Days of appointment slots offered from the next working day (a month). */
export const slotSpanDays = 30;
const slotMinutes = 30;

const isWeekend = (day: dayjs.Dayjs) => day.day() === 0 || day.day() === 6;
/** The firm's offices close on Christmas Day and New Year's Day everywhere. */
const isClosed = (day: dayjs.Dayjs) => ['12-25', '01-01'].includes(day.format('MM-DD'));

/** The wall-clock `at` ('HH:mm') of `day` (a date in `zone`) as a UTC instant. */
const localInstant = (day: dayjs.Dayjs, at: string, zone: string) =>
  dayjs.tz(`${day.format('YYYY-MM-DD')} ${at}`, zone).toDate();

/** An event's start: `inDays` from the clock's date in the venue's zone, a weekend date moved to the Monday. */
export const eventStart = (seed: EventSeed, now: Date) => {
  let day = dayjs(now).tz(seed.timeZone).startOf('day').add(seed.inDays, 'day');
  while (isWeekend(day) || isClosed(day)) day = day.add(1, 'day');
  return localInstant(day, seed.at, seed.timeZone);
};

/** 'Harbourline Research' -> 'HarbourlineResearch': the prefix of the firm's meeting rooms. */
const roomPrefix = (firmName: string) =>
  firmName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** A meeting room that works without accounts (Jitsi Meet), one per event. */
export const meetingUrlOf = (firmName: string, slug: string) =>
  `https://meet.jit.si/${roomPrefix(firmName) || 'Research'}-${slug}`;

type AnalystRow = { id: number; name: string; designation: string; country: string };

const speakersOf = (seed: EventSeed, byId: Map<number, AnalystRow>): ConnectSpeakerRow[] =>
  seed.speakers.flatMap((speaker): ConnectSpeakerRow[] => {
    if (typeof speaker !== 'number') return [{ name: speaker.name, title: speaker.title, analystId: null }];
    const analyst = byId.get(speaker);
    return analyst ? [{ name: analyst.name, title: analyst.designation, analystId: analyst.id }] : [];
  });

const campaignTitle = (campaign: CampaignSeed, now: Date) =>
  campaign.title.replace('{Y}', String(now.getUTCFullYear()));

/** Campaigns, their events and the registrants (both states), unless this database has the demo's campaigns. */
const seedEvents = async (ctx: SeedContext, prng: Prng, now: Date, byId: Map<number, AnalystRow>) => {
  const { db } = ctx;
  const titles = connectCampaignSeeds.map((c) => campaignTitle(c, now));
  const [existing] = await db
    .select({ id: connectCampaigns.id })
    .from(connectCampaigns)
    .where(inArray(connectCampaigns.title, titles))
    .limit(1);
  if (existing) return;

  const eventIds = new Map<string, { id: number; startsAt: Date }>();
  for (const [index, campaign] of connectCampaignSeeds.entries()) {
    const [row] = await db
      .insert(connectCampaigns)
      .values({
        title: campaignTitle(campaign, now),
        createdAt: new Date(now.getTime() - (120 - index * 10) * DAY),
      })
      .returning({ id: connectCampaigns.id });
    const events = campaign.events.map((seed) => {
      const startsAt = eventStart(seed, now);
      return {
        campaignId: row!.id,
        name: seed.name.replace('{M}', dayjs(startsAt).tz(seed.timeZone).format('MMMM YYYY')),
        topic: seed.topic.join('\n\n'),
        speakers: speakersOf(seed, byId),
        startsAt,
        durationMinutes: seed.durationMinutes,
        timeZone: seed.timeZone,
        city: seed.city,
        typePickId: seed.toBeConfirmed
          ? connectLimits.dateToBeConfirmedType
          : connectLimits.confirmedDateType,
        meetingUrl: meetingUrlOf(ctx.config.firm.name, seed.slug),
        // announced a few weeks before (a past event, before it took place)
        createdAt: new Date(Math.min(startsAt.getTime(), now.getTime()) - prng.int(25, 45) * DAY),
      };
    });
    const inserted = await db
      .insert(connectEvents)
      .values(events)
      .returning({ id: connectEvents.id, startsAt: connectEvents.startsAt });
    for (const [i, seed] of campaign.events.entries()) eventIds.set(seed.slug, inserted[i]!);
  }

  const emails = [...new Set([...connectRegistrationSeeds.map((r) => r.email), 'admin@demo.test'])];
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      personId: users.personId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const admin = byEmail.get('admin@demo.test');
  const registrations = connectRegistrationSeeds.flatMap((seed) => {
    const user = byEmail.get(seed.email);
    const event = eventIds.get(seed.event);
    if (!user || !event) return [];
    // Registered some days before now, or before the day of a past event; approved hours later, before both.
    const before = Math.min(now.getTime(), event.startsAt.getTime());
    const registeredAt = new Date(before - seed.daysBefore * DAY - prng.int(30, 600) * MINUTE);
    const approved = seed.approved && admin !== undefined;
    const approvedAt = approved
      ? new Date(Math.min(registeredAt.getTime() + prng.int(2, 30) * HOUR, before - 10 * MINUTE))
      : null;
    return [
      {
        eventId: event.id,
        userId: user.id,
        personId: user.personId,
        registeredAt,
        approvedByUserId: approved ? admin.id : null,
        approvedByName: approved ? `${admin.firstName} ${admin.lastName}`.trim() : null,
        approvedAt,
        // random like every link the service makes: the token is the only credential of /connect/join
        meetingToken: approved ? newMeetingToken() : null,
        meetingLinkSentAt: approvedAt,
      },
    ];
  });
  if (registrations.length === 0) return;
  const inserted = await db
    .insert(connectRegistrations)
    .values(registrations)
    .onConflictDoNothing()
    .returning({
      id: connectRegistrations.id,
      eventId: connectRegistrations.eventId,
      approvedAt: connectRegistrations.approvedAt,
    });
  // The automatic reminders of past events went out at the time: recorded, so that none is ever sent late.
  const starts = new Map([...eventIds.values()].map((e) => [e.id, e.startsAt.getTime()]));
  const sent = inserted.flatMap((r) => {
    const start = starts.get(r.eventId)!;
    if (!r.approvedAt || start > now.getTime()) return [];
    return connectLimits.reminderLeadHours.map((leadHours) => ({
      kind: 'event' as const,
      subjectId: r.id,
      leadHours,
      sentAt: new Date(start - leadHours * HOUR),
    }));
  });
  if (sent.length > 0) await db.insert(connectReminders).values(sent).onConflictDoNothing();
};

/**
 * The working days' slots of one calendar: from the next working day after `now` in the analyst's zone, for
 * `slotSpanDays` days, a few 30-minute slots a day in office hours.
 */
export const slotStartsFor = (prng: Prng, zone: string, now: Date) => {
  const first = dayjs(now).tz(zone).startOf('day').add(1, 'day');
  const starts: Date[] = [];
  for (let offset = 0; offset < slotSpanDays; offset++) {
    const day = first.add(offset, 'day');
    if (isWeekend(day) || isClosed(day)) continue;
    const times = prng.sample(slotStarts, prng.int(3, 5)).sort();
    for (const at of times) starts.push(localInstant(day, at, zone));
  }
  return starts;
};

/**
 * Calendars of analysts who take bookings, each in their office's zone, with a month of slots, and a few slots
 * booked by readers of the CRM's firms who subscribe to the analyst's products.
 */
const seedCalendars = async (ctx: SeedContext, prng: Prng, now: Date, byId: Map<number, AnalystRow>) => {
  const { db } = ctx;
  const wanted = calendarAnalystIds.flatMap((id) => {
    const analyst = byId.get(id);
    const zone = analyst && officeZones[analyst.country];
    return analyst && zone ? [{ analystId: id, timeZone: zone }] : [];
  });
  if (wanted.length === 0) return;
  await db.insert(connectCalendars).values(wanted).onConflictDoNothing();
  const calendars = await db
    .select({
      id: connectCalendars.id,
      analystId: connectCalendars.analystId,
      timeZone: connectCalendars.timeZone,
    })
    .from(connectCalendars)
    .where(
      inArray(
        connectCalendars.analystId,
        wanted.map((w) => w.analystId),
      ),
    );
  const withSlots = new Set(
    (
      await db
        .selectDistinct({ calendarId: connectSlots.calendarId })
        .from(connectSlots)
        .where(
          inArray(
            connectSlots.calendarId,
            calendars.map((c) => c.id),
          ),
        )
    ).map((r) => r.calendarId),
  );
  // in the order of the content (the same prng draws on every fresh seed)
  const fresh = wanted.flatMap((w) => {
    const calendar = calendars.find((c) => c.analystId === w.analystId);
    return calendar && !withSlots.has(calendar.id) ? [calendar] : [];
  });
  if (fresh.length === 0) return;
  const slotRows = fresh.flatMap((calendar) =>
    slotStartsFor(prng, calendar.timeZone, now).map((startsAt) => ({
      calendarId: calendar.id,
      startsAt,
      durationMinutes: slotMinutes,
    })),
  );
  const slots = await db
    .insert(connectSlots)
    .values(slotRows)
    .onConflictDoNothing()
    .returning({ id: connectSlots.id, calendarId: connectSlots.calendarId, startsAt: connectSlots.startsAt });

  // Bookers: readers of the CRM's firms (never the demo accounts, whose bookings the browser tests make), each a
  // subscriber of the product their firm's contacts hold. The entry is added if they have none for it.
  const bookerUsers = await db
    .select({ id: users.id, email: users.email, personId: users.personId })
    .from(users)
    .where(
      inArray(
        users.email,
        slotBookerSeeds.map((b) => b.email),
      ),
    );
  // each analyst's sectors with the products above them (the matrix's parents)
  const productAnalysts = new Map<number, Set<number>>();
  const covering = rowsOf<{ analystId: number; productId: number }>(
    await db.execute(sql`select distinct s.analyst_id as "analystId", y.parent_id as "productId"
      from analyst_sectors s join matrix_items y on y.sector_id = s.sector_id
      where y.parent_id is not null`),
  );
  for (const row of covering)
    productAnalysts.set(
      row.productId,
      new Set([...(productAnalysts.get(row.productId) ?? []), row.analystId]),
    );
  const taken = new Set<number>();
  const bookings: (typeof connectBookings.$inferInsert)[] = [];
  for (const seed of slotBookerSeeds) {
    const user = bookerUsers.find((u) => u.email === seed.email);
    const covered = productAnalysts.get(seed.productId);
    if (!user?.personId || !covered) continue;
    const held = new Map((await findEntries(db, user.personId)).map((e) => [e.itemId, e.statusId]));
    if (!held.has(seed.productId))
      await writeEntries(db, user.personId, {
        upsert: [{ itemId: seed.productId, statusId: matrixConstants.subscriberZ }],
        remove: [],
        byUserId: null,
        at: new Date(now.getTime() - prng.int(120, 400) * DAY),
      });
    else if (held.get(seed.productId) !== matrixConstants.subscriberZ) continue;
    for (const calendar of fresh.filter((c) => covered.has(c.analystId))) {
      // two calls in the first fortnight: the later slots stay free for the readers (and the browser tests);
      // none in the next two days, whose automatic reminders would go out as soon as the demo starts
      const early = slots.filter(
        (s) =>
          s.calendarId === calendar.id &&
          !taken.has(s.id) &&
          s.startsAt.getTime() > now.getTime() + 2 * DAY &&
          s.startsAt.getTime() < now.getTime() + 14 * DAY,
      );
      for (const slot of prng.sample(early, 2)) {
        taken.add(slot.id);
        bookings.push({
          slotId: slot.id,
          userId: user.id,
          personId: user.personId,
          bookedAt: new Date(now.getTime() - prng.int(1, 6) * DAY - prng.int(10, 600) * MINUTE),
        });
      }
    }
  }
  if (bookings.length > 0) await db.insert(connectBookings).values(bookings).onConflictDoNothing();
};

/**
 * The CONNECT demo (issue 15): three campaigns with upcoming and past events (one date to be confirmed) in their
 * venues' zones, registrants pending and approved, and appointment calendars of five analysts in their offices'
 * zones with a month of slots, a few booked. Runs after the catalogue (analysts), the CRM (the matrix) and users
 * management (the readers who register and book); without the demo catalogue it does nothing, so that tests'
 * databases hold only the rows they make.
 */
export const connectSeed: SeedModule = {
  name: 'connect',
  async run(ctx) {
    const { db } = ctx;
    const now = ctx.clock();
    const rows = await db
      .select({
        id: analysts.id,
        name: analysts.name,
        designation: analysts.designation,
        country: analysts.country,
      })
      .from(analysts);
    if (rows.length === 0) {
      ctx.log.info({ module: 'connect' }, 'No demo catalogue: the CONNECT demo is not seeded');
      return;
    }
    const byId = new Map(rows.map((a) => [a.id, a]));
    const prng = createPrng(15_2026);
    await seedEvents(ctx, prng, now, byId);
    await seedCalendars(ctx, prng, now, byId);
  },
};
