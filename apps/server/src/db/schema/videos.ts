// Video replays with time-coded transcripts (issue 25; spec 2 section 3 "Video", spec 3 section 7 "Videos").
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { analysts, reports, sectors } from './catalogue.ts';
import { connectEvents } from './connect.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One transcript line as stored (the spec's entry: id, text, instances[0].start and end as h:m:s). */
export interface StoredTranscriptEntry {
  id: string;
  text: string;
  instances: { start: string; end: string }[];
}

/**
 * A replay: its file in storage (video_key), its transcript (null: none yet) with a version that every save
 * raises (two admins' edits: the later save must name the version it started from), and what it records: a
 * CONNECT event or a report. Who may watch it follows what it records, like a report: the report's free access and
 * sectors, else the event's sectors (connect_event_sectors), else its own (free_access, video_sectors).
 */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // the CRM's document id (spec: doc_id)
    docId: text('doc_id').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverage: text('coverage').notNull().default(''),
    publishedAt: at('published_at').notNull(),
    videoKey: text('video_key').notNull(),
    durationSeconds: real('duration_seconds'),
    freeAccess: boolean('free_access').notNull().default(false),
    // the CONNECT event it is the replay of, if any
    eventId: integer('event_id').references(() => connectEvents.id, { onDelete: 'set null' }),
    // the report it goes with, if any (its rule decides who may watch)
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    // the player's message (spec: msg), stored sanitised HTML; read through sanitizeStoredHtml again
    message: text('message'),
    transcript: jsonb('transcript').$type<StoredTranscriptEntry[]>(),
    transcriptVersion: integer('transcript_version').notNull().default(0),
    transcriptUpdatedAt: at('transcript_updated_at'),
  },
  (t) => [
    index('videos_published_idx').on(t.publishedAt),
    check('videos_transcript_version_check', sql`${t.transcriptVersion} >= 0`),
  ],
);

export const videoSectors = pgTable(
  'video_sectors',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.sectorId] })],
);

export const videoAnalysts = pgTable(
  'video_analysts',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    analystId: integer('analyst_id')
      .notNull()
      .references(() => analysts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.analystId] })],
);

/** A reader's saved replays (the side panel's Saved). */
export const savedVideos = pgTable(
  'saved_videos',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/**
 * Watch time per reader and replay, from the player's heartbeats: seconds watched (summed, each heartbeat adds at
 * most its interval), the furthest point reached and the last position (where the reader comes back to).
 */
export const videoWatch = pgTable(
  'video_watch',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    secondsWatched: real('seconds_watched').notNull().default(0),
    furthestSecond: real('furthest_second').notNull().default(0),
    lastPosition: real('last_position').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('video_watch_video_idx').on(t.videoId)],
);
