/**
 * The JSON the viewer gets: the report's detail with its signed file URL, page count, saved flag, related cards,
 * watermarks and an admin's copy links (GET /report/{id}, and by an e-mailed key), the file's path (GET
 * /reports/{id}), and the report's metadata alone when the reader is not entitled.
 */
import {
  buildCopyLinks,
  type CopyLink,
  copyLinkParameters,
  type ReportDetail,
  type ReportRefusalReply,
  type ReportsReply,
  type ReportViewerReply,
  reportsQuery,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { JsonBody } from '../cache/json-body.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { ResearchService } from '../research/research.service.ts';
import type { Clock, Log } from '../runtime.ts';
import type { WatermarkService } from '../watermark/watermark.service.ts';
import { sessionBinding } from './file-tokens.ts';
import {
  type fail,
  type Outcome,
  type ReportAccess,
  readerOfUser,
  reportMissing,
  type SessionCaller,
  type Via,
  type ViewerReader,
} from './report-access.ts';
import { fileTypeOf, type ReportFiles, watermarkReader, watermarkReport } from './report-files.ts';
import { findUser, isSaved, recordView, type ViewerReportRow } from './report-viewer.repository.ts';

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

const apiIdOf = (ref: { id: number; highlighted: boolean }) => `${ref.highlighted ? 'H' : 'S'}-${ref.id}`;

export const createViewerReply = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  entitlements: EntitlementsService;
  research: ResearchService;
  watermarks: WatermarkService;
  parameters: ParametersService;
  access: ReportAccess;
  files: ReportFiles;
}) => {
  const { db, clock, log, access, files } = deps;

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
      files.signedPath(report, {
        via: args.via,
        userId: reader.userId,
        accessKeyId: args.accessKeyId,
        binding: args.binding,
      }),
      files.pageCountOf(report),
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

  return {
    /** GET /report/{id} for a signed-in browser (or an anonymous one: requiredLogin). */
    async open(
      caller: SessionCaller | null,
      ref: { id: number; highlighted: boolean },
    ): Promise<Outcome<ReportViewerReply>> {
      const decision = await access.gate(caller, ref.id, 'open', apiIdOf(ref));
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
      const report = await access.findReport(args.reportId);
      const base = { action: 'open' as const, via: 'accessKey' as const, userId: args.reader.userId };
      if (!report) {
        await access.logDecision({
          ...base,
          granted: false,
          reason: 'unknownReport',
          reportId: args.reportId,
          accessKeyId: args.accessKeyId,
        });
        return reportMissing();
      }
      await access.logDecision({
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
      const decision = await access.gate(caller, ref.id, 'path', apiIdOf(ref));
      if (!decision.ok) return decision.outcome;
      const file = await files.signedPath(decision.report, {
        via: decision.via,
        userId: caller!.user.id,
        accessKeyId: null,
        binding: sessionBinding(caller!.sessionId),
      });
      return { status: 200, body: { success: true, data: { report: { path: file.url } } } };
    },
  };
};
