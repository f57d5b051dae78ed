/**
 * The viewer's access decision: who may open which report how. The entitlement rule (free access included) for a
 * signed-in reader, the e-mailed keys' recipients and the devices their file URLs are bound to, and the access log
 * every decision writes.
 */
import { type ReportErrorReply, viewerErrorCodes, viewerMessages } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { mayRead } from '../entitlements/entitlements.ts';
import type { Clock, Log } from '../runtime.ts';
import { type FileTokenClaims, type FileTokenVia, sessionBinding } from './file-tokens.ts';
import { findViewerReport, insertAccessLog, type ViewerReportRow } from './report-viewer.repository.ts';
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

export const fail = (status: 400 | 401 | 403 | 404 | 410, error: string) =>
  ({ status, body: { success: false as const, error } }) as const;
const requiredLogin = () => fail(401, viewerErrorCodes.requiredLogin);
const notEntitled = () => fail(403, viewerHtmlError(viewerMessages.notEntitled));
export const reportMissing = () => fail(404, viewerHtmlError(viewerMessages.reportMissing));

export const readerOfUser = (
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'companyName'>,
) => ({
  userId: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  company: user.companyName,
});

/** What the entitlement rule reads of a report. */
const readableOf = (report: ViewerReportRow) => ({
  freeAccess: report.free_access,
  sectorId: report.sector_id,
  sectorIds: report.sectors.map((s) => s.id),
});

export const createReportAccess = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  entitlements: EntitlementsService;
  accessKeys?: AccessKeyBindings;
  changes: ChangeFeed;
  cacheTtlMs: number;
}) => {
  const { db, clock, log } = deps;

  /**
   * The viewer's report rows, by id and visibility (the readers' published ones; an admin's look also finds a
   * scheduled one). The page's JSON and every fetch of its file read the same row: one statement per report and
   * cache lifetime, not one per request. A `report` change (publish, edit, replace, withdraw, curate, the
   * scheduled job) drops the report's rows at commit; an `analyst` change (a name or photo the row carries) all.
   */
  const reportRows = new LoadingCache<string, ViewerReportRow | null>({
    ttlMs: deps.cacheTtlMs,
    max: 2000,
    now: () => clock().getTime(),
  });
  deps.changes.subscribe('report', (change) => {
    if (!change.ids) return reportRows.clear();
    for (const id of change.ids) {
      reportRows.delete(`${id}:published`);
      reportRows.delete(`${id}:scheduled`);
    }
  });
  deps.changes.subscribe('analyst', () => reportRows.clear());
  /** The report as the viewer shows it (readers: published only; `scheduledToo`: an admin's look), or null. */
  const findReport = (reportId: number, scheduledToo = false) =>
    reportRows.getOrLoad(`${reportId}:${scheduledToo ? 'scheduled' : 'published'}`, () =>
      findViewerReport(db, reportId, { scheduledToo }),
    );

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
    // Readers see published reports only; an admin may also look at a scheduled one before its time.
    const report = await findReport(reportId, user.type === 'admin');
    if (!report) return { kind: 'unknownReport' as const };
    const entitlement = await deps.entitlements.entitlementFor(user);
    const readable = readableOf(report);
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

  /**
   * The bindings a request proves for a signed URL made `via`: a reader's or an admin's URL is bound to the
   * session alone (nothing to look up); an e-mailed key's URL to the devices verified for e-mailed keys and the
   * signed-in recipient's keys (usable ones only, looked up).
   */
  const requestBindings = async (
    request: { session: SessionCaller | null; cookies: Record<string, string | undefined> },
    via: Via,
  ): Promise<readonly string[]> => {
    if (via !== 'accessKey') return request.session ? [sessionBinding(request.session.sessionId)] : [];
    return deps.accessKeys ? deps.accessKeys.requestBindings(request.cookies) : [];
  };

  /**
   * Who reads the file a valid signed URL names: the key's recipient while the key is usable, or the URL's own
   * signed-in user while still entitled. A refusal carries the reason the log records and the viewer's text.
   */
  const fileReader = async (
    claims: FileTokenClaims,
    report: ViewerReportRow,
    session: SessionCaller | null,
  ): Promise<{ ok: true; reader: ViewerReader } | { ok: false; reason: string; text: string }> => {
    // A URL of a file since replaced opens nothing (the new file has its own URLs).
    if (claims.fileVersion !== report.file_version)
      return { ok: false, reason: 'oldFileVersion', text: viewerMessages.fileLinkExpired };
    if (claims.via === 'accessKey') {
      const recipient =
        claims.accessKeyId && deps.accessKeys ? await deps.accessKeys.readerOf(claims.accessKeyId) : null;
      if (!recipient)
        return { ok: false, reason: 'accessKeyUnusable', text: viewerMessages.accessKeyInvalid };
      if (report.state !== 'published')
        return { ok: false, reason: 'unknownReport', text: viewerMessages.reportMissing };
      return { ok: true, reader: recipient };
    }
    // Session tokens: the same user, still entitled now (a subscription may have ended since the URL was made).
    const user = session?.user;
    if (!user || user.id !== claims.userId)
      return { ok: false, reason: 'otherBinding', text: viewerMessages.fileLinkInvalid };
    if (report.state !== 'published' && user.type !== 'admin')
      return { ok: false, reason: 'unknownReport', text: viewerMessages.reportMissing };
    const entitlement = await deps.entitlements.entitlementFor(user);
    if (!mayRead(entitlement, readableOf(report)))
      return { ok: false, reason: 'notEntitled', text: viewerMessages.notEntitled };
    return { ok: true, reader: readerOfUser(user) };
  };

  return {
    logDecision,
    findReport,
    gate,
    requestBindings,
    fileReader,

    /**
     * Whether a signed-in reader may open a report, as GET /report/{id} would decide (not logged): 'unknownReport'
     * and 'notEntitled' are the viewer's 404 and 403.
     */
    async mayOpen(user: User, reportId: number) {
      return (await decide(user, reportId)).kind;
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
  };
};

export type ReportAccess = ReturnType<typeof createReportAccess>;
