import { blogLimits } from '@portal/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { posts, postVisits } from '../../db/schema/blogs.ts';
import { firms, persons } from '../../db/schema/crm.ts';
import { users } from '../../db/schema/index.ts';

export interface VisitRef {
  visitId: string;
  userId: number;
  postId: number;
}

/**
 * Seconds since the visit was last counted (its entry before the first count), never negative (a clock step
 * back) and at most the cap: a page left open on a sleeping laptop does not count the night.
 */
const sinceLastCounted = (now: Date) =>
  sql`least(greatest(floor(extract(epoch from (${now.toISOString()}::timestamptz - coalesce(${postVisits.lastSeenAt}, ${postVisits.enteredAt})))), 0), ${blogLimits.heartbeatCapSeconds})::int`;

const ownVisit = (ref: VisitRef) =>
  and(eq(postVisits.id, ref.visitId), eq(postVisits.userId, ref.userId), eq(postVisits.postId, ref.postId));

/**
 * Closes the caller's own visit (one UPDATE): counts the time since the last count, sets last_seen_at and
 * exit_at. A visit already closed keeps its exit and counts nothing more (the page may send leave twice: on
 * navigation and on unload). False when no visit of this user and post has that id.
 */
export const leaveVisit = async (db: Executor, ref: VisitRef, now: Date) => {
  const open = sql`${postVisits.exitAt} is null`;
  const rows = await db
    .update(postVisits)
    .set({
      activeSeconds: sql`${postVisits.activeSeconds} + case when ${open} then ${sinceLastCounted(now)} else 0 end`,
      lastSeenAt: sql`case when ${open} then ${now.toISOString()}::timestamptz else ${postVisits.lastSeenAt} end`,
      exitAt: sql`coalesce(${postVisits.exitAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(ownVisit(ref))
    .returning({ id: postVisits.id });
  return rows.length > 0;
};

/**
 * A heartbeat of the caller's own open visit, in one statement: `resumed` (the page was hidden) restarts the
 * count without counting the hidden time; else the time since the last count is added. 'closed' for a visit
 * the leave call ended (it stays closed), 'unknown' for one that is not the caller's visit of this post.
 */
export const heartbeatVisit = async (
  db: Executor,
  ref: VisitRef,
  now: Date,
  resumed: boolean,
): Promise<'counted' | 'closed' | 'unknown'> => {
  const added = resumed ? sql`0` : sinceLastCounted(now);
  const [row] = rowsOf<{ found: boolean; closed: boolean; updated: boolean }>(
    await db.execute(sql`with v as (
        select ${postVisits.id} as id, ${postVisits.exitAt} is not null as closed from ${postVisits}
        where ${ownVisit(ref)}
      ), u as (
        update ${postVisits} set
          active_seconds = ${postVisits.activeSeconds} + ${added},
          last_seen_at = ${now.toISOString()}::timestamptz
        where ${postVisits.id} in (select id from v where not closed)
        returning 1
      )
      select exists (select 1 from v) as found, exists (select 1 from v where closed) as closed,
        exists (select 1 from u) as updated`),
  );
  if (!row?.found) return 'unknown';
  return row.updated ? 'counted' : 'closed';
};

export const postExists = async (db: Executor, postId: number) =>
  (await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1)).length > 0;

/** Every visit of the post, summed for the average: how many, how many unmeasured, the measured seconds. */
export const visitTotals = async (db: Executor, postId: number) => {
  const [row] = await db
    .select({
      visits: count(),
      unmeasured: sql<number>`count(*) filter (where ${postVisits.lastSeenAt} is null)::int`,
      measuredSeconds: sql<number>`coalesce(sum(${postVisits.activeSeconds}) filter (where ${postVisits.lastSeenAt} is not null), 0)::bigint`,
    })
    .from(postVisits)
    .where(eq(postVisits.postId, postId));
  return {
    visits: Number(row?.visits ?? 0),
    unmeasured: Number(row?.unmeasured ?? 0),
    measuredSeconds: Number(row?.measuredSeconds ?? 0),
  };
};

/**
 * One page of the post's visits, newest first (post_visits_post_idx), with the reader's name and company: the
 * firm of the user's person in our CRM, else the company the user gave at sign-up.
 */
export const visitsPage = async (db: Executor, postId: number, offset: number, limit: number) =>
  db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      company: sql<string>`coalesce(${firms.name}, ${users.companyName}, '')`,
      enteredAt: postVisits.enteredAt,
      exitAt: postVisits.exitAt,
      measured: sql<boolean>`${postVisits.lastSeenAt} is not null`,
      activeSeconds: postVisits.activeSeconds,
    })
    .from(postVisits)
    .innerJoin(users, eq(users.id, postVisits.userId))
    .leftJoin(persons, eq(persons.id, users.personId))
    .leftJoin(firms, eq(firms.id, persons.firmId))
    .where(eq(postVisits.postId, postId))
    .orderBy(desc(postVisits.enteredAt), desc(postVisits.id))
    .offset(offset)
    .limit(limit);
