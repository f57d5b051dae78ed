import {
  errorReply as errorReplySchema,
  forwardBody,
  forwardParams,
  forwardQuotaUsedText,
  forwardReply,
  forwardsLeftReply,
  messagesAdminUsers,
  viewerMessages,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const texts = messagesAdminUsers.forward;

/** Forward to a colleague (issue 13, the Terms); the rules are the forwards service's. */
export const forwardsRoutes = (app: App) => {
  const { forwards } = app.services;

  app.route({
    ...tableRoute('GET /report/:id/forward'),
    schema: { params: forwardParams, response: { 200: forwardsLeftReply, ...errorResponses } },
    // The route table admits signed-in callers only; the session is there.
    handler: async (request) => ({
      success: true as const,
      data: await forwards.remaining(request.session!.user),
    }),
  });

  app.route({
    ...tableRoute('POST /report/:id/forward'),
    schema: {
      params: forwardParams,
      body: forwardBody,
      response: { 200: forwardReply, ...errorResponses, 429: errorReplySchema },
    },
    handler: async (request, reply) => {
      const user = request.session!.user;
      const outcome = await forwards.forward(user, {
        reportId: request.params.id.id,
        email: request.body.email,
        note: request.body.note,
      });
      switch (outcome.kind) {
        case 'sent':
          request.log.info(
            { reportId: request.params.id.id, by: user.id, accessKeyId: outcome.accessKeyId },
            'Report forwarded',
          );
          return {
            success: true as const,
            message: texts.sent,
            data: { remaining: outcome.remaining, limit: outcome.limit },
          };
        case 'toSelf':
          return reply.code(400).send(errorReply(texts.toSelf, { email: texts.toSelf }));
        case 'quotaUsed':
          return reply.code(429).send(errorReply(forwardQuotaUsedText));
        case 'unknownReport':
          return reply.code(404).send(errorReply(viewerMessages.reportMissing));
        case 'notEntitled':
          return reply.code(403).send(errorReply(texts.notEntitled));
        case 'noFirm':
          return reply.code(403).send(errorReply(texts.noFirm));
        case 'foreignDomain':
          return reply.code(403).send(errorReply(texts.foreignDomain, { email: texts.foreignDomain }));
      }
    },
  });
};
