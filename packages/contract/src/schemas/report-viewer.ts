import { z } from 'zod';
import { copyLink } from '../copy-links.ts';
import { watermarkXAlignments, watermarkYAlignments } from '../watermark.ts';
import { numberInput, textField } from './fields.ts';
import { analystRef, reportCard, sectorRef } from './research.ts';

/**
 * Report viewer (spec 1 sections 2.7, 4 and 7; issue 4). Shapes of GET /report/{id}, GET /report?accessKey=,
 * GET /reports/{id}, the access logging calls, GET /reports/downloadPdf/{id}/{userid} and GET /files/{token}.
 */

// ---------------------------------------------------------------------------------------------------------
// Report ids

/** /reports/101010_... is not a report: the viewer goes home and opens the external webcast (web only). */
export const webcastReportId = '101010';

/** An API report id: 'S-123' (standard) or 'H-123' (highlighted); the number is the report's id. */
export const apiReportIdPattern = /^([SH])-(\d{1,10})$/i;

export interface ViewerReportId {
  /** what the API is called with: 'S-123' or 'H-123' */
  apiId: string;
  /** the report's numeric id */
  id: number;
  highlighted: boolean;
}

/**
 * The `{id}_{slug}` segment of /reports/{id}_{slug} (spec 1 section 2.7): the id is the part before the first
 * underscore; 'H-123' is a highlighted report, a plain '123' (or 'S-123') is linked as 'S-123'. Returns
 * 'webcast' for 101010 and null for anything that names no report.
 */
export const parseViewerSegment = (segment: string): ViewerReportId | 'webcast' | null => {
  const raw = decodeURIComponent(segment).split('_')[0]?.trim() ?? '';
  if (raw === webcastReportId) return 'webcast';
  const prefixed = apiReportIdPattern.exec(raw);
  const digits = prefixed ? prefixed[2]! : /^\d{1,10}$/.test(raw) ? raw : null;
  if (digits === null) return null;
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const highlighted = prefixed?.[1]?.toUpperCase() === 'H';
  return { apiId: `${highlighted ? 'H' : 'S'}-${id}`, id, highlighted };
};

/** Path params of the viewer calls: ':id' is 'S-123' or 'H-123' (case-insensitive), id 1 to 2^31-1. */
export const apiReportId = textField()
  .regex(apiReportIdPattern, 'Please use a report id such as S-123')
  .transform((value, ctx) => {
    const match = apiReportIdPattern.exec(value)!;
    const id = Number(match[2]);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Please use a report id such as S-123' });
      return z.NEVER;
    }
    return { id, highlighted: match[1]!.toUpperCase() === 'H' };
  });
export const reportIdParams = z.object({ id: apiReportId });

export const downloadPdfParams = z.object({
  id: apiReportId,
  userid: numberInput(z.number().int().min(1).max(2_147_483_647)),
});

/** Signed file tokens: '<payload>.<signature>', base64url. */
export const fileTokenParams = z.object({
  token: textField()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]{10,900}\.[A-Za-z0-9_-]{43}$/, 'This file link is not valid'),
});

/** How long a signed file URL stays valid. */
export const fileUrlTtlSeconds = 300;

/** A stored file's URL is relative to the API base ('/files/<token>'); youtube and iframe addresses are absolute. */
export const resolveFileUrl = (apiBase: string, fileUrl: string) =>
  /^https?:\/\//i.test(fileUrl) ? fileUrl : `${apiBase.replace(/\/+$/, '')}${fileUrl}`;

// ---------------------------------------------------------------------------------------------------------
// Replies

export const resolvedWatermark = z.object({
  pages: z.array(z.number()).nullable(),
  text: z.string(),
  angle: z.number(),
  color: z.tuple([z.number(), z.number(), z.number()]),
  fontSize: z.number(),
  xAlign: z.enum(watermarkXAlignments),
  yAlign: z.enum(watermarkYAlignments),
  widthMul: z.number(),
  heightMul: z.number(),
  opacity: z.number(),
});

/** The analyst as the viewer header needs it: sJobCat 'Analysts' enables the talk-to-analyst link. */
export const viewerAnalyst = analystRef.extend({ sJobCat: z.string() });

/** One report opened in the viewer: the card fields plus how to get its file. */
export const reportDetail = reportCard.extend({
  analysts: z.array(viewerAnalyst),
  /**
   * pdf, htm, xls(x), mp3, video: a short-lived signed path relative to the API base ('/files/<token>', see
   * resolveFileUrl), bound to the caller's session (or access key and device); youtube and iframe: the address.
   */
  fileUrl: z.string(),
  /** when the signed path stops working (ISO 8601, UTC); null for addresses */
  fileUrlExpiresAt: z.string().nullable(),
  /** pages of a PDF when known, else null */
  pageCount: z.number().nullable(),
  /** the API id the report was opened with ('S-123' or 'H-123') */
  apiId: z.string(),
});
export type ReportDetail = z.infer<typeof reportDetail>;

export const reportViewerData = z.object({
  report: reportDetail,
  /** the first 20 related reports (spec 1 section 9); a card with `video` set links to /connect/videos/{video} */
  related: z.array(reportCard),
  /** the configurations that apply to this report, placeholders filled for this reader */
  watermarks: z.array(resolvedWatermark),
  /** an admin's copy-link menu (sWebCustomLinks, rw_CopyLinkTo; see copy-links.ts); empty for everyone else */
  copyLinks: z.array(copyLink),
});
export const reportViewerReply = z.object({ success: z.literal(true), data: reportViewerData });
export type ReportViewerReply = z.infer<typeof reportViewerReply>;

/**
 * Load errors (spec 1 section 4): 'requiredLogin' -> /login; 'createNewCookie' -> the device verification form
 * in the rfs view; anything else is HTML (viewerMessages texts in <p>) shown sanitised in a box with a Signup
 * Preferences button.
 */
export const viewerErrorCodes = {
  requiredLogin: 'requiredLogin',
  createNewCookie: 'createNewCookie',
} as const;
export const reportErrorReply = z.object({ success: z.literal(false), error: z.string() });
export type ReportErrorReply = z.infer<typeof reportErrorReply>;

/**
 * What a signed-in reader without entitlement learns of the report (ours, issue 11): enough to know what it is
 * and to ask for it. Lists already show every report's existence (reportCard), so this reveals nothing more;
 * the file URL, the page count, the text inside the file and search snippets are not part of this shape, and
 * replies are serialised through it (unknown keys are dropped), so they cannot leak through it either.
 */
export const refusedReport = z.object({
  id: z.number(),
  /** the API id the report was asked for ('S-123' or 'H-123') */
  apiId: z.string(),
  title: z.string(),
  published_date: z.string(),
  description: z.string(),
  analysts: z.array(analystRef),
  sectors: z.array(sectorRef),
});
export type RefusedReport = z.infer<typeof refusedReport>;

/** GET /report/{id} refused as notEntitled: the error HTML of spec 1 section 4 plus the report's metadata. */
export const reportRefusalReply = reportErrorReply.extend({ report: refusedReport });
export type ReportRefusalReply = z.infer<typeof reportRefusalReply>;

/** GET /reports/{id}: the signed file path, opened in a new window. */
export const reportPathReply = z.object({
  success: z.literal(true),
  data: z.object({ report: z.object({ path: z.string() }) }),
});

/** POST /report/{id}/access/dAcsHighligted and /dAcsFree. */
export const reportAccessReply = z.object({ success: z.literal(true) });
export const reportAccessKinds = { dAcsHighligted: 'highlighted', dAcsFree: 'free' } as const;

/** GET /reports/downloadPdf/{id}/{userid}: the PDF, stamped for that user, base64. */
export const downloadPdfReply = z.object({ success: z.literal(true), data: z.string() });

/**
 * PUT /report/:id/progress (ours): how far the signed-in reader got, as a fraction of the document (the PDF page
 * reached over the page count, the scroll position of an htm or sheet, the playback position of a recording).
 * The server keeps the furthest point; a report reached to 90% or more counts as finished.
 */
export const readingProgressBody = z.object({
  fraction: z.number().min(0).max(1),
});
export type ReadingProgressBody = z.infer<typeof readingProgressBody>;
export const readingProgressReply = z.object({ success: z.literal(true) });
