import { randomBytes } from 'node:crypto';
import { csrf, sessionCookie } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { macOf, sameText } from '../modules/secrets/signed-values.ts';
import type { App } from '../types.ts';

const NONCE_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
const CSRF_PURPOSE = 'csrf';
export const isApiPath = (url: string) => /^\/+api(\/|\?|$)/i.test(url);

/**
 * What a CSRF token is bound to: the session when there is one (its cookie value, which only this browser
 * holds), otherwise the browser's random nonce cookie. The token is an HMAC of that with a server secret, so
 * a pair of cookie and header chosen by someone else never matches a live session.
 */
const bindingOf = (sessionToken: string | null, nonce: string) =>
  sessionToken ? `session:${sessionToken}` : `anonymous:${nonce}`;

// Tokens already computed, per app (each has its own secret) and binding: every API reply carries one, and an
// HMAC per reply showed in profiles of cached replies under load. Bounded; emptied when full.
const knownTokensOf = new WeakMap<App, Map<string, string>>();
const KNOWN_TOKENS_MAX = 10_000;

const tokenFor = async (app: App, sessionToken: string | null, nonce: string) => {
  const binding = bindingOf(sessionToken, nonce);
  let knownTokens = knownTokensOf.get(app);
  if (!knownTokens) {
    knownTokens = new Map();
    knownTokensOf.set(app, knownTokens);
  }
  const known = knownTokens.get(binding);
  if (known) return known;
  const token = macOf(await app.services.secrets('csrf'), CSRF_PURPOSE, binding);
  if (knownTokens.size >= KNOWN_TOKENS_MAX) knownTokens.clear();
  knownTokens.set(binding, token);
  return token;
};

/** The session this request is made under, as far as CSRF is concerned (an invalid cookie counts as none). */
const sessionTokenOf = (request: FastifyRequest) =>
  request.session ? (request.cookies[sessionCookie] ?? null) : null;

/**
 * Sends the CSRF token for the session a reply has just started (sign-in, password change) or ended (sign-out):
 * the web app keeps the token of the last `x-csrf-token` response header it saw.
 */
export const sendCsrfTokenFor = async (
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionToken: string | null,
) => {
  reply.header(csrf.header, await tokenFor(app, sessionToken, request.csrfNonce));
};

/**
 * Every API reply carries the caller's token in `x-csrf-token` (exposed to allowed origins); a state-changing
 * call must send it back in the same header. A cross-site page can make the browser send cookies but can read
 * neither the header nor the cookie, and cannot set the header without passing CORS.
 */
export const csrfPlugin = (app: App, config: Config) => {
  app.decorateRequest('csrfNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    let nonce = request.cookies[csrf.cookie];
    if (!nonce || !NONCE_PATTERN.test(nonce)) {
      nonce = randomBytes(32).toString('base64url');
      reply.setCookie(csrf.cookie, nonce, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: config.production,
      });
    }
    request.csrfNonce = nonce;
    reply.header(csrf.header, await tokenFor(app, sessionTokenOf(request), nonce));
  });
};

/** The header must be the token of this request's own session (or nonce, without a session). */
export const hasValidCsrfHeader = async (app: App, request: FastifyRequest) => {
  const header = request.headers[csrf.header];
  if (typeof header !== 'string' || !request.csrfNonce) return false;
  return sameText(header, await tokenFor(app, sessionTokenOf(request), request.csrfNonce));
};

const originOf = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a state-changing call comes from the portal's own pages (or an allowed CORS origin): the Origin
 * header, or the Referer's origin when a browser sends no Origin. A call with neither is not from a browser
 * page (browsers send Origin on every cross-site POST), so the token alone decides.
 */
export const hasAllowedOrigin = (config: Config, request: FastifyRequest) => {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed =
    typeof origin === 'string' ? origin : typeof referer === 'string' ? originOf(referer) : undefined;
  if (claimed === undefined) return true;
  if (claimed === null || claimed === 'null') return false;
  const own = `${request.protocol}://${request.host}`;
  return claimed === own || claimed === originOf(config.publicUrl) || config.corsOrigins.includes(claimed);
};
