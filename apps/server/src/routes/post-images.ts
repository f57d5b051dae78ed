import multipart from '@fastify/multipart';
import {
  blogLimits,
  errorReply as errorReplySchema,
  messagesBlogs,
  uploadImageReply,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const texts = messagesBlogs.upload;

type Read = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

/**
 * The one file of field `file`, read into memory up to the size limit and no further (busboy truncates the
 * stream there and toBuffer refuses). Every failure of the form itself (no boundary, a part cut short, too many
 * parts or files, not multipart at all) is the sender's: a 400 or 413 with a clear message, never a 5xx.
 */
const readOneFile = async (request: FastifyRequest): Promise<Read> => {
  let bytes: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: blogLimits.imageMaxBytes,
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
    request.log.info({ err: error }, 'Unreadable image upload');
    return { ok: false, status: 400, message: texts.malformed };
  }
  return bytes && bytes.length > 0 ? { ok: true, bytes } : { ok: false, status: 400, message: texts.missing };
};

/**
 * POST /posts/uploadImage (admin): the editor's images. Multipart is registered in this scope only, so no other
 * route accepts a multipart body (they answer 415).
 */
export const postImagesRoutes = (app: App) => {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: blogLimits.imageMaxBytes, files: 1 } });
    scope.route({
      ...tableRoute('POST /posts/uploadImage'),
      schema: { response: { 200: uploadImageReply, ...errorResponses, 413: errorReplySchema } },
      handler: async (request, reply) => {
        const read = await readOneFile(request);
        if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
        const outcome = await scope.services.postImages.store(read.bytes);
        if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
        request.log.info({ path: outcome.path, by: request.session?.user.id }, 'Post image stored');
        return { path: outcome.path, width: outcome.width, height: outcome.height };
      },
    });
  });
};
