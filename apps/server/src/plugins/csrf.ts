import { randomBytes, timingSafeEqual } from 'node:crypto';
import { csrf } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const isApiPath = (url: string) => /^\/+api(\/|\?|$)/i.test(url);

/**
 * Double submit: the token lives in a readable cookie and is echoed in a response header; a state-changing
 * call must send it back in the `x-csrf-token` header. A cross-site page can make the browser send the
 * cookie but can neither read it nor set the header.
 */
export const csrfPlugin = (app: App, config: Config) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    let token = request.cookies[csrf.cookie];
    if (!token || !TOKEN_PATTERN.test(token)) {
      token = randomBytes(32).toString('base64url');
      reply.setCookie(csrf.cookie, token, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: config.production,
      });
    }
    reply.header(csrf.header, token);
  });
};

/** The header must equal the cookie the browser sent with this very request. */
export const hasValidCsrfHeader = (request: FastifyRequest) => {
  const header = request.headers[csrf.header];
  const cookie = request.cookies[csrf.cookie];
  if (typeof header !== 'string' || !cookie || !TOKEN_PATTERN.test(cookie)) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
};
