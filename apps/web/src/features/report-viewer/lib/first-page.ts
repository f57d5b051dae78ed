/**
 * The element timing name of page one's picture (the server's page carries the same): the benchmark
 * (bench/pdf-first-page.mjs) reads when it was first painted, whichever of the page's or the viewer's it was.
 * React types have no `elementtiming` attribute: it goes in as a spread.
 */
export const firstPageTiming: Record<string, string> = { elementtiming: 'report-first-page' };
