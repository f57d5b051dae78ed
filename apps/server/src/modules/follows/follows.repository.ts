import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analystFollows } from '../../db/schema/index.ts';

/** Whether user {userId} follows analyst {analystId}. */
export const isFollowing = async (db: Executor, userId: number, analystId: number) =>
  (
    await db
      .select({ userId: analystFollows.userId })
      .from(analystFollows)
      .where(and(eq(analystFollows.userId, userId), eq(analystFollows.analystId, analystId)))
      .limit(1)
  ).length > 0;

/** Adds the follow; following twice keeps the first one's time. */
export const addFollow = (db: Executor, userId: number, analystId: number, now: Date) =>
  db.insert(analystFollows).values({ userId, analystId, createdAt: now }).onConflictDoNothing();

export const removeFollow = (db: Executor, userId: number, analystId: number) =>
  db
    .delete(analystFollows)
    .where(and(eq(analystFollows.userId, userId), eq(analystFollows.analystId, analystId)));
