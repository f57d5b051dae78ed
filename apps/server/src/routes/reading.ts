import {
  homeReply,
  readingProgressBody,
  readingProgressReply,
  reportIdParams,
  viewerMessages,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Reading progress and the signed-in home (issue 11); the decisions are the reading service's. */
export const readingRoutes = (app: App) => {
  const { reading } = app.services;

  app.route({
    ...tableRoute('PUT /report/:id/progress'),
    schema: {
      params: reportIdParams,
      body: readingProgressBody,
      response: { 200: readingProgressReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      // The route table admits signed-in callers only; the session is there.
      const user = request.session!.user;
      const outcome = await reading.recordProgress(user, request.params.id.id, request.body.fraction);
      // The viewer's statuses for the same report: 404 unknown, 403 not in the reader's subscription.
      if (outcome === 'unknownReport') return reply.code(404).send(errorReply(viewerMessages.reportMissing));
      if (outcome === 'notEntitled') return reply.code(403).send(errorReply(viewerMessages.notEntitled));
      return { success: true as const };
    },
  });

  app.route({
    ...tableRoute('GET /overall/home'),
    schema: { response: { 200: homeReply, ...errorResponses } },
    handler: async (request) => reading.home(request.session!.user),
  });
};
