import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { SHORT_STATEMENT_PREFIX } from '../../db/pipelined-pool.ts';
import { type Session, sessions, users } from '../../db/schema/index.ts';
import { grantedSectorIdsArraySql } from '../persons/matrix-grants.ts';

/** An int[] as either driver returns it: an array (node-postgres, PGlite) or its text form. */
const parseIntArray = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : String(value ?? '{}')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

export const insertSession = (db: Executor, session: Session) => db.insert(sessions).values(session);

const liveSessionQuery = (db: Executor) =>
  db
    .select({
      session: sessions,
      user: users,
      // the sectors the user's matrix grants, read with the session (one statement for a signed-in caller)
      grantedSectorIds: grantedSectorIdsArraySql(sql`${users.personId}`).mapWith((value: unknown) =>
        parseIntArray(value),
      ),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.hidden, false),
      ),
    )
    .limit(1)
    // a key lookup, short whatever the data: it may be pipelined (db/pipelined-pool.ts)
    .prepare(`${SHORT_STATEMENT_PREFIX}find_live_session`);
// Built once per database: every signed-in request without a cached session runs it (issue 26's uncached path).
const liveSessionQueries = new WeakMap<Executor, ReturnType<typeof liveSessionQuery>>();

/** The live session with its user; removed users and expired sessions do not count. */
export const findLiveSession = async (db: Executor, id: string, now: Date) => {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  const rows = await query.execute({ id, now });
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
