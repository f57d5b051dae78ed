import { connectLimits } from '@portal/contract';
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  connectCampaigns,
  connectEvents,
  connectRegistrations,
  firms,
  persons,
  users,
} from '../../db/schema/index.ts';

/** An event is open for registration (and listed) until it ends, or while its date is to be confirmed. */
const isUpcoming = (now: Date): SQL =>
  or(
    eq(connectEvents.typePickId, connectLimits.dateToBeConfirmedType),
    sql`${connectEvents.startsAt} + ${connectEvents.durationMinutes} * interval '1 minute' > ${now}`,
  )!;

const eventColumns = {
  id: connectEvents.id,
  campaignId: connectEvents.campaignId,
  campaignTitle: connectCampaigns.title,
  name: connectEvents.name,
  topic: connectEvents.topic,
  speakers: connectEvents.speakers,
  startsAt: connectEvents.startsAt,
  durationMinutes: connectEvents.durationMinutes,
  timeZone: connectEvents.timeZone,
  city: connectEvents.city,
  typePickId: connectEvents.typePickId,
  bannerKey: connectEvents.bannerKey,
};

/** An event with the caller's registration (null when the caller has none). */
const eventWithRegistration = {
  ...eventColumns,
  registrationId: connectRegistrations.id,
  approvedAt: connectRegistrations.approvedAt,
};

const withCallerRegistration = (userId: number) =>
  and(eq(connectRegistrations.eventId, connectEvents.id), eq(connectRegistrations.userId, userId));

/**
 * The upcoming events with the caller's registration, in one statement: campaigns in the order of their first
 * listed event, events by start within their campaign.
 */
export const listUpcomingEvents = (db: Executor, userId: number, now: Date) =>
  db
    .select(eventWithRegistration)
    .from(connectEvents)
    .innerJoin(connectCampaigns, eq(connectCampaigns.id, connectEvents.campaignId))
    .leftJoin(connectRegistrations, withCallerRegistration(userId))
    .where(isUpcoming(now))
    .orderBy(
      sql`min(${connectEvents.startsAt}) over (partition by ${connectEvents.campaignId})`,
      asc(connectEvents.campaignId),
      asc(connectEvents.startsAt),
      asc(connectEvents.id),
    );

export type EventRow = Awaited<ReturnType<typeof listUpcomingEvents>>[number];

/** One event, past ones too, with the caller's registration. */
export const findEventFor = async (db: Executor, eventId: number, userId: number) => {
  const rows = await db
    .select(eventWithRegistration)
    .from(connectEvents)
    .innerJoin(connectCampaigns, eq(connectCampaigns.id, connectEvents.campaignId))
    .leftJoin(connectRegistrations, withCallerRegistration(userId))
    .where(eq(connectEvents.id, eventId))
    .limit(1);
  return rows[0] ?? null;
};

/** Of the given events, which exist and which of those are still open for registration. */
export const eventsOpenForRegistration = async (db: Executor, eventIds: number[], now: Date) => {
  const rows = await db
    .select({ id: connectEvents.id, open: sql<boolean>`${isUpcoming(now)}` })
    .from(connectEvents)
    .where(inArray(connectEvents.id, eventIds));
  return new Map(rows.map((row) => [row.id, Boolean(row.open)]));
};

/** Registers the user for each event; an existing registration (the unique pair) is left as it is. */
export const insertRegistrations = (
  db: Executor,
  rows: Array<{ eventId: number; userId: number; personId: number | null; registeredAt: Date }>,
) => db.insert(connectRegistrations).values(rows).onConflictDoNothing();

export const findEventInCampaign = async (db: Executor, campaignId: number, eventId: number) => {
  const rows = await db
    .select(eventColumns)
    .from(connectEvents)
    .innerJoin(connectCampaigns, eq(connectCampaigns.id, connectEvents.campaignId))
    .where(eq(connectEvents.id, eventId))
    .limit(1);
  const event = rows[0];
  if (!event) return { kind: 'unknownEvent' as const };
  if (event.campaignId !== campaignId) return { kind: 'otherCampaign' as const };
  return { kind: 'found' as const, event };
};

export type CampaignEvent = Extract<
  Awaited<ReturnType<typeof findEventInCampaign>>,
  { kind: 'found' }
>['event'];

/**
 * The events that have registrants, with their pending and approved counts, in one statement: upcoming events
 * first (by start), then past ones (latest first); campaigns in the order of their first event so listed.
 */
export const listApprovalEvents = (db: Executor, now: Date) => {
  const upcoming = isUpcoming(now);
  const rank = sql`case when ${upcoming} then 0 else 1 end`;
  const order = sql`case when ${upcoming} then extract(epoch from ${connectEvents.startsAt}) else -extract(epoch from ${connectEvents.startsAt}) end`;
  return db
    .select({
      id: connectEvents.id,
      campaignId: connectEvents.campaignId,
      campaignTitle: connectCampaigns.title,
      name: connectEvents.name,
      startsAt: connectEvents.startsAt,
      typePickId: connectEvents.typePickId,
      pending: sql<number>`(count(*) filter (where ${connectRegistrations.approvedAt} is null))::int`,
      approved: sql<number>`(count(*) filter (where ${connectRegistrations.approvedAt} is not null))::int`,
      rank: sql<number>`min(${rank})`,
      order: sql<number>`min(${order})`,
    })
    .from(connectEvents)
    .innerJoin(connectCampaigns, eq(connectCampaigns.id, connectEvents.campaignId))
    .innerJoin(connectRegistrations, eq(connectRegistrations.eventId, connectEvents.id))
    .groupBy(connectEvents.id, connectCampaigns.id)
    .orderBy(sql`${rank}`, sql`${order}`, asc(connectEvents.id));
};

/** The registrants of an event with their user, person, firm and approver. */
export const listRegistrants = async (db: Executor, eventId: number) =>
  db
    .select({
      id: connectRegistrations.id,
      personId: connectRegistrations.personId,
      userId: connectRegistrations.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userCompany: users.companyName,
      firmName: firms.name,
      registeredAt: connectRegistrations.registeredAt,
      approvedByUserId: connectRegistrations.approvedByUserId,
      approvedByName: connectRegistrations.approvedByName,
      approvedAt: connectRegistrations.approvedAt,
      meetingToken: connectRegistrations.meetingToken,
      meetingLinkSentAt: connectRegistrations.meetingLinkSentAt,
    })
    .from(connectRegistrations)
    .innerJoin(users, eq(users.id, connectRegistrations.userId))
    .leftJoin(persons, eq(persons.id, connectRegistrations.personId))
    .leftJoin(firms, eq(firms.id, persons.firmId))
    .where(eq(connectRegistrations.eventId, eventId))
    .orderBy(asc(connectRegistrations.registeredAt), asc(connectRegistrations.id));

/** Of the given registration ids, those that are registrations for the event (and whether approved). */
export const registrationsOfEvent = async (db: Executor, eventId: number, ids: number[]) =>
  db
    .select({ id: connectRegistrations.id, approvedAt: connectRegistrations.approvedAt })
    .from(connectRegistrations)
    .where(and(eq(connectRegistrations.eventId, eventId), inArray(connectRegistrations.id, ids)));

/**
 * Approves the pending ones among the given registrations of the event in ONE conditional update: under any
 * interleaving of concurrent approvals a registration is approved by exactly one of them (a concurrent update
 * waits on the row's lock, then finds approved_at set and skips it), and only the rows returned here are mailed.
 */
export const approvePending = (
  db: Executor,
  eventId: number,
  ids: number[],
  approver: { userId: number; name: string },
  now: Date,
) =>
  db
    .update(connectRegistrations)
    .set({ approvedAt: now, approvedByUserId: approver.userId, approvedByName: approver.name })
    .where(
      and(
        eq(connectRegistrations.eventId, eventId),
        inArray(connectRegistrations.id, ids),
        isNull(connectRegistrations.approvedAt),
      ),
    )
    .returning({ id: connectRegistrations.id });

/**
 * The registration's meeting token, created with the given one if it has none yet: one statement, so concurrent
 * callers all get the same token. Approved registrations only; null otherwise.
 */
export const ensureMeetingToken = async (db: Executor, registrationId: number, candidate: string) => {
  const rows = await db
    .update(connectRegistrations)
    .set({ meetingToken: sql`coalesce(${connectRegistrations.meetingToken}, ${candidate})` })
    .where(and(eq(connectRegistrations.id, registrationId), isNotNull(connectRegistrations.approvedAt)))
    .returning({ token: connectRegistrations.meetingToken });
  return rows[0]?.token ?? null;
};

/** Who a registration's mail goes to. */
export const registrationRecipients = (db: Executor, ids: number[]) =>
  db
    .select({
      id: connectRegistrations.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(connectRegistrations)
    .innerJoin(users, eq(users.id, connectRegistrations.userId))
    .where(inArray(connectRegistrations.id, ids))
    .orderBy(asc(connectRegistrations.id));

export const markLinkSent = (db: Executor, ids: number[], now: Date) =>
  db
    .update(connectRegistrations)
    .set({ meetingLinkSentAt: now })
    .where(inArray(connectRegistrations.id, ids));

export const markReminded = (db: Executor, ids: number[], now: Date) =>
  db
    .update(connectRegistrations)
    .set({ lastRemindedAt: now, meetingLinkSentAt: now })
    .where(inArray(connectRegistrations.id, ids));

/** The approved registration of a meeting token, with its event. */
export const findByMeetingToken = async (db: Executor, token: string) => {
  const rows = await db
    .select({
      ...eventColumns,
      meetingUrl: connectEvents.meetingUrl,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(connectRegistrations)
    .innerJoin(connectEvents, eq(connectEvents.id, connectRegistrations.eventId))
    .innerJoin(connectCampaigns, eq(connectCampaigns.id, connectEvents.campaignId))
    .innerJoin(users, eq(users.id, connectRegistrations.userId))
    .where(and(eq(connectRegistrations.meetingToken, token), isNotNull(connectRegistrations.approvedAt)))
    .limit(1);
  return rows[0] ?? null;
};

/** Sets the event's banner key and answers the one it replaces (locked, so concurrent replacements queue). */
export const replaceBannerKey = async (db: Executor, eventId: number, key: string) => {
  const [old] = await db
    .select({ key: connectEvents.bannerKey })
    .from(connectEvents)
    .where(eq(connectEvents.id, eventId))
    .for('update');
  if (!old) return { found: false as const };
  await db.update(connectEvents).set({ bannerKey: key }).where(eq(connectEvents.id, eventId));
  return { found: true as const, oldKey: old.key };
};

export const eventExists = async (db: Executor, eventId: number) =>
  (
    await db
      .select({ id: connectEvents.id })
      .from(connectEvents)
      .where(eq(connectEvents.id, eventId))
      .limit(1)
  ).length > 0;
