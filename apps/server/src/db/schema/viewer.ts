// ---------------------------------------------------------------------------------------------------------
// E-mailed report links (spec 1 sections 2.5 and 2.7): per-recipient access keys and device verification.

import {
  index as linkIndex,
  integer as linkInteger,
  primaryKey as linkPrimaryKey,
  pgTable as linkTable,
  text as linkText,
  timestamp as linkTimestamp,
  uniqueIndex as linkUniqueIndex,
} from 'drizzle-orm/pg-core';
import { users as linkUsers } from './accounts.ts';
import { reports as linkReports } from './catalogue.ts';

const linkAt = (name: string) => linkTimestamp(name, { withTimezone: true, mode: 'date' });

/** One report sent to one recipient; only the key's sha256 is stored. */
export const reportAccessKeys = linkTable(
  'report_access_keys',
  {
    id: linkInteger('id').primaryKey().generatedAlwaysAsIdentity(),
    reportId: linkInteger('report_id')
      .notNull()
      .references(() => linkReports.id, { onDelete: 'cascade' }),
    // lower-cased; the recipient may have no account
    recipientEmail: linkText('recipient_email').notNull(),
    userId: linkInteger('user_id').references(() => linkUsers.id, { onDelete: 'set null' }),
    keyHash: linkText('key_hash').notNull(),
    createdBy: linkInteger('created_by').references(() => linkUsers.id, { onDelete: 'set null' }),
    createdAt: linkAt('created_at').notNull(),
    expiresAt: linkAt('expires_at').notNull(),
    revokedAt: linkAt('revoked_at'),
    lastUsedAt: linkAt('last_used_at'),
  },
  (t) => [
    linkUniqueIndex('report_access_keys_hash_idx').on(t.keyHash),
    linkIndex('report_access_keys_report_idx').on(t.reportId),
    linkIndex('report_access_keys_recipient_idx').on(t.recipientEmail),
  ],
);

/** Mailed device-verification links: single use, expiring, stored hashed. */
export const deviceVerificationTokens = linkTable(
  'device_verification_tokens',
  {
    tokenHash: linkText('token_hash').primaryKey(),
    accessKeyId: linkInteger('access_key_id')
      .notNull()
      .references(() => reportAccessKeys.id, { onDelete: 'cascade' }),
    recipientEmail: linkText('recipient_email').notNull(),
    // The rfs link to return to, encrypted with a server secret: it carries the raw access key.
    returnLink: linkText('return_link').notNull(),
    createdAt: linkAt('created_at').notNull(),
    expiresAt: linkAt('expires_at').notNull(),
    usedAt: linkAt('used_at'),
  },
  (t) => [linkIndex('device_verification_tokens_key_idx').on(t.accessKeyId)],
);

/** A browser (the id in its signed device cookie) verified for one recipient's e-mail address. */
export const verifiedDevices = linkTable(
  'verified_devices',
  {
    deviceId: linkText('device_id').notNull(),
    recipientEmail: linkText('recipient_email').notNull(),
    verifiedAt: linkAt('verified_at').notNull(),
    expiresAt: linkAt('expires_at').notNull(),
    revokedAt: linkAt('revoked_at'),
  },
  (t) => [
    linkPrimaryKey({ columns: [t.deviceId, t.recipientEmail] }),
    linkIndex('verified_devices_recipient_idx').on(t.recipientEmail),
  ],
);

export type ReportAccessKey = typeof reportAccessKeys.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Report reading (H1): every access decision of the viewer, the file URLs and the admin download.

import {
  boolean as viewerBoolean,
  index as viewerIndex,
  integer as viewerInteger,
  pgTable as viewerTable,
  text as viewerText,
  timestamp as viewerTimestamp,
} from 'drizzle-orm/pg-core';

/**
 * One row per access decision (granted or refused). No foreign keys: the log outlives removed users and
 * reports, and a refusal may name a report that does not exist.
 */
export const reportAccessLog = viewerTable(
  'report_access_log',
  {
    id: viewerInteger('id').primaryKey().generatedAlwaysAsIdentity(),
    at: viewerTimestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    // open (GET /report), path (GET /reports/:id), file (GET /files), access (POST .../access/*), download
    action: viewerText('action').notNull(),
    // session, accessKey or admin
    via: viewerText('via').notNull(),
    granted: viewerBoolean('granted').notNull(),
    // why: entitled, freeAccess, admin, accessKey, anonymous, notEntitled, unknownReport, expired, ...
    reason: viewerText('reason').notNull(),
    userId: viewerInteger('user_id'),
    reportId: viewerInteger('report_id'),
    accessKeyId: viewerInteger('access_key_id'),
    // dAcsHighligted / dAcsFree kind, the user a PDF was stamped for, ...
    detail: viewerText('detail'),
  },
  (t) => [
    viewerIndex('report_access_log_report_idx').on(t.reportId, t.at),
    viewerIndex('report_access_log_user_idx').on(t.userId, t.at),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Reading progress (issue 11): how far each signed-in reader got in a report, for the home's "continue reading".

import {
  index as progressIndex,
  primaryKey as progressPrimaryKey,
  real as progressReal,
} from 'drizzle-orm/pg-core';

/**
 * The furthest point a reader reached in a report (0..1) and when they last read it. One row per reader and
 * report; a reader who reaches 90% has finished it. Rows go with the user or the report.
 */
export const reportReadingProgress = viewerTable(
  'report_reading_progress',
  {
    userId: viewerInteger('user_id')
      .notNull()
      .references(() => linkUsers.id, { onDelete: 'cascade' }),
    reportId: viewerInteger('report_id')
      .notNull()
      .references(() => linkReports.id, { onDelete: 'cascade' }),
    fraction: progressReal('fraction').notNull().default(0),
    updatedAt: viewerTimestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    progressPrimaryKey({ columns: [t.userId, t.reportId] }),
    progressIndex('report_reading_progress_user_idx').on(t.userId, t.updatedAt.desc()),
  ],
);
