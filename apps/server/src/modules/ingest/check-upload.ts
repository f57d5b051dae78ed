/**
 * The checks of an uploaded report file (issue 23), on the server whatever the browser checked: the bytes are of
 * the type the name says (magic bytes, file-type), the size is within the type's limit, a PDF opens in pdf.js,
 * an xlsx is not a zip bomb (its central directory read before anything is inflated, then each entry inflated
 * with a ceiling of what it declared), and an htm page is sanitised (it is shown in the viewer's sandboxed frame
 * with a CSP that runs no script; sanitising on write is the rule for stored HTML all the same).
 */
import { inflateRawSync } from 'node:zlib';
import {
  messagesPublishing,
  reportUploadLimits,
  type UploadFileType,
  uploadLimitMegabytes,
  uploadTypeOfName,
} from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import type { SpooledFile, UploadContent } from '../storage/spooled-file.ts';
import { extractPdfText, extractSpreadsheetText, htmlToText } from './extract-text.ts';

const e = messagesPublishing.errors;

/** What is stored: the bytes (checked, an htm page sanitised), or a spooled recording or film as it arrived. */
export type CheckedContent = UploadContent;

export type CheckedUpload =
  | ({ ok: true; fileType: UploadFileType; bodyText: string } & CheckedContent)
  | { ok: false; status: 400 | 413; message: string };

const refuse = (message: string, status: 400 | 413 = 400) => ({ ok: false as const, status, message });

/** The types an upload may arrive spooled as (they are stored as sent: nothing reads their content). */
export const spooledTypes: readonly UploadFileType[] = ['mp3', 'mp4'];

/** What file-type may call each upload type (an mp4 may carry an M4V brand). */
const detectedAs: Record<UploadFileType, readonly string[]> = {
  pdf: ['pdf'],
  htm: [],
  xlsx: ['xlsx'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v'],
};

/**
 * Checks an upload named `fileName`, in memory or spooled to disk (recordings and films: told by their first
 * bytes, never read whole). Answers the file's type, what to store (an htm page sanitised) and its text for
 * search, or the refusal's status and message. Never throws for a bad file.
 */
export const checkUpload = async (
  fileName: string,
  source: Uint8Array | SpooledFile,
): Promise<CheckedUpload> => {
  const content: CheckedContent = source instanceof Uint8Array ? { bytes: source } : { spooled: source };
  const fileType = uploadTypeOfName(fileName);
  if (!fileType) return refuse(e.fileType);
  const size = content.spooled ? content.spooled.size : content.bytes.length;
  if (size === 0) return refuse(e.fileRequired);
  if (size > reportUploadLimits.maxBytes[fileType]) {
    return refuse(e.fileTooLarge(fileType, uploadLimitMegabytes(fileType)), 413);
  }
  const detected = await fileTypeFromBuffer(content.spooled ? content.spooled.head : content.bytes).catch(
    () => undefined,
  );
  if (content.spooled) {
    if (!detected || !detectedAs[fileType].includes(detected.ext) || !spooledTypes.includes(fileType))
      return refuse(e.fileTypeMismatch(fileType));
    return { ok: true, fileType, spooled: content.spooled, bodyText: '' };
  }
  const { bytes } = content;
  if (fileType === 'htm') {
    if (detected) return refuse(e.fileTypeMismatch(fileType));
    return checkHtm(bytes);
  }
  if (!detected || !detectedAs[fileType].includes(detected.ext)) return refuse(e.fileTypeMismatch(fileType));
  if (fileType === 'pdf') {
    try {
      return { ok: true, fileType, bytes, bodyText: await extractPdfText(bytes) };
    } catch {
      return refuse(e.pdfUnreadable);
    }
  }
  if (fileType === 'xlsx') {
    const zip = checkZip(bytes);
    if (!zip.ok) return refuse(zip.reason === 'tooLarge' ? e.xlsxTooLarge : e.xlsxUnreadable);
    try {
      return { ok: true, fileType, bytes, bodyText: await extractSpreadsheetText(bytes) };
    } catch {
      return refuse(e.xlsxUnreadable);
    }
  }
  return { ok: true, fileType, bytes, bodyText: '' };
};

// ---------------------------------------------------------------------------------------------------------------
// htm

/** Tags and attributes a research note's page keeps: text, tables, images (data: or relative), styles. */
const htmOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'title',
    'meta',
    'style',
    'img',
    'font',
    'center',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'lang', 'dir'],
    a: ['href', 'name', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    meta: ['charset'],
    font: ['color', 'face', 'size'],
    td: ['bgcolor'],
    tr: ['bgcolor'],
    table: ['border', 'cellpadding', 'cellspacing', 'bgcolor'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowVulnerableTags: true,
  // whole documents: keep the html, head and body structure
  enforceHtmlBoundary: false,
};

const checkHtm = (bytes: Uint8Array): CheckedUpload => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(e.htmUnsafe);
  }
  // A web page is text with markup: NUL bytes or no tag at all is not one.
  if (text.includes('\u0000') || !/<[a-z!][^>]*>/i.test(text)) return refuse(e.htmUnsafe);
  const clean = sanitizeHtml(text, htmOptions);
  const body = /^\s*<!doctype/i.test(clean) ? clean : `<!doctype html>\n${clean}`;
  const stored = new TextEncoder().encode(body);
  return { ok: true, fileType: 'htm', bytes: stored, bodyText: htmlToText(body) };
};

// ---------------------------------------------------------------------------------------------------------------
// zip (xlsx)

export type ZipCheck = { ok: true; entries: number } | { ok: false; reason: 'unreadable' | 'tooLarge' };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;

/**
 * Reads a zip's central directory (never trusting a local header's sizes): the entry count, each entry's sizes
 * and the totals against the limits, then inflates each entry with a ceiling of its declared size, so a
 * directory that lies about sizes is caught without inflating past the limits. ZIP64 and encrypted entries are
 * refused (a spreadsheet within the size limit needs neither).
 */
export interface ZipLimits {
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  maxEntries: number;
}

export const checkZip = (bytes: Uint8Array, limits: ZipLimits = reportUploadLimits.xlsx): ZipCheck => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unreadable = { ok: false as const, reason: 'unreadable' as const };
  const tooLarge = { ok: false as const, reason: 'tooLarge' as const };
  if (bytes.length < EOCD_MIN) return unreadable;
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_MIN - 0xffff);
  for (let at = bytes.length - EOCD_MIN; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return unreadable;
  const entries = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return unreadable;
  if (entries > limits.maxEntries) return tooLarge;
  if (directoryOffset + directorySize > eocd) return unreadable;
  let totalCompressed = 0;
  let totalUncompressed = 0;
  const found: { method: number; compressed: number; uncompressed: number; local: number }[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return unreadable;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const uncompressed = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    if (flags & 0x1) return unreadable;
    if (compressed === 0xffffffff || uncompressed === 0xffffffff || local === 0xffffffff) return unreadable;
    if (method !== 0 && method !== 8) return unreadable;
    totalCompressed += compressed;
    totalUncompressed += uncompressed;
    if (totalUncompressed > limits.maxUncompressedBytes) return tooLarge;
    // Tiny entries compress well without being a threat: the ratio counts from a megabyte.
    if (uncompressed > 1024 * 1024 && uncompressed > compressed * limits.maxCompressionRatio) return tooLarge;
    found.push({ method, compressed, uncompressed, local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (totalUncompressed > 1024 * 1024 && totalUncompressed > totalCompressed * limits.maxCompressionRatio) {
    return tooLarge;
  }
  for (const entry of found) {
    if (entry.local + 30 > bytes.length || view.getUint32(entry.local, true) !== LOCAL_SIGNATURE) {
      return unreadable;
    }
    const start =
      entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
    if (start + entry.compressed > bytes.length) return unreadable;
    const data = bytes.subarray(start, start + entry.compressed);
    if (entry.method === 0) {
      if (entry.compressed !== entry.uncompressed) return unreadable;
      continue;
    }
    try {
      // One byte of room: more output than declared fails here instead of growing without bound.
      const inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressed + 1) });
      if (inflated.length !== entry.uncompressed) return unreadable;
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge : unreadable;
    }
  }
  return { ok: true, entries };
};
