import type { CookieSerializeOptions } from '@fastify/cookie';
import { sessionCookie } from '@portal/contract';
import type { Config } from '../config.ts';
import type { SessionsService } from '../modules/sessions/sessions.service.ts';
import type { App } from '../types.ts';

export const sessionCookieOptions = (config: Config): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.production,
});

// Real tokens are 43 characters; anything far longer is junk not worth a query.
const MAX_TOKEN_LENGTH = 200;

/** The live session a `sid` cookie names, or null (no cookie, junk, expired or revoked). */
export const resolveSessionCookie = async (sessions: SessionsService, token: string | undefined) =>
  token && token.length <= MAX_TOKEN_LENGTH ? sessions.resolve(token) : null;

/** Resolves the `sid` cookie to a live session before authorization looks at the caller's role. */
export const sessionPlugin = (app: App, config: Config) => {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionInvalid', false);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url || request.routeOptions.config.asset) return;
    const token = request.cookies[sessionCookie];
    if (!token) return;
    const resolved = await resolveSessionCookie(app.services.sessions, token);
    if (resolved) {
      request.session = resolved;
    } else {
      request.sessionInvalid = true;
      reply.clearCookie(sessionCookie, sessionCookieOptions(config));
    }
  });
};
