// pdf.js ships no types for its worker entry; only its presence matters here (see extract-text.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
