import { postSearchQuery, postSearchReply, reportCursorInvalid } from '@portal/contract';
import { InvalidCursorError } from '../modules/research/cursor.ts';
import { userStatusOf } from '../modules/users/user-status.ts';
import { errorReply } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** GET /posts/search (signed in): post text in the site search, titles for everyone, snippets only with access. */
export const postSearchRoutes = (app: App) => {
  const { postSearch, entitlements } = app.services;
  app.route({
    ...tableRoute('GET /posts/search'),
    schema: { querystring: postSearchQuery, response: { 200: postSearchReply, ...errorResponses } },
    handler: async (request, reply) => {
      // The table admits signed-in callers only.
      const user = request.session!.user;
      const reader = {
        entitlement: await entitlements.entitlementFor(user),
        signedIn: true,
        activated: userStatusOf(user) === 'Activated',
      };
      try {
        return await postSearch.search(request.query.q, request.query.cursor, reader);
      } catch (error) {
        if (error instanceof InvalidCursorError) {
          return reply.code(400).send(errorReply(reportCursorInvalid, { cursor: reportCursorInvalid }));
        }
        throw error;
      }
    },
  });
};
