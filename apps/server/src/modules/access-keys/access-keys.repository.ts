import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reportAccessKeys, reports } from '../../db/schema/index.ts';

export type NewAccessKey = typeof reportAccessKeys.$inferInsert;

export const insertAccessKey = async (db: Executor, key: NewAccessKey) => {
  const [row] = await db.insert(reportAccessKeys).values(key).returning();
  if (!row) throw new Error('Access key was not stored');
  return row;
};

/** A key that may be used now: not revoked, not expired, its report still there. */
export const findUsableKey = async (db: Executor, keyHash: string, now: Date) => {
  const rows = await db
    .select({ key: reportAccessKeys, reportTitle: reports.title })
    .from(reportAccessKeys)
    .innerJoin(reports, eq(reports.id, reportAccessKeys.reportId))
    .where(
      and(
        eq(reportAccessKeys.keyHash, keyHash),
        isNull(reportAccessKeys.revokedAt),
        gt(reportAccessKeys.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
};

export const findUsableKeyById = async (db: Executor, id: number, now: Date) => {
  const rows = await db
    .select()
    .from(reportAccessKeys)
    .where(
      and(
        eq(reportAccessKeys.id, id),
        isNull(reportAccessKeys.revokedAt),
        gt(reportAccessKeys.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
};

/** Revokes once (the first revocation time is kept); false for an unknown key. */
export const revokeAccessKey = async (db: Executor, id: number, now: Date) => {
  const existing = await db
    .select({ revokedAt: reportAccessKeys.revokedAt })
    .from(reportAccessKeys)
    .where(eq(reportAccessKeys.id, id))
    .limit(1);
  if (existing.length === 0) return false;
  await db
    .update(reportAccessKeys)
    .set({ revokedAt: now })
    .where(and(eq(reportAccessKeys.id, id), isNull(reportAccessKeys.revokedAt)));
  return true;
};

export const touchAccessKey = (db: Executor, id: number, now: Date) =>
  db.update(reportAccessKeys).set({ lastUsedAt: now }).where(eq(reportAccessKeys.id, id));

export const findReportTitle = async (db: Executor, reportId: number) => {
  const rows = await db
    .select({ title: reports.title })
    .from(reports)
    .where(eq(reports.id, reportId))
    .limit(1);
  return rows[0]?.title ?? null;
};

/** Ids of the usable keys sent to any of these addresses, newest first (at most `limit`). */
export const findUsableKeyIdsFor = async (
  db: Executor,
  emails: readonly string[],
  now: Date,
  limit: number,
) => {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: reportAccessKeys.id })
    .from(reportAccessKeys)
    .where(
      and(
        inArray(reportAccessKeys.recipientEmail, [...emails]),
        isNull(reportAccessKeys.revokedAt),
        gt(reportAccessKeys.expiresAt, now),
      ),
    )
    .orderBy(desc(reportAccessKeys.id))
    .limit(limit);
  return rows.map((r) => r.id);
};
