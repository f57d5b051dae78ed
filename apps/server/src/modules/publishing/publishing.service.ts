/**
 * Publishing reports (issue 23; ours, beyond the spec): publish a file or a YouTube link now or at a set time,
 * edit a report's details, replace its file, withdraw it, and the job that publishes scheduled reports when they
 * are due. Every write is one transaction that notes its `report` change (the caches of lists, search and
 * suggestions drop on it), and publishing queues the report's alerts in that same transaction, so a report is
 * never published without its alerts nor alerted twice.
 */
import {
  type ManagedReport,
  messagesPublishing,
  type PublishingOptions,
  type PublishMetadata,
  type ReportMetadata,
  reportPath,
  type UploadFileType,
  youtubeEmbedAddress,
  youtubeVideoId,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import {
  discardPrepared,
  insertReport,
  type NewReport,
  type PreparedFile,
  prepareReportFile,
  reportFileKey,
} from '../ingest/add-report.ts';
import { type CheckedContent, checkUpload } from '../ingest/check-upload.ts';
import type { PublishAlerts } from '../publish-alerts/publish-alerts.service.ts';
import type { Clock, Log } from '../runtime.ts';
import type { UploadContent } from '../storage/spooled-file.ts';
import type { Storage } from '../storage/storage.ts';
import {
  claimDueReports,
  findManaged,
  findOptions,
  findReferences,
  type ManagedRow,
  markWithdrawn,
  revokeReportKeys,
  setReportFile,
  updateMetadata,
} from './publishing.repository.ts';

const e = messagesPublishing.errors;

export type PublishingRefusal = {
  ok: false;
  status: 400 | 404 | 409 | 413;
  message: string;
  errors?: Record<string, string>;
};
export type PublishingOutcome<T> = { ok: true; data: T } | PublishingRefusal;

const refuse = (
  status: PublishingRefusal['status'],
  message: string,
  errors?: Record<string, string>,
): PublishingRefusal => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/** An uploaded file as the route read it: in memory, or spooled to disk as it arrived (recordings and films). */
export type Upload = { fileName: string } & UploadContent;

/** What an upload stores under `key`: its checked bytes, or the spooled file streamed into storage. */
const storedFile = (key: string, checked: CheckedContent) =>
  checked.spooled ? { key, spooled: checked.spooled } : { key, bytes: checked.bytes };

/** Due scheduled reports claimed per transaction; the next pass takes the rest. */
const CLAIM_BATCH = 20;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());
const unique = (ids: readonly number[]) => [...new Set(ids)];

export const toManagedReport = (row: ManagedRow): ManagedReport => ({
  id: row.id,
  title: row.title,
  description: row.description,
  analystIds: row.analystIds,
  sectorIds: row.sectorIds,
  companyIds: row.companyIds,
  countryIds: row.countryIds,
  hashtags: row.hashtags,
  freeAccess: row.freeAccess,
  state: row.state,
  publishedAt: iso(row.publishedAt)!,
  withdrawnAt: iso(row.withdrawnAt),
  fileType: row.fileType,
  fileVersion: row.fileVersion,
  youtubeUrl: row.fileType === 'youtube' ? row.filePath : null,
  viewerPath: reportPath(row.id, row.title),
});

export const createPublishingService = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  storage: Storage;
  changes: ChangeFeed;
  alerts: Pick<PublishAlerts, 'queue'>;
}) => {
  const { db, clock, log, storage, changes } = deps;

  /**
   * The ids named must exist, and each analyst must cover one of the report's sectors (analyst_sectors): the
   * field messages of what is wrong, or null.
   */
  const checkReferences = async (m: ReportMetadata) => {
    const ids = {
      analystIds: unique(m.analystIds),
      sectorIds: unique(m.sectorIds),
      companyIds: unique(m.companyIds),
      countryIds: unique(m.countryIds),
    };
    const found = await findReferences(db, ids);
    const errors: Record<string, string> = {};
    if (ids.sectorIds.some((id) => !found.sectors.has(id))) errors.sectorIds = e.unknownSector;
    if (ids.companyIds.some((id) => !found.companies.has(id))) errors.companyIds = e.unknownCompany;
    if (ids.countryIds.some((id) => !found.countries.has(id))) errors.countryIds = e.unknownCountry;
    if (ids.analystIds.some((id) => !found.analysts.has(id))) errors.analystIds = e.unknownAnalyst;
    else {
      const outside = ids.analystIds
        .map((id) => found.analysts.get(id)!)
        .find((analyst) => !analyst.sectorIds.some((sectorId) => ids.sectorIds.includes(sectorId)));
      if (outside) errors.analystIds = e.analystOutsideSectors(outside.name);
    }
    return Object.keys(errors).length > 0 ? errors : null;
  };

  /** When to publish: now, or a future time (scheduled); a time already past is refused. */
  const timingOf = (publishAt: string | null) => {
    const now = clock();
    if (publishAt === null) return { ok: true as const, state: 'published' as const, at: now };
    const at = new Date(publishAt);
    if (at.getTime() <= now.getTime()) return { ok: false as const };
    return { ok: true as const, state: 'scheduled' as const, at };
  };

  const managed = async (id: number) => {
    const row = await findManaged(db, id);
    if (!row) throw new Error(`Report ${id} vanished`);
    return toManagedReport(row);
  };

  const invalid = (errors: Record<string, string>) =>
    refuse(400, Object.values(errors)[0] ?? messagesPublishing.errors.failed, errors);

  return {
    options: (): Promise<PublishingOptions> => findOptions(db),

    /** POST /reports/publish: a checked file or a YouTube link with its details, now or scheduled. */
    async publish(
      actor: { id: number },
      metadata: PublishMetadata,
      upload: Upload | null,
    ): Promise<PublishingOutcome<ManagedReport>> {
      if (upload && metadata.youtubeUrl) return invalid({ file: e.sourceBoth });
      if (!upload && !metadata.youtubeUrl) return invalid({ file: e.sourceRequired });
      const timing = timingOf(metadata.publishAt);
      if (!timing.ok) return invalid({ publishAt: e.publishAtPast });
      const wrong = await checkReferences(metadata);
      if (wrong) return invalid(wrong);
      let fileType: UploadFileType | 'youtube';
      let file: NewReport['file'];
      let bodyText = '';
      if (upload) {
        const checked = await checkUpload(upload.fileName, upload.spooled ?? upload.bytes);
        if (!checked.ok) return refuse(checked.status, checked.message, { file: checked.message });
        fileType = checked.fileType;
        file = storedFile(reportFileKey(checked.fileType, timing.at), checked);
        bodyText = checked.bodyText;
      } else {
        const videoId = youtubeVideoId(metadata.youtubeUrl ?? '');
        if (!videoId) return invalid({ youtubeUrl: e.youtubeInvalid });
        fileType = 'youtube';
        file = { url: youtubeEmbedAddress(videoId) };
      }
      const input = {
        title: metadata.title,
        description: metadata.description,
        hashtags: metadata.hashtags,
        publishedAt: timing.at,
        fileType,
        file,
        freeAccess: metadata.freeAccess,
        sectorIds: metadata.sectorIds,
        analystIds: metadata.analystIds,
        companyIds: metadata.companyIds,
        countryIds: metadata.countryIds,
        state: timing.state,
        bodyText,
      };
      const prepared = await prepareReportFile(storage, input);
      let id: number;
      try {
        id = await writeTransaction(db, changes, async (tx, note) => {
          const reportId = await insertReport(tx, input, prepared);
          if (timing.state === 'published') await deps.alerts.queue(tx, reportId);
          note({ kind: 'report', ids: [reportId] });
          return reportId;
        });
      } catch (error) {
        await discardPrepared(storage, prepared);
        throw error;
      }
      log.info({ reportId: id, by: actor.id, state: timing.state, fileType }, 'Report published');
      return { ok: true, data: await managed(id) };
    },

    /** GET /reports/{id}/manage */
    async manage(id: number): Promise<PublishingOutcome<ManagedReport>> {
      const row = await findManaged(db, id);
      return row ? { ok: true, data: toManagedReport(row) } : refuse(404, e.notFound);
    },

    /**
     * POST /reports/{id}/update: the details. A scheduled report may move to another future time, or be
     * published now (publishAt null: its alerts are queued with it); a published report keeps its date.
     */
    async update(
      actor: { id: number },
      id: number,
      metadata: ReportMetadata,
    ): Promise<PublishingOutcome<ManagedReport>> {
      const current = await findManaged(db, id);
      if (!current) return refuse(404, e.notFound);
      if (current.state === 'withdrawn') return refuse(409, e.withdrawn);
      let timing: { state?: 'scheduled' | 'published'; at?: Date } = {};
      if (current.state === 'scheduled') {
        const next = timingOf(metadata.publishAt);
        if (!next.ok) return invalid({ publishAt: e.publishAtPast });
        timing = { state: next.state, at: next.at };
      } else if (
        metadata.publishAt !== null &&
        new Date(metadata.publishAt).getTime() !== current.publishedAt.getTime()
      ) {
        return invalid({ publishAt: e.scheduledOnlyTime });
      }
      const wrong = await checkReferences(metadata);
      if (wrong) return invalid(wrong);
      const outcome = await writeTransaction(db, changes, async (tx, note) => {
        // Locked: a concurrent withdrawal or the scheduled job sees this edit whole, or not at all.
        const locked = await findManaged(tx, id, true);
        if (!locked || locked.state === 'withdrawn') return false;
        const publishNow = locked.state === 'scheduled' && timing.state === 'published';
        await updateMetadata(
          tx,
          id,
          {
            ...metadata,
            analystIds: unique(metadata.analystIds),
            sectorIds: unique(metadata.sectorIds),
            companyIds: unique(metadata.companyIds),
            countryIds: unique(metadata.countryIds),
            ...(locked.state === 'scheduled' ? { publishedAt: timing.at, state: timing.state } : {}),
          },
          clock(),
        );
        if (publishNow) await deps.alerts.queue(tx, id);
        note({ kind: 'report', ids: [id] });
        return true;
      });
      if (!outcome) return refuse(409, e.withdrawn);
      log.info({ reportId: id, by: actor.id }, 'Report details changed');
      return { ok: true, data: await managed(id) };
    },

    /**
     * POST /reports/{id}/replaceFile: the checked file under a new storage key and the next file version; the
     * e-mailed links of the report are revoked and the viewer's signed URLs of the old version stop working.
     */
    async replaceFile(
      actor: { id: number },
      id: number,
      upload: Upload,
    ): Promise<PublishingOutcome<ManagedReport>> {
      const current = await findManaged(db, id);
      if (!current) return refuse(404, e.notFound);
      if (current.state === 'withdrawn') return refuse(409, e.withdrawn);
      if (current.fileType === 'youtube' || current.fileType === 'iframe')
        return refuse(409, e.notFileReport);
      const checked = await checkUpload(upload.fileName, upload.spooled ?? upload.bytes);
      if (!checked.ok) return refuse(checked.status, checked.message, { file: checked.message });
      const prepared: PreparedFile = await prepareReportFile(storage, {
        fileType: checked.fileType,
        file: storedFile(reportFileKey(checked.fileType, clock()), checked),
        bodyText: checked.bodyText,
      });
      let replaced: { oldPath: string; revoked: number; version: number } | null;
      try {
        replaced = await writeTransaction(db, changes, async (tx, note) => {
          const locked = await findManaged(tx, id, true);
          if (!locked || locked.state === 'withdrawn') return null;
          const now = clock();
          const version = await setReportFile(
            tx,
            id,
            { fileType: checked.fileType, filePath: prepared.filePath, bodyText: prepared.bodyText },
            now,
          );
          const revoked = await revokeReportKeys(tx, id, now);
          note({ kind: 'report', ids: [id] });
          return { oldPath: locked.filePath, revoked, version: version ?? locked.fileVersion + 1 };
        });
      } catch (error) {
        await discardPrepared(storage, prepared);
        throw error;
      }
      if (!replaced) {
        await discardPrepared(storage, prepared);
        return refuse(409, e.withdrawn);
      }
      // The old file is no longer served to anyone: removed once the new one is committed (best effort).
      await storage.delete(replaced.oldPath).catch((error: unknown) => {
        log.warn({ reportId: id, error: String(error) }, 'The replaced report file could not be removed');
      });
      log.info(
        { reportId: id, by: actor.id, fileVersion: replaced.version, keysRevoked: replaced.revoked },
        'Report file replaced',
      );
      return { ok: true, data: await managed(id) };
    },

    /** POST /reports/{id}/withdraw: gone for readers everywhere, its e-mailed links revoked. Idempotent. */
    async withdraw(actor: { id: number }, id: number): Promise<PublishingOutcome<ManagedReport>> {
      const done = await writeTransaction(db, changes, async (tx, note) => {
        const locked = await findManaged(tx, id, true);
        if (!locked) return false;
        if (locked.state === 'withdrawn') return true;
        const now = clock();
        await markWithdrawn(tx, id, now);
        await revokeReportKeys(tx, id, now);
        note({ kind: 'report', ids: [id] });
        return true;
      });
      if (!done) return refuse(404, e.notFound);
      log.info({ reportId: id, by: actor.id }, 'Report withdrawn');
      return { ok: true, data: await managed(id) };
    },

    /**
     * One pass of the scheduled-publishing job: claims the due scheduled reports (FOR UPDATE SKIP LOCKED, so
     * concurrent passes in other processes take other rows), publishes them and queues their alerts in the same
     * transaction. Answers the ids published.
     */
    async publishDue(): Promise<number[]> {
      const published: number[] = [];
      for (;;) {
        const ids = await writeTransaction(db, changes, async (tx, note) => {
          const claimed = await claimDueReports(tx, clock(), CLAIM_BATCH);
          for (const reportId of claimed) await deps.alerts.queue(tx, reportId);
          if (claimed.length > 0) note({ kind: 'report', ids: claimed });
          return claimed;
        });
        published.push(...ids);
        if (ids.length < CLAIM_BATCH) break;
      }
      if (published.length > 0) log.info({ reportIds: published }, 'Scheduled reports published');
      return published;
    },
  };
};

export type PublishingService = ReturnType<typeof createPublishingService>;

/** Runs `publishDue` every `pollMs` (each process polls; the database's claim publishes each report once). */
export const createScheduledPublisher = (deps: {
  publishing: Pick<PublishingService, 'publishDue'>;
  log: Log;
  pollMs?: number;
}) => {
  const pollMs = deps.pollMs ?? 10_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= deps.publishing
      .publishDue()
      .catch((error: unknown) => deps.log.error({ err: error }, 'Scheduled publishing failed'))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer) return;
      pass();
      timer = setInterval(pass, pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};
