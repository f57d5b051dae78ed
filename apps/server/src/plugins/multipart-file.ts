import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  discardSpooled,
  SPOOL_HEAD_BYTES,
  type SpooledFile,
  type UploadContent,
} from '../modules/storage/spooled-file.ts';

/** A refusal of a form: its status, its message and, for a form with fields, the message per field. */
export type FormRefusal = { ok: false; status: 400 | 413; message: string; errors?: Record<string, string> };

export type ReadFile = { ok: true; bytes: Buffer } | FormRefusal;

/** The refusals of a form, in the caller's own words (each upload has its own texts). */
export interface ReadFileTexts {
  tooLarge: string;
  oneFile: string;
  missing: string;
  malformed: string;
}

export interface ReadFormTexts extends ReadFileTexts {
  /** a text field longer than the form takes (default: `malformed`) */
  fieldTooLong?: string;
}

/** A form's file: read into memory, or (a file the form spools) written to a temporary file as it arrived. */
export type FormFile = {
  /** the name the sender gave the file (never trusted for its type) */
  fileName: string;
} & UploadContent<Buffer>;

export type ReadForm = { ok: true; fields: Record<string, string>; file: FormFile | null } | FormRefusal;

/** What a form may hold: its one file and its text fields. */
export interface FormLimits {
  /** the largest file taken: busboy stops reading there, and the form is refused with `texts.tooLarge` */
  maxBytes: number;
  /** how many text fields, and how many bytes each */
  fields: number;
  fieldBytes: number;
}

export interface ReadFormOptions {
  limits: FormLimits;
  texts: ReadFormTexts;
  /**
   * Judges the file by its name before any byte is kept: the size it may have (smaller than `limits.maxBytes`; past
   * it the form is refused with `tooLarge` while the rest streams through, counted and not kept), or a refusal.
   */
  judgeFile?: (fileName: string) => { maxBytes: number; tooLarge: FormRefusal } | { refused: FormRefusal };
  /**
   * Whether the file named so is written to a temporary file as it streams in instead of being kept in memory
   * (recordings and films): the caller stores it with `Storage.putFile` and removes it with `discardSpooled`
   * when done, whatever the outcome. A refused form leaves nothing behind.
   */
  spool?: (fileName: string) => boolean;
}

/** File-system failures of the server's own (spooling a file), never answered as a bad form. */
const serverFileErrors = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EMFILE',
  'ENFILE',
  'EIO',
  'ENOENT',
  'ENOTDIR',
]);

/** The name of the one file part of every form here. */
const fileField = 'file';

/**
 * Writes a file part to a temporary file of its own as it arrives, counting its bytes and keeping its first ones;
 * past `max` the rest streams through, counted and not written. Answers the file (null past `max`: removed already).
 */
const spoolPart = async (stream: Readable, max: number): Promise<SpooledFile | null> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-upload-'));
  const filePath = path.join(dir, 'file');
  let size = 0;
  const head: Buffer[] = [];
  let headSize = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headSize < SPOOL_HEAD_BYTES) {
        const part = chunk.subarray(0, SPOOL_HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.length;
      }
      // past the limit: counted, not written, while the rest streams through
      done(null, size <= max ? chunk : undefined);
    },
  });
  try {
    await pipeline(stream, count, createWriteStream(filePath));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  if (size > max || (stream as { truncated?: boolean }).truncated) {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  return { path: filePath, size, head: Buffer.concat(head) };
};

const drain = async (stream: AsyncIterable<unknown>) => {
  for await (const _chunk of stream) {
    // read through and dropped
  }
};

/**
 * The one reader of multipart forms: text fields plus at most one file (field `file`), read into memory (or, for
 * the files `spool` names, written to a temporary file as they arrive) up to the limits and no further (busboy
 * truncates the stream there). A file under another name is read through and not
 * kept; a field sent twice is refused (which one would count?). Every failure of the form itself (no boundary, a
 * part cut short, too many parts, fields or files, not multipart at all) is the sender's: a 400 or 413 with a
 * clear message, never a 5xx. The route registers @fastify/multipart in its own scope, so no other route accepts
 * a multipart body.
 */
export const readForm = async (request: FastifyRequest, options: ReadFormOptions): Promise<ReadForm> => {
  const spooled: SpooledFile[] = [];
  const form = await readFormParts(request, options, spooled);
  // a refused form keeps nothing: its spooled file goes at once
  if (!form.ok) await Promise.all(spooled.map(discardSpooled));
  return form;
};

const readFormParts = async (
  request: FastifyRequest,
  options: ReadFormOptions,
  spooledFiles: SpooledFile[],
): Promise<ReadForm> => {
  const { limits, texts, judgeFile, spool } = options;
  const fields: Record<string, string> = {};
  let file: FormFile | null = null;
  let refusal: FormRefusal | null = null;
  const refuse = (message: string, status: 400 | 413 = 400) => {
    refusal ??= { ok: false, status, message };
  };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: 1,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.fields + 2,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // A JSON-typed field arrives parsed: these forms take text only.
        if (typeof part.value !== 'string' || Object.hasOwn(fields, part.fieldname)) refuse(texts.malformed);
        else if (part.valueTruncated) refuse(texts.fieldTooLong ?? texts.malformed);
        else fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField || refusal) {
        await drain(part.file);
        continue;
      }
      const fileName = part.filename ?? '';
      const judged = judgeFile?.(fileName);
      if (judged && 'refused' in judged) {
        await drain(part.file);
        refusal = judged.refused;
        continue;
      }
      const max = judged?.maxBytes ?? limits.maxBytes;
      if (spool?.(fileName)) {
        const spooled = await spoolPart(part.file, max);
        if (spooled) spooledFiles.push(spooled);
        if (part.file.truncated) return { ok: false, status: 413, message: texts.tooLarge };
        if (!spooled) {
          refusal = judged?.tooLarge ?? { ok: false, status: 413, message: texts.tooLarge };
          continue;
        }
        file = { fileName, spooled };
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        // past the judged limit: counted, not kept, while the rest streams through
        if (size <= max) chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) return { ok: false, status: 413, message: texts.tooLarge };
      if (size > max) {
        refusal = judged?.tooLarge ?? { ok: false, status: 413, message: texts.tooLarge };
        continue;
      }
      file = { fileName, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    // the server's own disk failing under a spooled file (full, read-only, out of handles) is not the sender's
    if (code && serverFileErrors.has(code)) throw error;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, status: 413, message: texts.tooLarge };
    if (code === 'FST_FILES_LIMIT') return { ok: false, status: 400, message: texts.oneFile };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      return { ok: false, status: 400, message: texts.missing };
    request.log.info({ err: error }, 'Unreadable multipart form');
    return { ok: false, status: 400, message: texts.malformed };
  }
  return refusal ?? { ok: true, fields, file };
};

/**
 * The one file of field `file` of a multipart form (post images, event banners, analyst photos, leaked PDFs),
 * read into memory up to `maxBytes` and no further; other fields are not kept. A form without it, or with an
 * empty one, is refused with `texts.missing`.
 */
export const readOneFile = async (
  request: FastifyRequest,
  maxBytes: number,
  texts: ReadFileTexts,
): Promise<ReadFile> => {
  const form = await readForm(request, { limits: { maxBytes, fields: 10, fieldBytes: 1024 }, texts });
  if (!form.ok) return form;
  // (this form spools nothing: its file is in memory)
  const bytes = form.file?.bytes;
  return bytes && bytes.length > 0 ? { ok: true, bytes } : { ok: false, status: 400, message: texts.missing };
};
