import { type ErrorReply, messages } from '@portal/contract';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ThrottledError } from '../modules/throttles/throttles.service.ts';
import type { App } from '../types.ts';

export const errorReply = (message: string, errors?: Record<string, string>): ErrorReply =>
  errors ? { success: false, message, errors } : { success: false, message };

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
        .send(errorReply(messages.auth.tooManyAttempts));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = Object.entries(errors).find(([field]) => field !== '_')?.[1];
      return reply.code(400).send(errorReply(first ?? messages.errors.validation, errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply
        .code(status)
        .send(errorReply(status === 404 ? messages.errors.notFound : messages.errors.validation));
    }
    request.log.error({ err: error }, 'Request failed');
    return reply.code(500).send(errorReply(messages.errors.internal));
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorReply(messages.errors.notFound)));
};
