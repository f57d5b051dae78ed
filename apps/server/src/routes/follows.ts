import {
  analystFollowBody,
  analystFollowParams,
  analystFollowReply,
  messagesResearch,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Following an analyst (issue 23; ours): the signed-in reader's own follow, read and set; the service decides. */
export const followsRoutes = (app: App) => {
  const { follows } = app.services;
  const params = analystFollowParams;
  const response = { 200: analystFollowReply, ...errorResponses };

  app.route({
    ...tableRoute('GET /analysts/:id/follow'),
    schema: { params, response },
    handler: async (request, reply) =>
      // The route table admits signed-in callers only; the session is there.
      (await follows.status(request.session!.user.id, request.params.id)) ??
      reply.code(404).send(errorReply(messagesResearch.analystMissing)),
  });

  app.route({
    ...tableRoute('PUT /analysts/:id/follow'),
    schema: { params, body: analystFollowBody, response },
    handler: async (request, reply) =>
      (await follows.set(request.session!.user.id, request.params.id, request.body.following)) ??
      reply.code(404).send(errorReply(messagesResearch.analystMissing)),
  });
};
