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

/** What file-type reads at most to tell a file's type. */
export const SPOOL_HEAD_BYTES = 4100;

/** Removes a spooled file and its folder (no error if they are gone already). */
export const discardSpooled = (file: SpooledFile) =>
  rm(path.dirname(file.path), { recursive: true, force: true });
