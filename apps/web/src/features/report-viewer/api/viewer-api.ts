import type { ReadingProgressBody, RefusedReport, ReportViewerReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch, apiRequest } from '../../../lib/api-client.ts';

export type ViewerData = ReportViewerReply['data'];

/** What a report load ends in: the report, or the error of spec 1 section 4 (a code or HTML text). */
export type ViewerLoad =
  | { kind: 'report'; data: ViewerData }
  /** `report`: what a reader without entitlement may know of the report (the notEntitled refusal, issue 11) */
  | { kind: 'error'; error: string; report?: RefusedReport };

/** Which report to load: by its API id ('S-123'/'H-123') or, in the rfs view, by an e-mailed access key. */
export type ViewerSource = { apiId: string } | { accessKey: string };

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * GET /report/{id} or /report?accessKey=. A refusal is an answer here, not a failure: the reply's `error`
 * (requiredLogin, createNewCookie or HTML) decides what the viewer shows, whatever the status code. Only a
 * network failure or an unreadable reply throws.
 */
export async function fetchViewerReport(source: ViewerSource, signal?: AbortSignal): Promise<ViewerLoad> {
  const response =
    'apiId' in source
      ? await apiFetch('GET', `/report/${encodeURIComponent(source.apiId)}`, {
          pattern: '/report/:id',
          signal,
        })
      : await apiFetch('GET', '/report', { query: { accessKey: source.accessKey }, signal });
  const body = asRecord(response.body);
  if (body.success === true && body.data) return { kind: 'report', data: body.data as ViewerData };
  if (typeof body.error === 'string' && body.error.trim() !== '') {
    const report = asRecord(body.report);
    if (typeof report.title === 'string')
      return { kind: 'error', error: body.error, report: report as unknown as RefusedReport };
    return { kind: 'error', error: body.error };
  }
  throw new ApiError(
    response.status,
    typeof body.message === 'string' && body.message ? body.message : `HTTP ${response.status}`,
  );
}

/** The report viewer's query keys: its queries and its mutations take them from here. */
export const viewerKeys = {
  /** every viewer query (the admin actions update the report they show) */
  all: ['report-viewer'] as const,
  /** the reply depends on who asks: the reader is part of the key */
  report: (source: ViewerSource, userId: number | null) => ['report-viewer', source, userId] as const,
  /** this month's forwards left (the reader's, whatever the report) */
  forwardsLeft: ['forwardsLeft'] as const,
};

/** The report of `source` for the signed-in reader `userId` (null: anonymous), once the session is known. */
export const useViewerReport = (source: ViewerSource, userId: number | null, ready: boolean) =>
  useQuery({
    queryKey: viewerKeys.report(source, userId),
    queryFn: ({ signal }) => fetchViewerReport(source, signal),
    // The reply depends on who asks: wait for the session so the report is not fetched twice on a fresh load.
    enabled: ready,
    // The reply carries a short-lived signed file URL: never reuse it from a cache, never refetch it under a
    // document that is being read (a new URL would reload the document).
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export type ReportAccessKind = 'dAcsHighligted' | 'dAcsFree';

/** POST /report/{id}/access/dAcsHighligted or /dAcsFree: records that the reader opened the report. */
export const logReportAccess = (apiId: string, kind: ReportAccessKind) =>
  apiRequest<{ success: true }>('POST', `/report/${encodeURIComponent(apiId)}/access/${kind}`, {
    pattern: `/report/:id/access/${kind}`,
  });

/**
 * PUT /report/{id}/progress: the furthest fraction of the report the reader reached (the server keeps the
 * maximum). `keepalive` lets the last report of a visit go out while the page is being left. The reply is not
 * read: progress is a convenience for the home's "continue reading", never something the reader waits on.
 */
export const saveReadingProgress = async (apiId: string, fraction: number, keepalive = false) => {
  const body: ReadingProgressBody = { fraction: Math.min(1, Math.max(0, fraction)) };
  await apiFetch('PUT', `/report/${encodeURIComponent(apiId)}/progress`, {
    pattern: '/report/:id/progress',
    body,
    keepalive,
  });
};
