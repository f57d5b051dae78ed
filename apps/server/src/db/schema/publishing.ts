// ---------------------------------------------------------------------------------------------------------
// Publishing (issue 23): publish alerts sent once per reader and report, and stamped copies of PDFs (leak tracing).

import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { analysts, reports } from './catalogue.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One publish alert per reader and report: the primary key makes a retried or concurrent publish queue each
 * reader's mail at most once (insert ... on conflict do nothing, then mail only the rows inserted).
 */
export const reportAlerts = pgTable(
  'report_alerts',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the outbox row of the alert (null when the reader's person suppresses list mail)
    outboxId: integer('outbox_id'),
    queuedAt: at('queued_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId] })],
);

/**
 * A watermarked copy of a report's PDF, made for one reader and one file version: stored once (storage key) and
 * served again from storage; its `copyId` is the invisible mark inside the PDF, so a leaked copy names its reader.
 */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    copyId: text('copy_id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // who the copy was made for when there is no account (an e-mailed link's recipient)
    recipientEmail: text('recipient_email'),
    fileVersion: integer('file_version').notNull(),
    // a hash of the watermark settings and the reader's stamped text: a change makes a new copy
    stampHash: text('stamp_hash').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: at('created_at').notNull(),
    lastFetchedAt: at('last_fetched_at').notNull(),
    fetchCount: integer('fetch_count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('stamped_copies_reader_idx').on(
      t.reportId,
      t.userId,
      t.recipientEmail,
      t.fileVersion,
      t.stampHash,
    ),
    index('stamped_copies_report_idx').on(t.reportId),
  ],
);

/**
 * A reader following an analyst (issue 23, beyond the spec): the analyst's new reports are alerted to the reader
 * as to a sector's subscribers, where the reader may read them (publish-alerts.repository.ts). The reverse index
 * serves the alert query (the followers of a report's analysts).
 */
export const analystFollows = pgTable(
  'analyst_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    analystId: integer('analyst_id')
      .notNull()
      .references(() => analysts.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.analystId] }),
    index('analyst_follows_analyst_idx').on(t.analystId, t.userId),
  ],
);
