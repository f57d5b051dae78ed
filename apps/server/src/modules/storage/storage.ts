import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Config } from '../../config.ts';
import { createS3Storage } from './s3-storage.ts';
import {
  checkContentType,
  contentTypeOf,
  InvalidStorageKeyError,
  isValidStorageKey,
  type Storage,
  type StoredFile,
} from './storage-core.ts';

// The interface, the keys and the content types live in storage-core.ts (shared with the S3 adapter without an
// import circle), the S3 adapter in s3-storage.ts; callers keep importing all of it from here.
export { createS3Storage, S3StorageError } from './s3-storage.ts';
export {
  checkContentType,
  contentTypeOf,
  InvalidStorageKeyError,
  isValidStorageKey,
  type Storage,
  type StoredFile,
} from './storage-core.ts';

/**
 * File system answers that mean no file can be at the path: missing, a directory, a path through a file, a name
 * too long for the file system (ENAMETOOLONG), a symlink loop. Anything else (permissions, I/O) is a real fault.
 */
const absentCodes = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP']);
const isAbsent = (error: unknown) =>
  error instanceof InvalidStorageKeyError || absentCodes.has((error as NodeJS.ErrnoException)?.code ?? '');

/**
 * Local directory storage. The content type is derived from the key's extension (the caller chooses keys
 * with the right one), so no side files are needed; `put` writes to a temporary name then renames, so a
 * reader never sees half a file.
 */
export const createLocalStorage = (root: string): Storage => {
  const resolve = (key: string) => {
    if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
    const full = path.resolve(root, ...key.split('/'));
    // Belt and braces: the pattern already forbids escaping the root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  };
  const fileStat = async (key: string): Promise<StoredFile | null> => {
    try {
      const info = await stat(resolve(key));
      return info.isFile() ? { contentType: contentTypeOf(key), size: info.size } : null;
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  };
  let sequence = 0;
  return {
    async put(key, bytes, contentType) {
      const full = resolve(key);
      checkContentType(key, contentType);
      await mkdir(path.dirname(full), { recursive: true });
      const temporary = `${full}.${process.pid}.${++sequence}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, full);
    },
    async putFile(key, sourcePath, contentType) {
      const full = resolve(key);
      checkContentType(key, contentType);
      await mkdir(path.dirname(full), { recursive: true });
      const temporary = `${full}.${process.pid}.${++sequence}.tmp`;
      try {
        // copied by the kernel (or in chunks), never held in memory; renamed so that no reader sees half a file
        await copyFile(sourcePath, temporary);
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      const file = await fileStat(key);
      if (!file) return null;
      return {
        body: createReadStream(resolve(key), range ? { start: range.start, end: range.end } : undefined),
        file,
      };
    },
    async exists(key) {
      return (await fileStat(key)) !== null;
    },
    async delete(key) {
      const full = resolve(key);
      try {
        await rm(full, { force: true });
      } catch (error) {
        // Nothing can be there to remove (a name too long, a path through a file).
        if (!isAbsent(error)) throw error;
      }
    },
    stat: fileStat,
  };
};

/**
 * The storage the server uses: the S3-compatible bucket when S3_BUCKET is set (`config.s3`), else DATA_DIR/files.
 * Callers pass the whole config.
 */
export const createStorage = (config: { dataDir: string; s3?: S3Config | null }): Storage =>
  config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
