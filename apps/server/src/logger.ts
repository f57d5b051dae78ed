import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

// Link tokens travel in query strings (?token=, ?p=); they must not end up in log files.
const SECRET_QUERY = /([?&](?:token|p|accessKey)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** Pino options for Fastify's logger: JSON lines, secrets redacted. */
export const loggerOptions = (config: Config) => ({
  level: config.logLevel,
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      'password',
      '*.password',
      '*.oldPassword',
      '*.newPassword',
      '*.confirmPassword',
      '*.confirmNewPassword',
      '*.newpassword',
      '*.confirmpassword',
      '*.token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    }),
  },
});
