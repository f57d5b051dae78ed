import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { type ReportAccessKey, reportAccessKeys, reports } from '../../db/schema/index.ts';

export type NewAccessKey = typeof reportAccessKeys.$inferInsert;

// Rows per insert statement (one JSON parameter each).
const KEYS_PER_INSERT = 5000;

/**
 * Stores many keys, one statement per 5,000 (their rows as one JSON parameter); answers the rows in the order
 * given. The rows are inserted in the order of the JSON array (`with ordinality`), so their identity ids increase
 * in that order: the ids are sorted rather than trusting the order of RETURNING.
 */
export const insertAccessKeys = async (db: Executor, keys: readonly NewAccessKey[]) => {
  const stored: ReportAccessKey[] = [];
  for (let from = 0; from < keys.length; from += KEYS_PER_INSERT) {
    const chunk = keys.slice(from, from + KEYS_PER_INSERT);
    const rows = chunk.map((key) => ({
      report_id: key.reportId,
      recipient_email: key.recipientEmail,
      user_id: key.userId ?? null,
      key_hash: key.keyHash,
      created_by: key.createdBy ?? null,
      created_at: key.createdAt.toISOString(),
      expires_at: key.expiresAt.toISOString(),
    }));
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into report_access_keys
          (report_id, recipient_email, user_id, key_hash, created_by, created_at, expires_at)
        select v.report_id, v.recipient_email, v.user_id, v.key_hash, v.created_by, v.created_at, v.expires_at
        from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (report_id int,
          recipient_email text, user_id int, key_hash text, created_by int, created_at timestamptz,
          expires_at timestamptz)) with ordinality as v(report_id, recipient_email, user_id, key_hash,
          created_by, created_at, expires_at, ord)
        order by v.ord
        returning id`),
    )
      .map((row) => Number(row.id))
      .sort((a, b) => a - b);
    if (ids.length !== chunk.length) throw new Error('Access keys were not stored');
    stored.push(
      ...chunk.map((key, i) => ({
        id: ids[i]!,
        reportId: key.reportId,
        recipientEmail: key.recipientEmail,
        userId: key.userId ?? null,
        keyHash: key.keyHash,
        createdBy: key.createdBy ?? null,
        createdAt: key.createdAt,
        expiresAt: key.expiresAt,
        revokedAt: null,
        lastUsedAt: null,
      })),
    );
  }
  return stored;
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
