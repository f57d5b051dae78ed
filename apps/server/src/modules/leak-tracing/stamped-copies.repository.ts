import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { reports, stampedCopies, users } from '../../db/schema/index.ts';

export type StampedCopyRow = typeof stampedCopies.$inferSelect;

/** Who a copy was made for: an account, or (an e-mailed link's recipient without one) an address. */
export type CopyOwner = { userId: number; recipientEmail: null } | { userId: null; recipientEmail: string };

/** What makes one copy: the reader, the report's file version and the stamp (watermarks and their text). */
export interface CopyKey {
  reportId: number;
  owner: CopyOwner;
  fileVersion: number;
  stampHash: string;
}

const ownerIs = (owner: CopyOwner) =>
  owner.userId !== null
    ? and(eq(stampedCopies.userId, owner.userId), isNull(stampedCopies.recipientEmail))
    : and(isNull(stampedCopies.userId), eq(stampedCopies.recipientEmail, owner.recipientEmail));

const keyIs = (key: CopyKey) =>
  and(
    eq(stampedCopies.reportId, key.reportId),
    ownerIs(key.owner),
    eq(stampedCopies.fileVersion, key.fileVersion),
    eq(stampedCopies.stampHash, key.stampHash),
  );

/** The report's current file version (bumped when its file is replaced), or null for an unknown report. */
export const fileVersionOf = async (db: Executor, reportId: number) =>
  (await db.select({ v: reports.fileVersion }).from(reports).where(eq(reports.id, reportId)).limit(1))[0]
    ?.v ?? null;

export const findCopy = async (db: Executor, key: CopyKey) =>
  (await db.select().from(stampedCopies).where(keyIs(key)).limit(1))[0] ?? null;

/**
 * Records a copy unless another request made the same one first: the unique index cannot see two rows with a
 * null owner column as the same (NULLs are distinct in PostgreSQL), so the insert is serialised per copy key by a
 * transaction-scoped advisory lock. Answers the row that stands, ours or the winner's.
 */
export const insertCopyOnce = async (
  db: Executor,
  row: typeof stampedCopies.$inferInsert & CopyKey,
): Promise<{ row: StampedCopyRow; won: boolean }> =>
  db.transaction(async (tx) => {
    const lockKey = `stamped_copies:${row.reportId}:${row.owner.userId ?? ''}:${row.owner.recipientEmail ?? ''}:${row.fileVersion}:${row.stampHash}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const existing = await findCopy(tx, row);
    if (existing) return { row: existing, won: false };
    const [inserted] = await tx
      .insert(stampedCopies)
      .values({
        copyId: row.copyId,
        reportId: row.reportId,
        userId: row.owner.userId,
        recipientEmail: row.owner.recipientEmail,
        fileVersion: row.fileVersion,
        stampHash: row.stampHash,
        storageKey: row.storageKey,
        createdAt: row.createdAt,
        lastFetchedAt: row.lastFetchedAt,
        fetchCount: 1,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, won: true };
    return { row: (await findCopy(tx, row))!, won: false };
  });

/**
 * The reader's stored copy of the report's current file version with this stamp, in one statement (the version is
 * read from the report in the same statement, so a replaced file is never served from an older copy). null when
 * there is none yet.
 */
export const currentCopy = async (
  db: Executor,
  key: { reportId: number; owner: CopyOwner; stampHash: string },
): Promise<{ copyId: string; storageKey: string } | null> => {
  const owner =
    key.owner.userId !== null
      ? sql`c.user_id = ${key.owner.userId} and c.recipient_email is null`
      : sql`c.user_id is null and c.recipient_email = ${key.owner.recipientEmail}`;
  const matches = sql`c.report_id = ${key.reportId} and r.id = c.report_id and c.file_version = r.file_version
    and ${owner} and c.stamp_hash = ${key.stampHash} and c.storage_key <> ''`;
  const rows = rowsOf<{ copy_id: string; storage_key: string }>(
    await db.execute(
      sql`select c.copy_id, c.storage_key from stamped_copies c, reports r where ${matches} limit 1`,
    ),
  );
  const row = rows[0];
  return row ? { copyId: row.copy_id, storageKey: row.storage_key } : null;
};

/** One more fetch of a stored copy. */
export const noteFetch = (db: Executor, copyId: string, at: Date) =>
  db
    .update(stampedCopies)
    .set({ lastFetchedAt: at, fetchCount: sql`${stampedCopies.fetchCount} + 1` })
    .where(eq(stampedCopies.copyId, copyId));

/** A copy's file stored again (under `storageKey`), the fetch counted when `at` is given. */
export const restoreCopy = (db: Executor, copyId: string, storageKey: string, at: Date | null) =>
  db
    .update(stampedCopies)
    .set({
      storageKey,
      ...(at ? { lastFetchedAt: at, fetchCount: sql`${stampedCopies.fetchCount} + 1` } : {}),
    })
    .where(eq(stampedCopies.copyId, copyId));

/**
 * Storage keys of the copies of older file versions of a report whose file is still kept. The rows themselves stay:
 * they are the record that identifies a leaked copy of an older version.
 */
export const olderVersionKeys = async (db: Executor, reportId: number, fileVersion: number) =>
  (
    await db
      .select({ copyId: stampedCopies.copyId, storageKey: stampedCopies.storageKey })
      .from(stampedCopies)
      .where(
        and(
          eq(stampedCopies.reportId, reportId),
          lt(stampedCopies.fileVersion, fileVersion),
          sql`${stampedCopies.storageKey} <> ''`,
        ),
      )
  ).filter((row) => row.storageKey !== '');

/** The copy's stored file was removed (an older version's): the row is kept, without a key. */
export const forgetStorageKey = (db: Executor, copyId: string) =>
  db.update(stampedCopies).set({ storageKey: '' }).where(eq(stampedCopies.copyId, copyId));

/** A copy with its reader and report, for "Identify a copy". */
export interface IdentifiedCopyRow {
  copy_id: string;
  report_id: number;
  report_title: string;
  current_version: number;
  file_version: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  user_email: string | null;
  company_name: string | null;
  recipient_email: string | null;
  created_at: string;
  last_fetched_at: string;
  fetch_count: number;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

export const findCopiesByIds = async (db: Executor, copyIds: readonly string[]) => {
  if (copyIds.length === 0) return [];
  const rows = rowsOf<IdentifiedCopyRow>(
    await db.execute(sql`select c.copy_id, c.report_id, r.title as report_title, r.file_version as current_version,
        c.file_version, c.created_at, c.last_fetched_at, c.fetch_count, c.recipient_email,
        u.id as user_id, u.first_name, u.last_name, u.email as user_email, u.company_name
      from ${stampedCopies} c
      join ${reports} r on r.id = c.report_id
      left join ${users} u on u.id = c.user_id
        or (c.user_id is null and lower(u.email) = lower(c.recipient_email))
      where c.copy_id in (${sql.join(
        copyIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return rows.map((row) => ({
    ...row,
    report_id: Number(row.report_id),
    current_version: Number(row.current_version),
    file_version: Number(row.file_version),
    fetch_count: Number(row.fetch_count),
    user_id: row.user_id === null ? null : Number(row.user_id),
    created_at: iso(row.created_at),
    last_fetched_at: iso(row.last_fetched_at),
  }));
};
