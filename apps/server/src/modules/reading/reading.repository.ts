import { homeConstants } from '@portal/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { reportReadingProgress, savedReports } from '../../db/schema.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import { entitledSql } from '../research/research.repository.ts';

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

/** Reports the reader opened and has not finished, most recently read first (the user index, no sort). */
export const findUnfinished = (db: Executor, userId: number, limit: number) =>
  db
    .select({ reportId: reportReadingProgress.reportId, fraction: reportReadingProgress.fraction })
    .from(reportReadingProgress)
    .where(and(eq(reportReadingProgress.userId, userId), lt(reportReadingProgress.fraction, finishedAt)))
    .orderBy(desc(reportReadingProgress.updatedAt), desc(reportReadingProgress.reportId))
    .limit(limit);

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
    await db.execute(sql`select r.id from reports r where r.must_read order by ${byDate} limit ${limit}`),
  ).map((row) => row.id);

/** The newest reports the caller may open, by the one entitlement rule's SQL form (the lists' own). */
export const findLatestReadable = async (db: Executor, entitlement: Entitlement, limit: number) =>
  rowsOf<{ id: number }>(
    await db.execute(
      sql`select r.id from reports r where ${entitledSql(entitlement, sql`r`)} order by ${byDate} limit ${limit}`,
    ),
  ).map((row) => row.id);
