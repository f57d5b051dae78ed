import multipart from '@fastify/multipart';
import {
  errorReply as errorReplySchema,
  identifyCopyReply,
  leakTracingLimits,
  messagesLeakTracing,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import { readOneFile } from '../plugins/multipart-file.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const megabytes = String(Math.round(leakTracingLimits.pdfMaxBytes / (1024 * 1024)));
const e = messagesLeakTracing.errors;
const texts = {
  tooLarge: e.tooLarge.replace('{mb}', megabytes),
  oneFile: e.oneFile,
  missing: e.missing,
  malformed: e.malformed,
};

/**
 * POST /reports/identifyCopy (admin; issue 23): a leaked PDF, or one page of it, answered with whose stamped copy it
 * was. Multipart is registered in this scope only; the finding is the leak-tracing service's.
 */
export const leakTracingRoutes = (app: App) => {
  app.register(async (scope: App) => {
    await scope.register(multipart, { limits: { fileSize: leakTracingLimits.pdfMaxBytes, files: 1 } });
    scope.route({
      ...tableRoute('POST /reports/identifyCopy'),
      schema: {
        response: { 200: identifyCopyReply, ...errorResponses, 413: errorReplySchema, 422: errorReplySchema },
      },
      handler: async (request, reply) => {
        const read = await readOneFile(request, leakTracingLimits.pdfMaxBytes, texts);
        if (!read.ok) return reply.code(read.status).send(errorReply(read.message));
        const outcome = await scope.services.leakTracing.identify(read.bytes);
        if (!outcome.ok) return reply.code(outcome.status).send(errorReply(outcome.message));
        request.log.info(
          { by: request.session?.user.id, copies: outcome.body.copies.map((c) => c.copyId) },
          'A copy was identified',
        );
        return outcome.body;
      },
    });
  });
};
