import multipart from '@fastify/multipart';
import {
  bannerReply,
  connectLimits,
  errorReply as errorReplySchema,
  messagesConnect,
  uploadQuery,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import { readOneFile } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const texts = { ...messagesConnect.bannerUpload, tooLarge: messagesConnect.server.bannerTooLarge };

/**
 * POST /upload?type=campaign&id={eventId} (admin; spec 3 section 7): an event's banner. Multipart is registered in
 * this scope only, so no other route accepts a multipart body; the checks and re-encoding are the events service's.
 */
export const uploadsRoutes = (app: App) => {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: connectLimits.bannerMaxBytes, files: 1 } });
    scope.route({
      ...tableRoute('POST /upload'),
      schema: {
        querystring: uploadQuery,
        response: { 200: bannerReply, ...errorResponses, 413: errorReplySchema },
      },
      handler: async (request, reply) => {
        const read = await readOneFile(request, connectLimits.bannerMaxBytes, texts);
        if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
        const outcome = await scope.services.events.replaceBanner(request.query.id, read.bytes);
        if (outcome.kind === 'refused') return reply.code(outcome.status).send(errorReply(outcome.message));
        request.log.info({ event: request.query.id, by: request.session?.user.id }, 'Event banner replaced');
        return {
          success: true as const,
          message: messagesConnect.registration.bannerReplaced,
          url: outcome.url,
        };
      },
    });
  });
};
