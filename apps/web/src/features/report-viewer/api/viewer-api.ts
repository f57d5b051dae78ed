import type { ReportViewerReply } from '@portal/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

export type ViewerData = ReportViewerReply['data'];

/** What a report load ends in: the report, or the error of spec 1 section 4 (a code or HTML text). */
export type ViewerLoad = { kind: 'report'; data: ViewerData } | { kind: 'error'; error: string };

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
  const { apiBase } = getRuntimeConfig();
  const url =
    'apiId' in source
      ? `${apiBase}/report/${encodeURIComponent(source.apiId)}`
      : `${apiBase}/report?accessKey=${encodeURIComponent(source.accessKey)}`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(await response.json());
  } catch {
    // handled below as an unreadable reply
  }
  if (body.success === true && body.data) return { kind: 'report', data: body.data as ViewerData };
  if (typeof body.error === 'string' && body.error.trim() !== '') return { kind: 'error', error: body.error };
  throw new ApiError(
    response.status,
    typeof body.message === 'string' && body.message ? body.message : `HTTP ${response.status}`,
  );
}

export type ReportAccessKind = 'dAcsHighligted' | 'dAcsFree';

/** POST /report/{id}/access/dAcsHighligted or /dAcsFree: records that the reader opened the report. */
export const logReportAccess = (apiId: string, kind: ReportAccessKind) =>
  apiRequest<{ success: true }>('POST', `/report/${encodeURIComponent(apiId)}/access/${kind}`, {
    pattern: `/report/:id/access/${kind}`,
  });
