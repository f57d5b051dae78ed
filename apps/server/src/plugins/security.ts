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
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', csrf.header],
    exposedHeaders: [csrf.header],
    maxAge: 600,
  });
};
