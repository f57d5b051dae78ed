import type { Readable } from 'node:stream';
import {
  buildCopyLinks,
  type CopyLink,
  copyLinkParameters,
  fileUrlTtlSeconds,
  type ReportDetail,
  type ReportErrorReply,
  type ReportFileType,
  type ReportRefusalReply,
  type ReportsReply,
  type ReportViewerReply,
  type ResolvedWatermark,
  reportFileTypes,
  reportsQuery,
  viewerErrorCodes,
  viewerMessages,
  type WatermarkReader,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import { mayRead } from '../entitlements/entitlements.ts';
import { addressFileTypes } from '../ingest/add-report.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import { JsonBody, type ResearchService } from '../research/research.service.ts';
import type { Clock, Log } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Storage } from '../storage/storage.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import { pdfPageCount } from '../watermark/stamp-pdf.ts';
import type { WatermarkService } from '../watermark/watermark.service.ts';
import { type ByteRange, parseByteRange, sliceStream } from './byte-range.ts';
import {
  bindingHash,
  type FileTokenVia,
  sessionBinding,
  signFileToken,
  verifyFileToken,
} from './file-tokens.ts';
import {
  findUser,
  findViewerReport,
  insertAccessLog,
  isSaved,
  recordView,
  type ViewerReportRow,
} from './report-viewer.repository.ts';
import { viewerHtmlError } from './viewer-errors.ts';

/** Whoever reads: the placeholders of the watermark come from here. */
export interface ViewerReader {
  userId: number | null;
  name: string;
  email: string;
  company: string;
}

/** A signed-in caller as the session plugin resolved it. */
export interface SessionCaller {
  sessionId: string;
  user: User;
}

export type Via = FileTokenVia;
export type ViewerAction = 'open' | 'path' | 'file' | 'access' | 'download';

export interface AccessDecision {
  action: ViewerAction;
  via: Via;
  granted: boolean;
  reason: string;
  userId: number | null;
  reportId: number | null;
  accessKeyId?: number | null;
  detail?: string | null;
}

/** A reply the route sends as it is: the status and the body (a success shape or the viewer's error shape). */
export type Outcome<T> =
  | { status: 200; body: T }
  | { status: 400 | 401 | 403 | 404 | 410; body: ReportErrorReply };

/** The e-mailed links side (issue 4, helper H2) plugs in here so that /files accepts its tokens. */
export interface AccessKeyBindings {
  /** Every binding string the request's cookies prove (the same strings passed to `openWithAccessKey`). */
  requestBindings(cookies: Record<string, string | undefined>): Promise<string[]>;
  /** The recipient of a key that is still usable (not expired, not revoked), else null. */
  readerOf(accessKeyId: number): Promise<ViewerReader | null>;
}

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

const fail = (status: 400 | 401 | 403 | 404 | 410, error: string) =>
  ({ status, body: { success: false as const, error } }) as const;
const requiredLogin = () => fail(401, viewerErrorCodes.requiredLogin);
const notEntitled = () => fail(403, viewerHtmlError(viewerMessages.notEntitled));
const reportMissing = () => fail(404, viewerHtmlError(viewerMessages.reportMissing));

/**
 * The notEntitled refusal of GET /report/{id} with the report's metadata only (the contract's refusedReport):
 * picked field by field, so nothing that opens the file or shows its text can ride along.
 */
const refusedWithMetadata = (
  outcome: ReturnType<typeof fail>,
  report: ViewerReportRow,
  apiId: string,
): ReturnType<typeof fail> => {
  const body: ReportRefusalReply = {
    ...outcome.body,
    report: {
      id: report.id,
      apiId,
      title: report.title,
      published_date: report.published_date,
      description: report.description,
      analysts: report.analysts.map(({ id, name, image_path }) => ({ id, name, image_path })),
      sectors: report.sectors,
    },
  };
  return { status: outcome.status, body };
};

const fileTypeOf = (value: string): ReportFileType =>
  (reportFileTypes as readonly string[]).includes(value) ? (value as ReportFileType) : 'pdf';
const isAddress = (report: ViewerReportRow) => addressFileTypes.includes(fileTypeOf(report.filetype));

export const readerOfUser = (
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'companyName'>,
) => ({
  userId: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  company: user.companyName,
});

const watermarkReader = (reader: ViewerReader, at: Date, accessKeyId?: number | null): WatermarkReader => ({
  name: reader.name,
  userId: reader.userId ?? (accessKeyId ? `K${accessKeyId}` : ''),
  company: reader.company,
  email: reader.email,
  date: at,
});

const watermarkReport = (report: ViewerReportRow) => ({
  sectorIds: [
    ...new Set([
      ...(report.sector_id === null ? [] : [report.sector_id]),
      ...report.sectors.map((s) => s.id),
    ]),
  ],
  sectorNames: report.sectors.map((s) => s.sName),
});

const PAGE_COUNTS_MAX = 2000;

export const createReportViewerService = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  storage: Storage;
  entitlements: EntitlementsService;
  research: ResearchService;
  throttles: ThrottlesService;
  watermarks: WatermarkService;
  parameters: ParametersService;
  secrets: SecretStore;
  /** CORS origins that may frame htm reports besides the API's own origin */
  frameOrigins: readonly string[];
  fileTtlSeconds?: number;
  accessKeys?: AccessKeyBindings;
}) => {
  const { db, clock, log, storage } = deps;
  const ttlSeconds = deps.fileTtlSeconds ?? fileUrlTtlSeconds;
  const pageCounts = new Map<string, number>();

  const signingKey = () => deps.secrets('viewerFileTokenKey');

  const logDecision = async (decision: AccessDecision) => {
    await insertAccessLog(db, {
      at: clock(),
      action: decision.action,
      via: decision.via,
      granted: decision.granted,
      reason: decision.reason,
      userId: decision.userId,
      reportId: decision.reportId,
      accessKeyId: decision.accessKeyId ?? null,
      detail: decision.detail ?? null,
    });
    log.info({ reportAccess: decision }, 'Report access');
  };

  /**
   * The single rule (entitlements module) applied to one report for a signed-in reader, not logged: `gate` logs
   * it for the viewer's calls, and reading progress (modules/reading) asks it before it records anything.
   */
  const decide = async (user: User, reportId: number) => {
    const report = await findViewerReport(db, reportId);
    if (!report) return { kind: 'unknownReport' as const };
    const entitlement = await deps.entitlements.entitlementFor(user);
    const readable = {
      freeAccess: report.free_access,
      sectorId: report.sector_id,
      sectorIds: report.sectors.map((s) => s.id),
    };
    if (!mayRead(entitlement, readable)) return { kind: 'notEntitled' as const, report, entitlement };
    return { kind: 'granted' as const, report, entitlement, readable };
  };

  /** The single rule (entitlements module) applied to one report; the reason is what the log records. */
  const gate = async (
    caller: SessionCaller | null,
    reportId: number,
    action: ViewerAction,
    detail?: string,
  ) => {
    const via: Via = caller?.user.type === 'admin' ? 'admin' : 'session';
    const userId = caller?.user.id ?? null;
    const refuse = async (reason: string, outcome: ReturnType<typeof fail>, report?: ViewerReportRow) => {
      await logDecision({ action, via, granted: false, reason, userId, reportId, detail });
      return { ok: false as const, outcome, report };
    };
    if (!caller) return refuse('anonymous', requiredLogin());
    const decision = await decide(caller.user, reportId);
    if (decision.kind === 'unknownReport') return refuse('unknownReport', reportMissing());
    if (decision.kind === 'notEntitled') return refuse('notEntitled', notEntitled(), decision.report);
    const { report, entitlement, readable } = decision;
    const reason = entitlement.readsAll
      ? 'admin'
      : mayRead({ ...entitlement, readsFree: false }, readable)
        ? 'entitled'
        : 'freeAccess';
    await logDecision({ action, via, granted: true, reason, userId, reportId, detail });
    return { ok: true as const, report, entitlement, via };
  };

  const signedPath = async (
    report: ViewerReportRow,
    claims: { via: Via; userId: number | null; accessKeyId: number | null; binding: string },
  ) => {
    if (isAddress(report)) return { url: report.file_path, expiresAt: null };
    const expiresAt = Math.floor(clock().getTime() / 1000) + ttlSeconds;
    const token = signFileToken(await signingKey(), {
      reportId: report.id,
      expiresAt,
      via: claims.via,
      userId: claims.userId,
      accessKeyId: claims.accessKeyId,
      bindingHash: bindingHash(claims.binding),
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

  /** The whole viewer reply for a reader already let in. */
  const viewerReply = async (args: {
    report: ViewerReportRow;
    apiId: string;
    reader: ViewerReader;
    entitlement: Entitlement;
    via: Via;
    accessKeyId: number | null;
    binding: string;
  }): Promise<ReportViewerReply> => {
    const { report, reader } = args;
    const now = clock();
    const [file, pageCount, saved, related, watermarks] = await Promise.all([
      signedPath(report, {
        via: args.via,
        userId: reader.userId,
        accessKeyId: args.accessKeyId,
        binding: args.binding,
      }),
      pageCountOf(report),
      reader.userId === null ? false : isSaved(db, reader.userId, report.id),
      deps.research.list(reportsQuery.parse({ type: 'related', id: report.id, pageSize: 20 }), {
        userId: reader.userId,
        entitlement: args.entitlement,
      }),
      deps.watermarks.resolve(watermarkReport(report), watermarkReader(reader, now, args.accessKeyId)),
    ]);
    await recordView(db, report.id, reader.userId, now);
    const detail: ReportDetail = {
      id: report.id,
      title: report.title,
      subtitle: report.subtitle,
      coverage: report.coverage,
      publication: report.publication,
      description: report.description,
      hashtags: report.hashtags,
      published_date: report.published_date,
      video: report.video,
      filetype: fileTypeOf(report.filetype),
      reading_minutes: report.reading_minutes,
      saved,
      type: report.type,
      isTempReport: report.is_temp_report,
      mustRead: report.must_read,
      sectorId: report.sector_id,
      analysts: report.analysts,
      companies: report.companies,
      countries: report.countries,
      sectors: report.sectors,
      entitled: true,
      fileUrl: file.url,
      fileUrlExpiresAt: file.expiresAt,
      pageCount,
      apiId: args.apiId,
    };
    // The research service may answer with its shared, already rendered page: the viewer needs the cards.
    const relatedCards =
      related instanceof JsonBody ? (JSON.parse(related.text) as ReportsReply).data : related.data;
    return { success: true, data: { report: detail, related: relatedCards, watermarks, copyLinks: [] } };
  };

  /** An admin's copy-link menu (spec 2 section 3), from the parameters as they are now; problems are logged. */
  const copyLinksOf = async (report: ViewerReportRow): Promise<CopyLink[]> => {
    const [customLinks, copyLinkTo] = await Promise.all([
      deps.parameters.get(copyLinkParameters.customLinks),
      deps.parameters.get(copyLinkParameters.copyLinkTo),
    ]);
    return buildCopyLinks({ customLinks, copyLinkTo }, report, (problem) =>
      log.warn({ parameter: copyLinkParameters.customLinks, problem }, problem),
    );
  };

  const apiIdOf = (ref: { id: number; highlighted: boolean }) => `${ref.highlighted ? 'H' : 'S'}-${ref.id}`;

  /** Stamps a stored PDF for the reader. */
  const stampedPdf = async (report: ViewerReportRow, reader: WatermarkReader) => {
    const bytes = await storage.get(report.file_path);
    if (!bytes) return null;
    const marks: ResolvedWatermark[] = await deps.watermarks.resolve(watermarkReport(report), reader);
    const stamped = await deps.watermarks.stampPdf(bytes, marks);
    if (pageCounts.size < PAGE_COUNTS_MAX) pageCounts.set(report.file_path, stamped.pageCount);
    return Buffer.from(stamped.bytes);
  };

  const commonFileHeaders = (report: ViewerReportRow, contentType: string) => ({
    'content-type': contentType,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="report-${report.id}.${fileTypeOf(report.filetype)}"`,
  });

  const htmCsp = () =>
    [
      'sandbox',
      "default-src 'none'",
      "img-src 'self' data:",
      "style-src 'unsafe-inline'",
      'font-src data:',
      `frame-ancestors 'self'${deps.frameOrigins.map((o) => ` ${o}`).join('')}`,
    ].join('; ');

  const mediaTypes: readonly ReportFileType[] = ['mp3', 'mp4', 'mpg', 'mpeg', 'ogg'];

  return {
    logDecision,
    readerOfUser,

    /**
     * Whether a signed-in reader may open a report, as GET /report/{id} would decide (not logged): 'unknownReport'
     * and 'notEntitled' are the viewer's 404 and 403.
     */
    async mayOpen(user: User, reportId: number) {
      return (await decide(user, reportId)).kind;
    },

    /** GET /report/{id} for a signed-in browser (or an anonymous one: requiredLogin). */
    async open(
      caller: SessionCaller | null,
      ref: { id: number; highlighted: boolean },
    ): Promise<Outcome<ReportViewerReply>> {
      const decision = await gate(caller, ref.id, 'open', apiIdOf(ref));
      if (!decision.ok) {
        // A reader refused for want of entitlement sees what the report is, to ask for it (issue 11).
        if (decision.report) return refusedWithMetadata(decision.outcome, decision.report, apiIdOf(ref));
        return decision.outcome;
      }
      const [body, copyLinks] = await Promise.all([
        viewerReply({
          report: decision.report,
          apiId: apiIdOf(ref),
          reader: readerOfUser(caller!.user),
          entitlement: decision.entitlement,
          via: decision.via,
          accessKeyId: null,
          binding: sessionBinding(caller!.sessionId),
        }),
        caller!.user.type === 'admin' ? copyLinksOf(decision.report) : [],
      ]);
      return { status: 200, body: { ...body, data: { ...body.data, copyLinks } } };
    },

    /**
     * GET /report?accessKey= (helper H2): the key, already checked by the caller, grants this one report to its
     * recipient. `binding` is the opaque device binding the file URL is tied to.
     */
    async openWithAccessKey(args: {
      reportId: number;
      highlighted?: boolean;
      reader: ViewerReader;
      accessKeyId: number;
      binding: string;
    }): Promise<Outcome<ReportViewerReply>> {
      const report = await findViewerReport(db, args.reportId);
      const base = { action: 'open' as const, via: 'accessKey' as const, userId: args.reader.userId };
      if (!report) {
        await logDecision({
          ...base,
          granted: false,
          reason: 'unknownReport',
          reportId: args.reportId,
          accessKeyId: args.accessKeyId,
        });
        return reportMissing();
      }
      await logDecision({
        ...base,
        granted: true,
        reason: 'accessKey',
        reportId: report.id,
        accessKeyId: args.accessKeyId,
      });
      return {
        status: 200,
        body: await viewerReply({
          report,
          apiId: apiIdOf({ id: report.id, highlighted: args.highlighted ?? report.type === 'highlighted' }),
          reader: args.reader,
          // the related list is the recipient's own view: their account's entitlement, or none
          entitlement: await deps.entitlements.entitlementFor(
            args.reader.userId === null ? null : await findUser(db, args.reader.userId),
          ),
          via: 'accessKey',
          accessKeyId: args.accessKeyId,
          binding: args.binding,
        }),
      };
    },

    /** GET /reports/{id}: the signed path of the file, opened in a new window. */
    async path(
      caller: SessionCaller | null,
      ref: { id: number; highlighted: boolean },
    ): Promise<Outcome<{ success: true; data: { report: { path: string } } }>> {
      const decision = await gate(caller, ref.id, 'path', apiIdOf(ref));
      if (!decision.ok) return decision.outcome;
      const file = await signedPath(decision.report, {
        via: decision.via,
        userId: caller!.user.id,
        accessKeyId: null,
        binding: sessionBinding(caller!.sessionId),
      });
      return { status: 200, body: { success: true, data: { report: { path: file.url } } } };
    },

    /** POST /report/{id}/access/dAcsHighligted or /dAcsFree: records the access of an entitled reader. */
    async access(
      caller: SessionCaller | null,
      ref: { id: number; highlighted: boolean },
      kind: 'highlighted' | 'free',
    ): Promise<Outcome<{ success: true }>> {
      const decision = await gate(caller, ref.id, 'access', kind);
      if (!decision.ok) return decision.outcome;
      return { status: 200, body: { success: true } };
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
      const report = await findViewerReport(db, ref.id);
      if (!report) return refuse('unknownReport', reportMissing());
      const user = await findUser(db, forUserId);
      if (!user) return refuse('unknownUser', fail(404, viewerHtmlError(viewerMessages.userMissing)));
      if (fileTypeOf(report.filetype) !== 'pdf')
        return refuse('notPdf', fail(400, viewerHtmlError(viewerMessages.notPdf)));
      const bytes = await stampedPdf(report, watermarkReader(readerOfUser(user), clock()));
      if (!bytes) return refuse('fileMissing', fail(404, viewerHtmlError(viewerMessages.fileMissing)));
      await logDecision({ ...base, granted: true, reason: 'admin', detail });
      return { status: 200, body: { success: true, data: bytes.toString('base64') } };
    },

    /** GET /files/{token}: checks the signed URL against the caller, then delivers (stamped) bytes. */
    async file(
      token: string,
      request: { session: SessionCaller | null; cookies: Record<string, string | undefined>; range?: string },
    ): Promise<FileOutcome> {
      const bindings = request.session ? [sessionBinding(request.session.sessionId)] : [];
      if (deps.accessKeys) bindings.push(...(await deps.accessKeys.requestBindings(request.cookies)));
      const check = verifyFileToken(
        await signingKey(),
        token,
        Math.floor(clock().getTime() / 1000),
        bindings,
      );
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
      const report = await findViewerReport(db, c.reportId);
      if (!report) return refuse('unknownReport', 404, viewerMessages.reportMissing);
      let reader: ViewerReader;
      if (c.via === 'accessKey') {
        const recipient =
          c.accessKeyId && deps.accessKeys ? await deps.accessKeys.readerOf(c.accessKeyId) : null;
        if (!recipient) return refuse('accessKeyUnusable', 403, viewerMessages.accessKeyInvalid);
        reader = recipient;
      } else {
        // Session tokens: the same user, still entitled now (a subscription may have ended since the URL was made).
        const user = request.session?.user;
        if (!user || user.id !== c.userId) return refuse('otherBinding', 403, viewerMessages.fileLinkInvalid);
        const entitlement = await deps.entitlements.entitlementFor(user);
        const readable = {
          freeAccess: report.free_access,
          sectorId: report.sector_id,
          sectorIds: report.sectors.map((s) => s.id),
        };
        if (!mayRead(entitlement, readable)) return refuse('notEntitled', 403, viewerMessages.notEntitled);
        reader = readerOfUser(user);
      }
      const type = fileTypeOf(report.filetype);
      if (isAddress(report)) return refuse('noFile', 404, viewerMessages.fileMissing);
      const grant = async (detail: string) =>
        logDecision({ ...base, userId: reader.userId, granted: true, reason: c.via, detail });

      if (type === 'pdf') {
        const bytes = await stampedPdf(report, watermarkReader(reader, clock(), c.accessKeyId));
        if (!bytes) return refuse('fileMissing', 404, viewerMessages.fileMissing);
        await grant('pdf stamped');
        return {
          ok: true,
          status: 200,
          framable: false,
          headers: {
            ...commonFileHeaders(report, 'application/pdf'),
            'content-length': String(bytes.length),
          },
          body: bytes,
        };
      }
      const stat = await storage.stat(report.file_path);
      if (!stat) return refuse('fileMissing', 404, viewerMessages.fileMissing);
      const headers: Record<string, string> = commonFileHeaders(report, stat.contentType);
      if (type === 'htm') headers['content-security-policy'] = htmCsp();
      let range: ByteRange | null = null;
      if (mediaTypes.includes(type)) {
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
      const stream = await storage.stream(report.file_path);
      if (!stream) return refuse('fileMissing', 404, viewerMessages.fileMissing);
      await grant(range ? `bytes ${range.start}-${range.end}` : type);
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
          body: sliceStream(stream.body, range),
        };
      }
      return {
        ok: true,
        status: 200,
        framable: type === 'htm',
        headers: { ...headers, 'content-length': String(stat.size) },
        body: stream.body,
      };
    },
  };
};

export type ReportViewerService = ReturnType<typeof createReportViewerService>;
