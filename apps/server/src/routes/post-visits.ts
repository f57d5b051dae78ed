import {
  errorReply as errorReplySchema,
  messagesBlogs,
  okReply,
  postHeartbeatBody,
  postIdParams,
  postIdPathParams,
  postStatQuery,
  postStatReply,
  postVisitQuery,
} from '@portal/contract';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

const errors = messagesBlogs.errors;

/** A read's measured time (leave and heartbeat, the reader's own visit) and the admin's post statistics. */
export const postVisitsRoutes = (app: App) => {
  const { postVisits } = app.services;

  app.route({
    ...tableRoute('GET /post/leave/:postId'),
    schema: {
      params: postIdPathParams,
      querystring: postVisitQuery,
      response: { 200: okReply, ...errorResponses },
    },
    // The table admits signed-in callers only; the visit must be theirs and of this post.
    handler: async (request, reply) => {
      const left = await postVisits.leave({
        visitId: request.query.visit,
        userId: request.session!.user.id,
        postId: request.params.postId,
      });
      if (!left) return reply.code(404).send(errorReply(errors.visitNotFound));
      return { success: true as const };
    },
  });

  app.route({
    ...tableRoute('POST /post/heartbeat/:postId'),
    schema: {
      params: postIdPathParams,
      body: postHeartbeatBody,
      response: { 200: okReply, ...errorResponses, 409: errorReplySchema },
    },
    handler: async (request, reply) => {
      const outcome = await postVisits.heartbeat(
        {
          visitId: request.body.visit,
          userId: request.session!.user.id,
          postId: request.params.postId,
        },
        request.body.resumed,
      );
      if (outcome === 'unknown') return reply.code(404).send(errorReply(errors.visitNotFound));
      // A closed visit stays closed: the page learns to stop beating.
      if (outcome === 'closed') return reply.code(409).send(errorReply(errors.visitClosed));
      return { success: true as const };
    },
  });

  app.route({
    ...tableRoute('GET /post/stat/:id'),
    schema: {
      params: postIdParams,
      querystring: postStatQuery,
      response: { 200: postStatReply, ...errorResponses },
    },
    handler: async (request, reply) => {
      const stats = await postVisits.stats(request.params.id, request.query.page);
      if (!stats) return reply.code(404).send(errorReply(errors.postNotFound));
      return stats;
    },
  });
};
