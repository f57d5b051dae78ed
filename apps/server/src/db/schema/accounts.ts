import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { persons } from './crm.ts';

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
    // The user's person in our CRM (issue 12). Never null in practice: a trigger links or creates the person on
    // insert (see migration 0008), whatever inserts the user.
    personId: integer('person_id').references((): AnyPgColumn => persons.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('users_person_idx').on(t.personId),
    // users management counts visible users by person (suggestions, totals)
    index('users_visible_person_idx').on(t.personId).where(sql`not ${t.hidden}`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Users management (issue 13): prefix searches on e-mail and name words (LIKE 'abc%' needs text_pattern_ops
    // outside the C collation) and the sorts of the admin's table, read in index order at 100,000 users.
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_full_name_prefix_idx').on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('users_last_login_idx').on(t.lastLoginAt.desc().nullsLast(), t.id.desc()),
    index('users_created_idx').on(t.createdAt, t.id),
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
    purpose: text('purpose', { enum: ['verify', 'reset', 'unlock'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('verify', 'reset', 'unlock')`),
  ],
);

export const throttles = pgTable('throttles', {
  // '<throttle name>:<subject>', e.g. 'loginPerEmail:ada@example.org'
  key: text('key').primaryKey(),
  windowStart: at('window_start').notNull(),
  count: integer('count').notNull(),
  blockedUntil: at('blocked_until'),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
