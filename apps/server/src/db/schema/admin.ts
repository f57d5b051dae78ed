// Users management (issue 13): the administrators' audit log and the forwards of the Terms (5 per user a month).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { persons } from './crm.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every administrator's action on a user or person (status, removal, import, matrix change, new password...):
 * who, when, what. Ids, not foreign keys, for the actor and the website user: the log outlives them.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    targetPersonId: integer('target_person_id').references(() => persons.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('admin_audit_log_person_idx').on(t.targetPersonId, t.createdAt),
    index('admin_audit_log_user_idx').on(t.targetUserId, t.createdAt),
  ],
);

/**
 * Forwards used per user and calendar month (UTC, 'YYYY-MM'): one atomic upsert that only counts while below the
 * limit decides whether a forward may go, so concurrent forwards cannot pass it.
 */
export const forwardCounts = pgTable(
  'forward_counts',
  {
    userId: integer('user_id').notNull(),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Each forward: who sent which report to whom, through which access key. */
export const reportForwards = pgTable(
  'report_forwards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderUserId: integer('sender_user_id').notNull(),
    reportId: integer('report_id').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    accessKeyId: integer('access_key_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('report_forwards_sender_idx').on(t.senderUserId, t.createdAt),
    index('report_forwards_report_idx').on(t.reportId),
  ],
);
