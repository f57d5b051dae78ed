import { type ErrorReply, messages } from '@portal/contract';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorHere, isFailureLogged, markFailureLogged } from '../logger.ts';
import { ThrottledError } from '../modules/throttles/throttles.service.ts';
import type { App } from '../types.ts';

export const errorReply = (message: string, errors?: Record<string, string>): ErrorReply =>
  errors ? { success: false, message, errors } : { success: false, message };

/** A request refused before any route sees it (the body parser's 400 and 415), with the message the caller reads. */
export class RequestRefused extends Error {
  constructor(
    readonly statusCode: 400 | 415,
    readonly userMessage: string,
  ) {
    super(userMessage);
    this.name = 'RequestRefused';
  }
}

// A database (or a store) that cannot be reached now (issue 26: PostgreSQL restarting, failing over, refusing connections): the
// socket's codes, PostgreSQL's 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now and its class 08
// (connection exception), and node-postgres's own errors for a connection that ended or was not made in time, which
// carry no code. Drizzle wraps the driver's error (DrizzleQueryError), so the chain of causes is searched.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Whether an error (or one of its causes) says the database cannot be reached at the moment. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
    current = cause;
  }
  return false;
};
/** Seconds a client is asked to wait after a 503 for an unreachable database (a restart takes a few). */
export const databaseRetryAfterSeconds = 5;

/** Turns validation issues into `{ field: first message }`; issues about the whole input go under `_`. */
const fieldErrors = (issues: ReadonlyArray<{ instancePath: string; message?: string }>) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? messages.errors.validation;
  }
  return errors;
};

/** Every failure answers with the agreed shape; internal details stay in the log. */
export const errorsPlugin = (app: App) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ThrottledError) {
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send(errorReply(error.userMessage ?? messages.auth.tooManyAttempts));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.entries(errors).find(([field]) => field !== '_')?.[1];
      return reply.code(400).send(errorReply(first ?? messages.errors.validation, errors));
    }
    if (error instanceof RequestRefused) {
      request.log.info({ status: error.statusCode }, error.userMessage);
      return reply.code(error.statusCode).send(errorReply(error.userMessage));
    }
    if (isDatabaseUnavailable(error)) {
      // 503 with Retry-After rather than 500: nothing is wrong with the request or the code, and the client may ask
      // again in a moment (as after any failed request, a write cut off with its connection may have committed).
      markFailureLogged(request);
      request.log.error({ err: error, statusCode: 503 }, 'Database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(databaseRetryAfterSeconds))
        .send(errorReply(messages.errors.unavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply
        .code(status)
        .send(errorReply(status === 404 ? messages.errors.notFound : messages.errors.validation));
    }
    markFailureLogged(request);
    request.log.error({ err: error, statusCode: 500 }, 'Request failed');
    return reply.code(500).send(errorReply(messages.errors.internal));
  });

  // Every 5xx is logged once at error level with a stack (issue 10), whatever produced it. Errors thrown in
  // handlers, hooks, serializers and file sending reach the handler above; Fastify's own failures go through
  // PortalLogController (logger.ts). What is left: a reply sent with a 5xx status by code, logged here with the
  // stack of the send (this hook is the first onSend hook and runs within reply.send).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 500 && !isFailureLogged(request)) {
      markFailureLogged(request);
      request.log.error(
        { err: errorHere(`Replied ${reply.statusCode} without an error`), statusCode: reply.statusCode },
        'Request failed',
      );
    }
    done(null, payload);
  });
  // The last net: a 5xx written past the onSend hooks (Fastify's fallback when error handlers fail).
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && !isFailureLogged(request)) {
      markFailureLogged(request);
      request.log.error(
        {
          err: errorHere(`Replied ${reply.statusCode}; nothing logged the cause`),
          statusCode: reply.statusCode,
        },
        'Request failed',
      );
    }
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorReply(messages.errors.notFound)));
};
