import type { CookieSerializeOptions } from '@fastify/cookie';
import { sessionCookie } from '@portal/contract';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

export const sessionCookieOptions = (config: Config): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
});

// Real tokens are 43 characters; anything far longer is junk not worth a query.
const MAX_TOKEN_LENGTH = 200;

/** Resolves the `sid` cookie to a live session before authorization looks at the caller's role. */
export const sessionPlugin = (app: App, config: Config) => {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionInvalid', false);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url || request.routeOptions.config.asset) return;
    const token = request.cookies[sessionCookie];
    if (!token) return;
    const resolved = token.length <= MAX_TOKEN_LENGTH ? await app.services.sessions.resolve(token) : null;
    if (resolved) {
      request.session = resolved;
    } else {
      request.sessionInvalid = true;
      reply.clearCookie(sessionCookie, sessionCookieOptions(config));
    }
  });
};
