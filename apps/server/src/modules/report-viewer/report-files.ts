/**
 * Serving a report's file: signed file URLs (made and checked), PDFs stamped with the reader's watermark and
 * copy mark (made once per reader and file version, then served from storage: leak-tracing/stamped-copies.ts),
 * their page counts, byte ranges of PDFs and media, and the content type and security headers of every file.
 */
import type { Readable } from 'node:stream';
import {
  type ReportErrorReply,
  type ReportFileType,
  type ResolvedWatermark,
  reportFileTypes,
  viewerMessages,
  type WatermarkReader,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { DeferredWork } from '../deferred/deferred-work.ts';
import { addressFileTypes } from '../ingest/add-report.ts';
import { copyOwnerOf, createStampedCopies } from '../leak-tracing/stamped-copies.ts';
import type { Clock, Log } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Storage } from '../storage/storage.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import { pdfPageCount } from '../watermark/stamp-pdf.ts';
import type { WatermarkService } from '../watermark/watermark.service.ts';
import { type ByteRange, parseByteRange, sliceStream } from './byte-range.ts';
import { bindingHash, type FileTokenCheck, isBoundTo, openFileToken, signFileToken } from './file-tokens.ts';
import { drawFirstPage, firstPageKeyOf } from './first-page.ts';
import {
  fail,
  type Outcome,
  type ReportAccess,
  readerOfUser,
  reportMissing,
  type SessionCaller,
  type Via,
  type ViewerReader,
} from './report-access.ts';
import { findUser, type ViewerReportRow } from './report-viewer.repository.ts';
import { viewerHtmlError } from './viewer-errors.ts';

export type FileOutcome =
  | { ok: false; status: 403 | 404 | 410; body: ReportErrorReply }
  | {
      ok: true;
      status: 200 | 206 | 416;
      headers: Record<string, string>;
      /** htm may be shown in the viewer's sandboxed frame: the route lifts the global frame ban for it */
      framable: boolean;
      body: Buffer | Readable | null;
    };

export const fileTypeOf = (value: string): ReportFileType =>
  (reportFileTypes as readonly string[]).includes(value) ? (value as ReportFileType) : 'pdf';
const isAddress = (report: ViewerReportRow) => addressFileTypes.includes(fileTypeOf(report.filetype));

export const watermarkReader = (
  reader: ViewerReader,
  at: Date,
  accessKeyId?: number | null,
): WatermarkReader => ({
  name: reader.name,
  userId: reader.userId ?? (accessKeyId ? `K${accessKeyId}` : ''),
  company: reader.company,
  email: reader.email,
  date: at,
});

export const watermarkReport = (report: ViewerReportRow) => ({
  sectorIds: [
    ...new Set([
      ...(report.sector_id === null ? [] : [report.sector_id]),
      ...report.sectors.map((s) => s.id),
    ]),
  ],
  sectorNames: report.sectors.map((s) => s.sName),
});

const PAGE_COUNTS_MAX = 2000;
/** Stamped copies up to this size are read whole rather than streamed. */
const WHOLE_READ_MAX = 16 * 1024 * 1024;

const commonFileHeaders = (report: ViewerReportRow, contentType: string) => ({
  'content-type': contentType,
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-disposition': `inline; filename="report-${report.id}.${fileTypeOf(report.filetype)}"`,
});

const mediaTypes: readonly ReportFileType[] = ['mp3', 'mp4', 'mpg', 'mpeg', 'ogg'];

export const createReportFiles = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  storage: Storage;
  throttles: ThrottlesService;
  watermarks: WatermarkService;
  secrets: SecretStore;
  access: ReportAccess;
  /** CORS origins that may frame htm reports besides the API's own origin */
  frameOrigins: readonly string[];
  ttlSeconds: number;
  changes: ChangeFeed;
  cacheTtlMs: number;
  deferred: Pick<DeferredWork, 'run'>;
}) => {
  const { db, clock, log, storage, access } = deps;
  const { logDecision } = access;
  const pageCounts = new Map<string, number>();

  const signingKey = () => deps.secrets('viewerFileTokenKey');

  const signedPath = async (
    report: ViewerReportRow,
    claims: { via: Via; userId: number | null; accessKeyId: number | null; binding: string },
  ) => {
    if (isAddress(report)) return { url: report.file_path, expiresAt: null };
    const expiresAt = Math.floor(clock().getTime() / 1000) + deps.ttlSeconds;
    const token = signFileToken(await signingKey(), {
      reportId: report.id,
      expiresAt,
      via: claims.via,
      userId: claims.userId,
      accessKeyId: claims.accessKeyId,
      bindingHash: bindingHash(claims.binding),
      fileVersion: report.file_version,
    });
    return { url: `/files/${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
  };

  const pageCountOf = async (report: ViewerReportRow) => {
    if (fileTypeOf(report.filetype) !== 'pdf') return null;
    const known = pageCounts.get(report.file_path);
    if (known !== undefined) return known;
    const bytes = await storage.get(report.file_path);
    if (!bytes) return null;
    try {
      const count = await pdfPageCount(bytes);
      if (pageCounts.size >= PAGE_COUNTS_MAX) pageCounts.clear();
      pageCounts.set(report.file_path, count);
      return count;
    } catch (error) {
      log.warn({ reportId: report.id, error: String(error) }, 'A report PDF could not be read');
      return null;
    }
  };

  const copies = createStampedCopies({
    ...{ db, clock, log, storage },
    ...{ changes: deps.changes, cacheTtlMs: deps.cacheTtlMs, deferred: deps.deferred },
  });

  /**
   * The reader's stamped copy of a stored PDF (its storage key), stamped on the first fetch only. `countFetch`
   * is false for the range requests that continue one reading.
   */
  const stampedCopy = async (
    report: ViewerReportRow,
    reader: ViewerReader,
    accessKeyId: number | null,
    countFetch: boolean,
    remake?: boolean,
  ) => {
    const marks: ResolvedWatermark[] = await deps.watermarks.resolve(
      watermarkReport(report),
      watermarkReader(reader, clock(), accessKeyId),
    );
    const copy = await copies.copyFor({
      reportId: report.id,
      sourceKey: report.file_path,
      owner: copyOwnerOf(reader, reader.userId),
      watermarks: marks,
      countFetch,
      remake,
    });
    if (copy?.pageCount != null && pageCounts.size < PAGE_COUNTS_MAX) {
      pageCounts.set(report.file_path, copy.pageCount);
    }
    return copy;
  };

  const htmCsp = () =>
    [
      'sandbox',
      "default-src 'none'",
      "img-src 'self' data:",
      "style-src 'unsafe-inline'",
      'font-src data:',
      `frame-ancestors 'self'${deps.frameOrigins.map((o) => ` ${o}`).join('')}`,
    ].join('; ');

  /** The picture of page one of a stamped copy, drawn and stored on its first request; null when it cannot be. */
  const firstPageOf = async (copyKey: string) => {
    const key = firstPageKeyOf(copyKey);
    const stored = await storage.get(key);
    if (stored) return stored;
    const pdf = await storage.get(copyKey);
    const drawn = pdf ? await drawFirstPage(pdf) : null;
    if (!drawn) return null;
    await storage.put(key, drawn.bytes, 'image/webp');
    return drawn.bytes;
  };

  return {
    signedPath,
    pageCountOf,

    /**
     * GET /report/{id}/firstPage (signed in; issue 23): page one of the reader's own stamped copy as a picture, for
     * the viewer's page to show before pdf.js has drawn it. The same rule and log as the viewer's other calls; the
     * copy is the one the reader's PDF comes from (stamped now if it is not yet).
     */
    async firstPage(caller: SessionCaller | null, reportId: number): Promise<Outcome<Buffer>> {
      const decision = await access.gate(caller, reportId, 'file', 'pdf first page');
      if (!decision.ok) return decision.outcome;
      const { report } = decision;
      const missing = fail(404, viewerHtmlError(viewerMessages.fileMissing));
      if (!caller || fileTypeOf(report.filetype) !== 'pdf' || isAddress(report)) return missing;
      const copy = await stampedCopy(report, readerOfUser(caller.user), null, false);
      const bytes = copy ? await firstPageOf(copy.storageKey) : null;
      return bytes ? { status: 200, body: bytes } : missing;
    },

    /** Whether the viewer's page for this signed-in reader starts with the first page's picture (a readable PDF). */
    async firstPagePainted(user: User, reportId: number) {
      if ((await access.mayOpen(user, reportId)) !== 'granted') return false;
      const report = await access.findReport(reportId, user.type === 'admin');
      return report !== null && fileTypeOf(report.filetype) === 'pdf' && !isAddress(report);
    },

    /**
     * GET /reports/downloadPdf/{id}/{userid} (admin): the PDF stamped for user {userid}, base64. One call per
     * second per admin (throws ThrottledError, answered 429).
     */
    async downloadPdf(
      admin: User,
      ref: { id: number },
      forUserId: number,
    ): Promise<Outcome<{ success: true; data: string }>> {
      await deps.throttles.take([['downloadPdfPerAdmin', String(admin.id)]]);
      const base = { action: 'download' as const, via: 'admin' as const, userId: admin.id, reportId: ref.id };
      const detail = `for user ${forUserId}`;
      const refuse = async (reason: string, outcome: ReturnType<typeof fail>) => {
        await logDecision({ ...base, granted: false, reason, detail });
        return outcome;
      };
      const report = await access.findReport(ref.id);
      if (!report) return refuse('unknownReport', reportMissing());
      const user = await findUser(db, forUserId);
      if (!user) return refuse('unknownUser', fail(404, viewerHtmlError(viewerMessages.userMissing)));
      if (fileTypeOf(report.filetype) !== 'pdf')
        return refuse('notPdf', fail(400, viewerHtmlError(viewerMessages.notPdf)));
      const copy = await stampedCopy(report, readerOfUser(user), null, true);
      const bytes = copy ? await storage.get(copy.storageKey) : null;
      if (!bytes) return refuse('fileMissing', fail(404, viewerHtmlError(viewerMessages.fileMissing)));
      await logDecision({ ...base, granted: true, reason: 'admin', detail });
      return { status: 200, body: { success: true, data: bytes.toString('base64') } };
    },

    /** GET /files/{token}: checks the signed URL against the caller, then delivers (stamped) bytes. */
    async file(
      token: string,
      request: { session: SessionCaller | null; cookies: Record<string, string | undefined>; range?: string },
    ): Promise<FileOutcome> {
      // Signature and expiry first; then only the bindings the URL's kind can be bound to are looked up (a
      // reader's own URL needs no lookup at all).
      const opened = openFileToken(await signingKey(), token, Math.floor(clock().getTime() / 1000));
      const check: FileTokenCheck =
        !opened.ok || isBoundTo(opened.claims, await access.requestBindings(request, opened.claims.via))
          ? opened
          : { ok: false, reason: 'otherBinding', claims: opened.claims };
      const claims = check.claims;
      const base = {
        action: 'file' as const,
        via: claims?.via ?? ('session' as Via),
        userId: request.session?.user.id ?? null,
        reportId: claims?.reportId ?? null,
        accessKeyId: claims?.accessKeyId ?? null,
      };
      const refuse = async (reason: string, status: 403 | 404 | 410, text: string) => {
        await logDecision({ ...base, granted: false, reason });
        return {
          ok: false as const,
          status,
          body: { success: false as const, error: viewerHtmlError(text) },
        };
      };
      if (!check.ok) {
        if (check.reason === 'expired') return refuse('expired', 410, viewerMessages.fileLinkExpired);
        return refuse(check.reason, 403, viewerMessages.fileLinkInvalid);
      }
      const c = check.claims;
      const report = await access.findReport(c.reportId);
      if (!report) return refuse('unknownReport', 404, viewerMessages.reportMissing);
      const allowed = await access.fileReader(c, report, request.session);
      if (!allowed.ok) return refuse(allowed.reason, 403, allowed.text);
      const { reader } = allowed;
      const type = fileTypeOf(report.filetype);
      if (isAddress(report)) return refuse('noFile', 404, viewerMessages.fileMissing);
      const grant = async (detail: string) =>
        logDecision({ ...base, userId: reader.userId, granted: true, reason: c.via, detail });

      // A PDF is served from the reader's stored stamped copy (made on the first fetch), ranges included.
      let servedKey = report.file_path;
      let stat: Awaited<ReturnType<Storage['stat']>> = null;
      if (type === 'pdf') {
        const continuing = request.range !== undefined && !/^\s*bytes\s*=\s*0\s*-/i.test(request.range);
        let copy = await stampedCopy(report, reader, c.accessKeyId, !continuing);
        if (copy) stat = await storage.stat(copy.storageKey);
        // a stored copy whose file storage lost is made again
        if (copy && !copy.made && !stat) {
          copy = await stampedCopy(report, reader, c.accessKeyId, false, true);
          if (copy) stat = await storage.stat(copy.storageKey);
        }
        if (!copy) return refuse('fileMissing', 404, viewerMessages.fileMissing);
        servedKey = copy.storageKey;
      } else {
        stat = await storage.stat(servedKey);
      }
      if (!stat) return refuse('fileMissing', 404, viewerMessages.fileMissing);
      const headers: Record<string, string> = commonFileHeaders(report, stat.contentType);
      if (type === 'htm') headers['content-security-policy'] = htmCsp();
      let range: ByteRange | null = null;
      if (type === 'pdf' || mediaTypes.includes(type)) {
        headers['accept-ranges'] = 'bytes';
        const parsed = parseByteRange(request.range, stat.size);
        if (parsed === 'unsatisfiable') {
          await grant('range not satisfiable');
          return {
            ok: true,
            status: 416,
            framable: false,
            headers: { ...headers, 'content-range': `bytes */${stat.size}` },
            body: null,
          };
        }
        range = parsed;
      }
      // A stamped copy of a usual size is read in one go (one read, no stream to pump: the stored copy's reply is
      // then about as cheap as a small JSON reply); media and large files are streamed.
      // The access log's row is written while the file is read (both are done before the reply).
      const detail = range
        ? `${type} bytes ${range.start}-${range.end}`
        : type === 'pdf'
          ? 'pdf stamped'
          : type;
      const read = async () => {
        const whole = type === 'pdf' && stat.size <= WHOLE_READ_MAX ? await storage.get(servedKey) : null;
        return { whole, stream: whole ? null : await storage.stream(servedKey) };
      };
      const [{ whole, stream }] = await Promise.all([read(), grant(detail)]);
      // (a file that the stat found and the read did not is a storage fault: logged as granted, then refused)
      if (!whole && !stream) return refuse('fileMissing', 404, viewerMessages.fileMissing);
      if (range) {
        return {
          ok: true,
          status: 206,
          framable: false,
          headers: {
            ...headers,
            'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
            'content-length': String(range.end - range.start + 1),
          },
          body: whole ? whole.subarray(range.start, range.end + 1) : sliceStream(stream!.body, range),
        };
      }
      return {
        ok: true,
        status: 200,
        framable: type === 'htm',
        headers: { ...headers, 'content-length': String(whole ? whole.length : stat.size) },
        body: whole ?? stream!.body,
      };
    },
  };
};

export type ReportFiles = ReturnType<typeof createReportFiles>;
