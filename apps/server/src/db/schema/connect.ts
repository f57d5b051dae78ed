// CONNECT (issue 15; spec 3 sections 2 to 9): campaigns and their events, the readers' registrations and their
// approval, the analysts' appointment calendars with their slots, the bookings, and the automatic reminders sent.
// The rules that must hold under concurrency live here as constraints: one registration per reader and event,
// one live booking per slot, one reminder per subject and lead time.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { analysts, sectors } from './catalogue.ts';
import { persons } from './crm.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A campaign (the spec's iCMP_Id, sCmpTitle) groups events. */
export const connectCampaigns = pgTable('connect_campaigns', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export interface ConnectSpeakerRow {
  name: string;
  title: string;
  /** an analyst of Our People, when the speaker is one */
  analystId: number | null;
}

/** An event of a campaign (the spec's "Connect event", iCAE_Id). */
export const connectEvents = pgTable(
  'connect_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => connectCampaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // plain text, paragraphs separated by blank lines
    topic: text('topic').notNull().default(''),
    speakers: jsonb('speakers').$type<ConnectSpeakerRow[]>().notNull().default(sql`'[]'::jsonb`),
    // the start (dUTC_EvtDate); for a date-to-be-confirmed event, the provisional one
    startsAt: at('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    // IANA zone of the venue: the local date (dLocale_EvtDate) is the start in this zone
    timeZone: text('time_zone').notNull(),
    city: text('city').notNull().default(''),
    // iEvtType_PikId: 2118400009 means the date is to be confirmed
    typePickId: integer('type_pick_id').notNull(),
    // the storage key of the replaced banner (re-encoded PNG), null for the default one
    bannerKey: text('banner_key'),
    // the conference room the unique meeting links lead to
    meetingUrl: text('meeting_url'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('connect_events_start_idx').on(t.startsAt),
    index('connect_events_campaign_idx').on(t.campaignId, t.startsAt),
    check('connect_events_duration_check', sql`${t.durationMinutes} between 5 and 1440`),
  ],
);

/**
 * The sectors an event is about: its replay is for the readers of these sectors (issue 25), as a report's file is
 * for the readers of its sectors.
 */
export const connectEventSectors = pgTable(
  'connect_event_sectors',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => connectEvents.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sectorId] })],
);

/**
 * A reader's registration for an event (the spec's registrant). Pending while it has no approver. The unique pair
 * makes a second registration a no-op whatever the interleaving; approving is one conditional update (approved_at
 * is null), so concurrent approvals of one registrant approve, and mail, once.
 */
export const connectRegistrations = pgTable(
  'connect_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => connectEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    registeredAt: at('registered_at').notNull(),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    approvedAt: at('approved_at'),
    // the unique meeting link's token (random, URL-safe); a new one replaces the old
    meetingToken: text('meeting_token'),
    meetingLinkSentAt: at('meeting_link_sent_at'),
    lastRemindedAt: at('last_reminded_at'),
  },
  (t) => [
    unique('connect_registrations_event_user_key').on(t.eventId, t.userId),
    uniqueIndex('connect_registrations_token_idx').on(t.meetingToken),
    index('connect_registrations_user_idx').on(t.userId),
  ],
);

/** An analyst's appointment calendar (the spec's analyst object, iCAO_ObjId), in the analyst's own zone. */
export const connectCalendars = pgTable(
  'connect_calendars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    analystId: integer('analyst_id')
      .notNull()
      .references(() => analysts.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [unique('connect_calendars_analyst_key').on(t.analystId)],
);

/** A one-to-one appointment slot of a calendar (the spec's appointment "Event", iCAE_Id). */
export const connectSlots = pgTable(
  'connect_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => connectCalendars.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
  },
  (t) => [
    unique('connect_slots_calendar_start_key').on(t.calendarId, t.startsAt),
    index('connect_slots_start_idx').on(t.startsAt),
    check('connect_slots_duration_check', sql`${t.durationMinutes} between 5 and 480`),
  ],
);

/**
 * A booking of a slot (the spec's "Connect booking"). At most one live booking per slot, enforced by the partial
 * unique index: booking is one insert that either wins it or conflicts. A cancelled booking keeps its row (the
 * calendar CANCEL names its UID); `sequence` orders the invitation's updates.
 */
export const connectBookings = pgTable(
  'connect_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => connectSlots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    bookedAt: at('booked_at').notNull(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('connect_bookings_live_slot_idx').on(t.slotId).where(sql`${t.cancelledAt} is null`),
    index('connect_bookings_user_idx').on(t.userId),
  ],
);

/**
 * Automatic reminders already claimed: one row per subject (an approved registration or a live booking) and lead
 * time. A process claims a reminder by inserting its row (on conflict nothing) in the transaction that writes the
 * mail to the outbox, so any number of processes send each reminder once.
 */
export const connectReminders = pgTable(
  'connect_reminders',
  {
    kind: text('kind', { enum: ['event', 'slot'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    leadHours: integer('lead_hours').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId, t.leadHours] }),
    check('connect_reminders_kind_check', sql`${t.kind} in ('event', 'slot')`),
  ],
);
