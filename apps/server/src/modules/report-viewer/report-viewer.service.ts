/**
 * The report viewer's service as services.ts builds it and routes call it: a thin composer of its three concerns,
 * the access decision (report-access.ts), file serving (report-files.ts) and the viewer reply (viewer-reply.ts).
 */
import { fileUrlTtlSeconds } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { DeferredWork } from '../deferred/deferred-work.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { ResearchService } from '../research/research.service.ts';
import type { Clock, Log } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Storage } from '../storage/storage.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import type { WatermarkService } from '../watermark/watermark.service.ts';
import { type AccessKeyBindings, createReportAccess, readerOfUser } from './report-access.ts';
import { createReportFiles } from './report-files.ts';
import { createViewerReply } from './viewer-reply.ts';

/** The routes' reply type (routes/report-viewer.ts takes it from here). */
export type { Outcome } from './report-access.ts';

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
  /** report changes drop the cached report rows (report-access.ts) */
  changes: ChangeFeed;
  cacheTtlMs: number;
  /** a stored copy's fetch is counted after the reply (leak-tracing/stamped-copies.ts) */
  deferred: Pick<DeferredWork, 'run'>;
}) => {
  const access = createReportAccess(deps);
  const files = createReportFiles({ ...deps, access, ttlSeconds: deps.fileTtlSeconds ?? fileUrlTtlSeconds });
  const reply = createViewerReply({ ...deps, access, files });
  return {
    logDecision: access.logDecision,
    readerOfUser,
    mayOpen: access.mayOpen,
    open: reply.open,
    openWithAccessKey: reply.openWithAccessKey,
    path: reply.path,
    access: access.access,
    downloadPdf: files.downloadPdf,
    file: files.file,
    firstPage: files.firstPage,
    firstPagePainted: files.firstPagePainted,
  };
};

export type ReportViewerService = ReturnType<typeof createReportViewerService>;
