import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import { csrf } from '@portal/contract';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

/**
 * The headers helmet sets for these options, computed once: helmet's middleware is built from its options (the
 * CSP parsed and joined), and @fastify/helmet built it again for every request (about 6% of the CPU of a cached
 * search reply under load, bench/RESULTS.md). The headers do not depend on the request.
 */
const helmetHeaders = (options: HelmetOptions) => {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.fromEntries(headers);
};

/** /api calls that answer JSON: all but report files and public media. */
const jsonApiPath = /^\/api\/(?!files\/|media\/)/i;

/** Security headers with a strict CSP, and CORS limited to the configured origins (with credentials). */
export const securityPlugin = async (app: App, config: Config) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.corsOrigins],
        // The report viewer: htm reports in a sandboxed frame from our own /api/files, youtube reports from the
        // privacy-enhanced host, audio and video from /api/files, pdf.js's worker from /assets.
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        mediaSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS over plain http (local runs) would only confuse browsers; production sits behind https.
    strictTransportSecurity: config.production,
    frameguard: { action: 'deny' },
  });
  // A JSON reply of the API is never rendered as a document: it gets the short set OWASP's REST cheat sheet asks
  // for instead of the page's dozen headers (the header bytes were a third of the cost of a cached post read,
  // bench/RESULTS.md). Files and media under /api (report files, images) are opened as documents and keep the
  // page's set, which their routes adjust (an htm report's sandbox, an SVG's policy).
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(headers['strict-transport-security']
      ? { 'strict-transport-security': headers['strict-transport-security'] }
      : {}),
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(jsonApiPath.test(request.url) ? apiHeaders : headers);
  });
  // Same-origin deployments (no CORS_ORIGINS) need no CORS handling at all: without the plugin no request pays
  // for its per-request origin check (about 6% of a cached post read), and a browser's cross-origin call is
  // refused all the same (no Access-Control-Allow-Origin is ever sent).
  if (config.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', csrf.header],
    exposedHeaders: [csrf.header],
    maxAge: 600,
  });
};
