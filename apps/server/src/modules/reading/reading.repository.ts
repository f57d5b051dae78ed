import { homeConstants } from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { reportReadingProgress, savedReports } from '../../db/schema/index.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import { entitledSql, visibleSql } from '../research/research-sql.ts';

// `fraction` is a real: compared with a real, so that a reader stopped at exactly 90% (0.9 as a float4 is
// 0.89999998) has finished the report rather than falling just short of the double 0.9.
const finishedAt = sql`${homeConstants.finishedFraction}::real`;

/**
 * Records how far a reader got in one statement: the furthest point is kept (a reader going back to page 1
 * does not lose their place) and the time is always the latest, so the report moves to the top of
 * "continue reading". Sending the same point again changes nothing but the time.
 */
export const recordProgress = (db: Executor, userId: number, reportId: number, fraction: number, at: Date) =>
  db
    .insert(reportReadingProgress)
    .values({ userId, reportId, fraction, updatedAt: at })
    .onConflictDoUpdate({
      target: [reportReadingProgress.userId, reportReadingProgress.reportId],
      set: {
        fraction: sql`greatest(${reportReadingProgress.fraction}, excluded.fraction)`,
        updatedAt: sql`excluded.updated_at`,
      },
    });

/** How far back a report opened in the viewer without any progress sent still counts as "continue reading". */
const OPENED_WITHIN_DAYS = 90;

/**
 * Reports the reader opened and has not finished, most recently read first: those with progress below the
 * finished point, and those the viewer's access log shows opened (granted) in the last 90 days with no progress
 * at all (a reader who closed the tab before the viewer's first report, or whose viewer could not send it).
 * Both walk the reader's own rows through the (user, time) indexes.
 */
export const findUnfinished = async (db: Executor, userId: number, limit: number, now: Date) =>
  rowsOf<{ reportId: number; fraction: number }>(
    await db.execute(sql`
      select x.report_id as "reportId", x.fraction from (
        select p.report_id, p.fraction, p.updated_at as at
          from report_reading_progress p
          where p.user_id = ${userId} and p.fraction < ${finishedAt}
        union all
        select l.report_id, 0::real, max(l.at)
          from report_access_log l
          where l.user_id = ${userId} and l.action = 'open' and l.granted and l.report_id is not null
            and l.at > ${now}::timestamptz - make_interval(days => ${OPENED_WITHIN_DAYS})
            and not exists (select 1 from report_reading_progress p
                            where p.user_id = l.user_id and p.report_id = l.report_id)
          group by l.report_id
      ) x
      order by x.at desc, x.report_id desc
      limit ${limit}`),
  ).map((row) => ({ reportId: Number(row.reportId), fraction: Number(row.fraction) }));

/** The reader's saved reports, newest saved first (the saved list itself is ordered by publication). */
export const findRecentlySaved = async (db: Executor, userId: number, limit: number) =>
  (
    await db
      .select({ reportId: savedReports.reportId })
      .from(savedReports)
      .where(eq(savedReports.userId, userId))
      .orderBy(desc(savedReports.savedAt), desc(savedReports.reportId))
      .limit(limit)
  ).map((row) => row.reportId);

const byDate = sql`r.published_at desc nulls last, r.id desc nulls last`;

/** Must Read reports, newest first (a walk of the date index). */
export const findMustRead = async (db: Executor, limit: number) =>
  rowsOf<{ id: number }>(
    await db.execute(
      sql`select r.id from reports r where r.must_read and ${visibleSql(sql`r`)} order by ${byDate} limit ${limit}`,
    ),
  ).map((row) => row.id);

/** The newest reports the caller may open, by the one entitlement rule's SQL form (the lists' own). */
export const findLatestReadable = async (db: Executor, entitlement: Entitlement, limit: number) =>
  rowsOf<{ id: number }>(
    await db.execute(
      sql`select r.id from reports r where ${visibleSql(sql`r`)} and ${entitledSql(entitlement, sql`r`)}
        order by ${byDate} limit ${limit}`,
    ),
  ).map((row) => row.id);
