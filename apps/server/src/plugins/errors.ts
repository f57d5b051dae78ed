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
