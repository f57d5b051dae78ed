/**
 * Stamped copies of report PDFs, made once per reader, report file version and stamp, and stored: the first fetch
 * stamps the file (watermarks and the invisible copy mark) and keeps the bytes; later fetches are served from
 * storage, byte ranges included, without stamping again. A replaced file (a new file version) or changed
 * watermarks (a new stamp hash) make a new copy; the stored files of older versions are removed lazily, their rows
 * kept so that a leaked older copy is still identified.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ResolvedWatermark } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { DeferredWork } from '../deferred/deferred-work.ts';
import type { Clock, Log } from '../runtime.ts';
import type { Storage } from '../storage/storage.ts';
import { stampPdf } from '../watermark/stamp-pdf.ts';
import {
  type CopyKey,
  type CopyOwner,
  currentCopy,
  fileVersionOf,
  findCopy,
  forgetStorageKey,
  insertCopyOnce,
  noteFetch,
  olderVersionKeys,
  restoreCopy,
} from './stamped-copies.repository.ts';

/** Bumped when the stamping itself changes (placement, the mark's form): every copy is made again. */
const STAMP_FORMAT = 1;

/** The hash of what a copy's stamp depends on: the watermarks as resolved for the reader (their text included). */
export const stampHashOf = (watermarks: readonly ResolvedWatermark[]) =>
  createHash('sha256')
    .update(JSON.stringify({ format: STAMP_FORMAT, watermarks }))
    .digest('hex');

export const newCopyId = () => randomBytes(10).toString('hex');

export const copyOwnerOf = (reader: { email?: string | null }, userId: number | null): CopyOwner =>
  userId !== null
    ? { userId, recipientEmail: null }
    : { userId: null, recipientEmail: (reader.email ?? '').trim().toLowerCase() };

export interface StoredCopy {
  copyId: string;
  storageKey: string;
  /** true when this call stamped the copy (the first fetch) */
  made: boolean;
  pageCount: number | null;
}

export const createStampedCopies = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  storage: Storage;
  changes: ChangeFeed;
  cacheTtlMs: number;
  deferred: Pick<DeferredWork, 'run'>;
}) => {
  const { db, clock, log, storage } = deps;

  /**
   * Where each reader's current copy is stored, by report, owner and stamp (a stored copy's fetch then asks the
   * database nothing before its bytes). A `report` change (a replaced file: a new version, other copies) drops the
   * report's entries; a copy made or stored again drops its own.
   */
  const current = new LoadingCache<string, { copyId: string; storageKey: string } | null>({
    ttlMs: deps.cacheTtlMs,
    max: 10_000,
    now: () => clock().getTime(),
  });
  const currentKey = (reportId: number, owner: CopyOwner, stampHash: string) =>
    `${reportId}|${owner.userId ?? ''}|${owner.recipientEmail ?? ''}|${stampHash}`;
  deps.changes.subscribe('report', (change) => {
    if (!change.ids) return current.clear();
    const prefixes = change.ids.map((id) => `${id}|`);
    current.deleteWhere((_value, key) => prefixes.some((prefix) => key.startsWith(prefix)));
  });

  const removeOlderVersions = async (reportId: number, fileVersion: number) => {
    for (const old of await olderVersionKeys(db, reportId, fileVersion)) {
      await storage.delete(old.storageKey);
      await forgetStorageKey(db, old.copyId);
    }
  };

  return {
    /**
     * The reader's stored copy of a report's PDF, made now if there is none. `countFetch` false for the follow-up
     * range requests of one reading (they are parts of one fetch). null when the source file is missing.
     */
    async copyFor(args: {
      reportId: number;
      sourceKey: string;
      owner: CopyOwner;
      watermarks: readonly ResolvedWatermark[];
      countFetch: boolean;
      /** the stored file of the copy just answered is gone (storage lost it): store it again */
      remake?: boolean;
    }): Promise<StoredCopy | null> {
      const stampHash = stampHashOf(args.watermarks);
      const cacheKey = currentKey(args.reportId, args.owner, stampHash);
      if (!args.remake) {
        const stored = await current.getOrLoad(cacheKey, () =>
          currentCopy(db, { reportId: args.reportId, owner: args.owner, stampHash }),
        );
        if (stored) {
          // The fetch is counted once the reply is on its way (the access log has already recorded it).
          if (args.countFetch) {
            const at = clock();
            deps.deferred.run('stamped copy fetch', () => noteFetch(db, stored.copyId, at));
          }
          return { ...stored, made: false, pageCount: null };
        }
      }
      // Made (or stored again) now: the cached answer for this copy is dropped once the copy is there.
      try {
        const source = await storage.get(args.sourceKey);
        if (!source) return null;
        const fileVersion = (await fileVersionOf(db, args.reportId)) ?? 1;
        const key: CopyKey = { reportId: args.reportId, owner: args.owner, fileVersion, stampHash };

        // A copy recorded whose stored file is gone (storage lost it): stamped again with the same id, so that the
        // record of who had it stays one row.
        const existing = await findCopy(db, key);
        if (existing) {
          const stamped = await stampPdf(source, args.watermarks, { copyId: existing.copyId });
          const storageKey = existing.storageKey || `stamped/${args.reportId}/${existing.copyId}.pdf`;
          await storage.put(storageKey, stamped.bytes, 'application/pdf');
          await restoreCopy(db, existing.copyId, storageKey, args.countFetch ? clock() : null);
          log.warn({ reportId: args.reportId, copyId: existing.copyId }, 'Stamped copy stored again');
          return { copyId: existing.copyId, storageKey, made: true, pageCount: stamped.pageCount };
        }

        const copyId = newCopyId();
        const stamped = await stampPdf(source, args.watermarks, { copyId });
        const storageKey = `stamped/${args.reportId}/${copyId}.pdf`;
        await storage.put(storageKey, stamped.bytes, 'application/pdf');
        const now = clock();
        const { row, won } = await insertCopyOnce(db, {
          ...key,
          copyId,
          storageKey,
          createdAt: now,
          lastFetchedAt: now,
        });
        if (!won) {
          // another request made the same copy at the same time: theirs stands, ours goes
          await storage.delete(storageKey);
          if (args.countFetch) await noteFetch(db, row.copyId, clock());
          return {
            copyId: row.copyId,
            storageKey: row.storageKey,
            made: false,
            pageCount: stamped.pageCount,
          };
        }
        log.info({ reportId: args.reportId, copyId, fileVersion }, 'Stamped copy made');
        if (fileVersion > 1) {
          await removeOlderVersions(args.reportId, fileVersion).catch((error: unknown) =>
            log.warn({ reportId: args.reportId, error: String(error) }, 'Older stamped copies not removed'),
          );
        }
        return { copyId, storageKey, made: true, pageCount: stamped.pageCount };
      } finally {
        current.delete(cacheKey);
      }
    },
  };
};

export type StampedCopies = ReturnType<typeof createStampedCopies>;
