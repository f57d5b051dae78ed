import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { csrf } from '@portal/contract';
import type { Config } from '../config.ts';
import type { App } from '../types.ts';

/** Security headers with a strict CSP, and CORS limited to the configured origins (with credentials). */
export const securityPlugin = async (app: App, config: Config) => {
  await app.register(helmet, {
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
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', csrf.header],
    exposedHeaders: [csrf.header],
    maxAge: 600,
  });
};
