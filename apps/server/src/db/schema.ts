import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Always stored lower-cased; the unique index on lower(email) also guards direct SQL writes.
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: ['admin', 'npi', 'client'] })
      .notNull()
      .default('client'),
    entity: text('entity').notNull().default('U'),
    emailVerifiedAt: at('email_verified_at'),
    activatedAt: at('activated_at'),
    // Removed users keep their row (history, audit) but can no longer sign in.
    hidden: boolean('hidden').notNull().default(false),
    createdAt: at('created_at').notNull(),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_type_check', sql`${t.type} in ('admin', 'npi', 'client')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a database leak does not leak usable sessions.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

export const throttles = pgTable('throttles', {
  // '<throttle name>:<subject>', e.g. 'loginPerEmail:ada@example.org'
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
  blockedUntil: at('blocked_until'),
});

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
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent')`),
  ],
);

export const parameters = pgTable('parameters', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  // Only parameters that are public here AND allow-listed in the contract are served by /getParameter.
  isPublic: boolean('is_public').notNull().default(false),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type OutboxMail = typeof emailOutbox.$inferSelect;
