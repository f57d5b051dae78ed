import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { firms, forwardCounts, persons, reportForwards, users } from '../../db/schema/index.ts';

/**
 * Counts one forward for the user and month in ONE statement, only while below the limit: the row is locked by
 * the upsert, so concurrent forwards (in one process or many) queue on it and at most `limit` ever succeed.
 * Returns the count after this forward, or null when the month's forwards are used up.
 */
export const takeForward = async (db: Executor, userId: number, month: string, limit: number) => {
  const rows = await db
    .insert(forwardCounts)
    .values({ userId, month, used: 1 })
    .onConflictDoUpdate({
      target: [forwardCounts.userId, forwardCounts.month],
      set: { used: sql`${forwardCounts.used} + 1` },
      setWhere: sql`${forwardCounts.used} < ${limit}`,
    })
    .returning({ used: forwardCounts.used });
  return rows[0]?.used ?? null;
};

/**
 * Gives back a forward counted for a request that was then refused or failed. A row back at 0 is removed, so a
 * refusal leaves nothing behind; a forward counted in between keeps the row (it is no longer 0).
 */
export const giveBackForward = async (db: Executor, userId: number, month: string) => {
  const row = and(eq(forwardCounts.userId, userId), eq(forwardCounts.month, month));
  await db
    .update(forwardCounts)
    .set({ used: sql`greatest(${forwardCounts.used} - 1, 0)` })
    .where(row);
  await db.delete(forwardCounts).where(and(row, eq(forwardCounts.used, 0)));
};

export const forwardsUsed = async (db: Executor, userId: number, month: string) => {
  const rows = await db
    .select({ used: forwardCounts.used })
    .from(forwardCounts)
    .where(and(eq(forwardCounts.userId, userId), eq(forwardCounts.month, month)))
    .limit(1);
  return rows[0]?.used ?? 0;
};

/** The e-mail domains of the user's firm (through their person), or null when their person has no firm. */
export const senderFirmDomains = async (db: Executor, userId: number) => {
  const rows = await db
    .select({ domains: firms.domains })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .innerJoin(firms, eq(firms.id, persons.firmId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.domains ?? null;
};

export const insertForward = (db: Executor, row: typeof reportForwards.$inferInsert) =>
  db.insert(reportForwards).values(row);
