import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * An upload written to a temporary file on the local disk as it arrived, never held in memory whole (issue 26:
 * recordings and films of up to 200 MB). Stored with `Storage.putFile`, which streams it on; removed with
 * `discardSpooled` once the request is done with it, stored or not.
 */
export interface SpooledFile {
  /** the temporary file (in a folder of its own under the system's temporary folder, TMPDIR) */
  path: string;
  size: number;
  /** its first bytes (up to SPOOL_HEAD_BYTES): enough for file-type to tell what it is */
  head: Buffer;
}

/**
 * A file's content as an upload carries it: its bytes in memory, or spooled to disk (one shape for the form reader,
 * the publishing service and the upload check).
 */
export type UploadContent<B extends Uint8Array = Uint8Array> =
  | { bytes: B; spooled?: undefined }
  | { spooled: SpooledFile; bytes?: undefined };

/** What file-type reads at most to tell a file's type. */
export const SPOOL_HEAD_BYTES = 4100;

/** Removes a spooled file and its folder (no error if they are gone already). */
export const discardSpooled = (file: SpooledFile) =>
  rm(path.dirname(file.path), { recursive: true, force: true });
