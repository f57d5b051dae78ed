/** performance.mark name set when the first PDF page's canvas is painted (read by bench/pdf-first-page.mjs). */
export const firstPdfPageMark = 'report-viewer:first-pdf-page';

/** Spec 1 section 9: the PDF pager applies above 10 pages. */
export const pdfPagerThreshold = 10;

/** Spec 1 section 9: htm zoom. */
export const htmZoom = { initial: 1.4, step: 0.1, min: 0.1 } as const;

/** Spec 1 section 9: related reports shown beside the document. */
export const relatedReportsLimit = 20;

/** Spec 1 section 2.7: the id that opens the external webcast instead of a report. */
export const webcastReportId = '101010';

/** Height of a document's own toolbar (PDF pager, htm zoom, worksheet tabs): the .pager min-height in CSS. */
export const toolbarHeight = 52;

/** Reading progress goes to the server at most this often while reading (and once more on leaving). */
export const readingProgressIntervalMs = 10_000;

/** PDF zoom, as a multiple of the fit-to-width size: buttons step by the factor, pinch moves freely between. */
export const pdfZoom = { min: 0.5, max: 4, step: 1.25 } as const;

/** A double tap on a PDF page zooms it to this (from the fitted width, where an A4 page's text is 5-6 px on a
 * phone, to about 12 px), at the tapped point; a double tap on a zoomed page fits it to the width again. */
export const pdfDoubleTapZoom = 2;

/** Two taps count as a double tap within this time and distance (the platforms' own double-tap figures). */
export const doubleTap = { ms: 300, px: 30 } as const;

/** The strip at the bottom of a browser's video player that holds its controls: the watermark stays above it. */
export const playerControlsHeight = 48;
