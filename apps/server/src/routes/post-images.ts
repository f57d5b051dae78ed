import multipart from '@fastify/multipart';
import {
  blogLimits,
  errorReply as errorReplySchema,
  messagesBlogs,
  uploadImageReply,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import { readOneFile } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const texts = messagesBlogs.upload;

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
        const read = await readOneFile(request, blogLimits.imageMaxBytes, texts);
        if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
        const outcome = await scope.services.postImages.store(read.bytes);
        if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
        request.log.info({ path: outcome.path, by: request.session?.user.id }, 'Post image stored');
        return { path: outcome.path, width: outcome.width, height: outcome.height };
      },
    });
  });
};
