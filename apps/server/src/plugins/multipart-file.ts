import type { FastifyRequest } from 'fastify';

export type ReadFile = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

/** The refusals of a one-file form, in the caller's own words (each upload has its own texts). */
export interface ReadFileTexts {
  tooLarge: string;
  oneFile: string;
  missing: string;
  malformed: string;
}

/**
 * The one file of field `file` of a multipart form (post images, event banners), read into memory up to
 * `maxBytes` and no further (busboy truncates the stream there and toBuffer refuses). Every failure of the form
 * itself (no boundary, a part cut short, too many parts or files, not multipart at all) is the sender's: a 400 or
 * 413 with a clear message, never a 5xx. The route registers @fastify/multipart in its own scope, so no other
 * route accepts a multipart body.
 */
export const readOneFile = async (
  request: FastifyRequest,
  maxBytes: number,
  texts: ReadFileTexts,
): Promise<ReadFile> => {
  let bytes: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      // A file under another name is read to its end and not kept (the form has one field, `file`).
      if (part.fieldname !== 'file') await part.toBuffer();
      else bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { ok: false, status: 413, message: texts.tooLarge };
    if (code === 'FST_FILES_LIMIT') return { ok: false, status: 400, message: texts.oneFile };
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      return { ok: false, status: 400, message: texts.missing };
    request.log.info({ err: error }, 'Unreadable file upload');
    return { ok: false, status: 400, message: texts.malformed };
  }
  return bytes && bytes.length > 0 ? { ok: true, bytes } : { ok: false, status: 400, message: texts.missing };
};
