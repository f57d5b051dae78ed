import { parseViewerSegment } from './schemas/report-viewer.ts';
import type { ScreenId } from './web-routes.ts';

/**
 * What a screen's first render asks the API for, started before the app's scripts have loaded: the server names
 * these calls in the page it sends (it knows the route), /config.js starts them as soon as the page is parsed, and
 * the app's API client takes each reply instead of asking again (apps/web/src/lib/boot.ts). Paths are the API
 * client's own (below the API base, with the same encoding), so a reply is only taken by the very call it answers.
 * Every screen asks for the session first.
 */
export const bootCallsOf = (screen: ScreenId, pathname: string): string[] => {
  const calls = ['/users/me'];
  if (screen === 'landing') calls.push('/landing');
  else if (screen === 'about') calls.push('/content');
  else if (screen === 'reportViewer') {
    const report = viewerReportOf(pathname);
    if (report) calls.push(`/report/${encodeURIComponent(report.apiId)}`);
  }
  return calls;
};

/** The report a viewer address (/reports/{segment}) names, or null (none, the webcast, a malformed escape). */
export const viewerReportOf = (pathname: string) => {
  const segment = /^\/reports\/([^/]+)\/?$/i.exec(pathname)?.[1];
  let parsed: ReturnType<typeof parseViewerSegment> = null;
  try {
    parsed = segment ? parseViewerSegment(segment) : null;
  } catch {
    // A malformed escape in the address: the screen shows its not-found state, and nothing is started.
  }
  return parsed && parsed !== 'webcast' ? parsed : null;
};

/** The picture of the first page of a report's PDF for the signed-in reader (GET /report/{id}/firstPage). */
export const firstPageCallOf = (apiId: string) => `/report/${encodeURIComponent(apiId)}/firstPage`;

/** Screens whose first paint needs pdf.js: its worker is started with the page, not after the report's data. */
export const pdfWorkerScreens: ReadonlySet<ScreenId> = new Set<ScreenId>(['reportViewer']);

/** The viewer's report call, whose reply names the PDF the page then asks for at once (`bootMeta.pdfOf`). */
export const pdfReportCallOf = (calls: readonly string[]) =>
  calls.find((call) => call.startsWith('/report/'));

/**
 * The page's `<meta>` names /config.js reads: one tag per call; the worker's script address; the call whose reply
 * names a PDF to fetch as soon as it is in.
 */
export const bootMeta = {
  call: 'portal-boot-call',
  pdfWorker: 'portal-boot-pdf-worker',
  pdfOf: 'portal-boot-pdf-of',
  entry: 'portal-boot-entry',
  module: 'portal-boot-module',
} as const;

/**
 * Screens the server paints itself (the landing's banner, About's text): the page shows them from its HTML and
 * styles alone, and the app's scripts are asked for only once the browser has painted it (`bootMeta.entry`), so
 * no script stands between the reader and the first paint.
 */
export const paintedScreens: ReadonlySet<ScreenId> = new Set<ScreenId>(['landing', 'about']);
