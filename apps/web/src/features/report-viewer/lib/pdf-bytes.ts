import { takeBootFile } from '../../../lib/boot.ts';

// The PDF is fetched as soon as the report's reply names it, while pdf.js and its worker are still loading (by the
// page itself when it opened on the viewer: lib/boot.ts), and handed over once: pdf.js transfers the bytes to its
// worker, so a second reader would find them gone.
const pending = new Map<string, Promise<ArrayBuffer>>();

const download = async (url: string) => {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
};

// A download nobody takes (the reader left before the viewer mounted) is let go rather than kept in memory.
const unclaimedMs = 60_000;

/** Starts fetching the file (once per URL) without waiting for it. */
export const prefetchPdfBytes = (url: string) => {
  if (pending.has(url)) return;
  const bytes = takeBootFile(url) ?? download(url);
  bytes.catch(() => pending.delete(url));
  pending.set(url, bytes);
  window.setTimeout(() => {
    if (pending.get(url) === bytes) pending.delete(url);
  }, unclaimedMs);
};

/** The file's bytes: the prefetched download when there is one (which is then forgotten), else a new one. */
export const takePdfBytes = (url: string) => {
  const bytes = pending.get(url) ?? takeBootFile(url) ?? download(url);
  pending.delete(url);
  return bytes;
};
