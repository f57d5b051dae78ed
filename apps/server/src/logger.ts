import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
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

// Requests whose 5xx has been logged with its stack, so that the safety nets below do not log it twice.
const failuresLogged = new WeakSet<FastifyRequest>();
export const markFailureLogged = (request: FastifyRequest) => {
  failuresLogged.add(request);
};
export const isFailureLogged = (request: FastifyRequest) => failuresLogged.has(request);

/**
 * An error whose stack is where it is made, with more frames than V8 keeps by default (10), so that it
 * reaches past Fastify's own frames to the code that sent the reply.
 */
export const errorHere = (message: string) => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  try {
    return new Error(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
};

/**
 * Fastify's own log lines, with every server failure at error level and with a stack (issue 10): a response
 * that breaks after it has started (Fastify logs it as a warning), a failing writeHead in the error path (a
 * warning too), the 503s while closing (info, no stack), and errors that reach Fastify's default handler.
 * A client that goes away mid-response is not a server failure and stays at info.
 */
export class PortalLogController extends LogController {
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode < 500) return super.defaultErrorLog(error, request, reply);
    markFailureLogged(request);
    reply.log.error({ err: error, statusCode: reply.statusCode }, 'Request failed');
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return super.streamError(error, request, reply);
    markFailureLogged(request);
    reply.log.error({ err: error }, 'The response failed after it had started (headers already sent)');
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    markFailureLogged(request);
    reply.log.error({ err: error }, 'Writing the error reply failed');
  }

  override serviceUnavailable(logger: FastifyBaseLogger) {
    logger.error(
      { err: errorHere('Refused a request with 503: the server is closing'), statusCode: 503 },
      'Request refused: the server is closing',
    );
  }
}
