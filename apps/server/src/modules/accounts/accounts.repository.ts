import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

export const findUserByEmail = async (db: Executor, email: string) => {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
};

export const findUserById = async (db: Executor, id: number) => {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
};

/** Returns null when the e-mail is already taken (a concurrent signup included). */
export const insertUser = async (db: Executor, user: NewUser) => {
  const rows = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
};

export const markEmailVerified = (db: Executor, id: number, now: Date) =>
  db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));

export const setPasswordHash = (db: Executor, id: number, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, id));

/** The user's last sign-in, and their person's in our CRM (the external system's "last login", issue 12). */
export const setLastLogin = async (db: Executor, id: number, now: Date) => {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, id));
  await db.execute(
    sql`update persons set last_login_at = ${now} where id = (select person_id from users where id = ${id})`,
  );
};
