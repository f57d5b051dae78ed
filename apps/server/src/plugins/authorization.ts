import { findApiRoute, mayCall, messages } from '@portal/contract';
import type { Config } from '../config.ts';
import { roleOf } from '../modules/users/user-status.ts';
import type { App } from '../types.ts';
import { hasAllowedOrigin, hasValidCsrfHeader } from './csrf.ts';
import { errorReply } from './errors.ts';

const API_PREFIX = '/api';

/**
 * Default deny: a request reaches its handler only when the route table lists the matched route and
 * allows the caller's role, and, for state-changing routes, the call comes from an allowed origin with the
 * CSRF token of the caller's own session. Runs on the matched
 * route pattern (so case, trailing and double slashes are already normalised) and before the body is read.
 */
export const authorizationPlugin = (app: App, config: Config) => {
  app.decorateRequest('apiRoute', null);

  app.addHook('onRequest', async (request, reply) => {
    const pattern = request.routeOptions.url;
    // No route matched: the not-found handler answers 404.
    if (pattern === undefined) return;
    if (request.routeOptions.config.asset) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = pattern.toLowerCase().startsWith(`${API_PREFIX}/`)
      ? findApiRoute(method, pattern.slice(API_PREFIX.length))
      : undefined;
    if (!route) {
      request.log.warn({ method, pattern }, 'Refused a route that is missing from the API route table');
      return reply.code(403).send(errorReply(messages.auth.forbidden));
    }
    const role = roleOf(request.session?.user ?? null);
    if (!mayCall(route, role)) {
      return role === 'anonymous'
        ? reply.code(401).send(errorReply(messages.auth.signInRequired))
        : reply.code(403).send(errorReply(messages.auth.forbidden));
    }
    // A tokenOnly route (RFC 8058 one-click unsubscribe) is authorised by the signed token in its URL and reads
    // no cookie: a mail client's POST has neither origin nor CSRF header to give.
    if (route.changesState && !route.tokenOnly) {
      // A page of another site is refused whatever it sends; then the token must be this session's own.
      if (!hasAllowedOrigin(config, request)) {
        request.log.warn(
          { origin: request.headers.origin, referer: request.headers.referer },
          'Foreign origin',
        );
        return reply.code(403).send(errorReply(messages.auth.foreignOrigin));
      }
      if (!(await hasValidCsrfHeader(app, request))) {
        return reply.code(403).send(errorReply(messages.auth.csrfMissing));
      }
    }
    request.apiRoute = route;
  });
};
