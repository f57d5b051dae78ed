import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where report files, photos and uploads live. Keys are relative, slash-separated paths such as
 * 'reports/2025/00042.pdf'; the local adapter keeps them under one root directory (DATA_DIR/files).
 */
export interface StoredFile {
  contentType: string;
  size: number;
}

/**
 * The readers (get, stream, exists, stat) answer "nothing there" for a key that cannot hold a file (not a valid
 * key, a name too long for the file system, a path through a file): keys reach them from requests, and a caller
 * serving one answers 404, never 500. The writers (put, delete) refuse an invalid key with InvalidStorageKeyError.
 */
export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the file at `sourcePath` on the local disk (an upload spooled while it arrived) under `key`, streamed:
   * never read into memory whole, whatever its size (issue 26: films and recordings of up to 200 MB).
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** null when the key holds nothing (or cannot) */
  get(key: string): Promise<Buffer | null>;
  /**
   * A stream for serving large files without buffering them; null when the key holds nothing (or cannot). With
   * `range` (inclusive byte offsets within the file), only those bytes are read: a seek into a long film reads
   * from there, not from the start.
   */
  stream(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ body: Readable; file: StoredFile } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file if present. */
  delete(key: string): Promise<void>;
  /** null when the key holds no file (or cannot) */
  stat(key: string): Promise<StoredFile | null>;
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Keys come from the database and, later, from uploads: only plain relative segments are accepted, so a key
 * can never name a file outside the root ('..', absolute paths, backslashes, empty or hidden segments).
 */
export const isValidStorageKey = (key: string) =>
  key.length > 0 && key.length <= 512 && keyPattern.test(key) && !key.split('/').some((s) => /^\.+$/.test(s));

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const contentTypeByExtension: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.ogg': 'video/ogg',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.avi': 'video/vnd.avi',
  '.gif': 'image/gif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

export const contentTypeOf = (key: string) =>
  contentTypeByExtension[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/**
 * Both adapters refuse a content type other than the one the key's extension stands for (parameters such as a
 * charset aside): what `stat` reports is derived from the key, so a mismatch would be served wrongly.
 */
export const checkContentType = (key: string, contentType: string) => {
  const expected = contentTypeOf(key);
  if (contentType.split(';')[0]!.trim() !== expected.split(';')[0]!.trim()) {
    throw new Error(`Content type ${contentType} does not match the key ${key} (${expected})`);
  }
  return expected;
};
