import { slugify } from '@portal/contract';

/** A file name from a report's title: slugged, with `extension` ('report.pdf' when the title has no letters). */
export const reportFileName = (title: string, extension: 'pdf' | 'png') =>
  `${slugify(title) || 'report'}.${extension}`;

/** Base64 (the PDF download's reply) to bytes. */
export const base64ToBytes = (base64: string) => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Hands `blob` to the browser as a download named `name`. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it is released once the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
