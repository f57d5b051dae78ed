import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An iCalendar part of a mail: METHOD REQUEST (an invitation or its update) or CANCEL, and the VCALENDAR text. */
export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    // Copies and extra headers (issue 12: account managers copied; List-Unsubscribe on list mail).
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    // An iCalendar invitation sent as the text/calendar alternative (issue 15: CONNECT approvals and bookings).
    calendar: jsonb('calendar').$type<MailCalendar>(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent')`),
  ],
);

export type OutboxMail = typeof emailOutbox.$inferSelect;
