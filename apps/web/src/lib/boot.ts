// The page's first calls, started by /config.js while the app's scripts were still loading (the server names them
// in the page it sends: contract `bootCallsOf`; apps/server/src/modules/web-document `bootScript`). The API client
// takes a call's reply here, once, instead of asking again; the report viewer takes the pdf.js worker and the PDF.

declare global {
  interface Window {
    __PORTAL_BOOT__?: {
      calls?: Record<string, Promise<Response> | undefined>;
      files?: Record<string, Promise<ArrayBuffer> | undefined>;
      pdfWorker?: Worker | null;
    };
  }
}

/** The reply of the GET of `url` that /config.js started, if any and not taken yet (each is taken once). */
export const takeBootCall = (url: string): Promise<Response> | undefined => {
  const calls = typeof window === 'undefined' ? undefined : window.__PORTAL_BOOT__?.calls;
  const call = calls?.[url];
  if (calls && call) delete calls[url];
  return call;
};

/** The pdf.js worker /config.js started for a screen that draws PDFs, if any and not taken yet. */
export const takeBootPdfWorker = (): Worker | undefined => {
  const boot = typeof window === 'undefined' ? undefined : window.__PORTAL_BOOT__;
  const worker = boot?.pdfWorker ?? undefined;
  if (boot) boot.pdfWorker = null;
  return worker;
};

/** The bytes of the file at `url` that /config.js started (the viewer's PDF), if any and not taken yet. */
export const takeBootFile = (url: string): Promise<ArrayBuffer> | undefined => {
  const files = typeof window === 'undefined' ? undefined : window.__PORTAL_BOOT__?.files;
  const file = files?.[url];
  if (files && file) delete files[url];
  return file;
};
