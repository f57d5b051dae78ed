import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type Session, sessions, users } from '../../db/schema/index.ts';

export const insertSession = (db: Executor, session: Session) => db.insert(sessions).values(session);

/** The live session with its user; removed users and expired sessions do not count. */
export const findLiveSession = async (db: Executor, id: string, now: Date) => {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.hidden, false)))
    .limit(1);
  return rows[0] ?? null;
};

export const touchSession = (db: Executor, id: string, now: Date) =>
  db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));

export const deleteSession = (db: Executor, id: string) => db.delete(sessions).where(eq(sessions.id, id));

export const deleteUserSessions = (db: Executor, userId: number, exceptId?: string) =>
  db
    .delete(sessions)
    .where(
      exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
    );

export const deleteExpiredUserSessions = (db: Executor, userId: number, now: Date) =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
