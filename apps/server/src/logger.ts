import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from './config.ts';

// Link tokens travel in query strings (?token=, ?p=); they must not end up in log files.
const SECRET_QUERY = /([?&](?:token|p|accessKey)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
// Pino's own fields and the request id: the JSON format keeps them, a person reading the terminal needs none.
const hiddenFields = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'kind', 'err']);

const fieldText = (value: unknown) => {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
};

const clockTime = (time: unknown) => {
  const date = new Date(typeof time === 'number' || typeof time === 'string' ? time : Date.now());
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
};

/**
 * A mail kept in the outbox without SMTP, as a block that stands out among the one-line entries: the demo's
 * sign-up, reset, unlock and device links are read from here (README, "Quick start").
 */
const mailBlock = (entry: Record<string, unknown>) => {
  const links = Array.isArray(entry.links) ? entry.links.map(String) : [];
  const rule = '='.repeat(72);
  return [
    '',
    `==== MAIL NOT SENT (SMTP_URL is not set): its ${links.length === 1 ? 'link' : 'links'} ${'='.repeat(38)}`,
    `  To:       ${String(entry.to ?? '')}`,
    `  Subject:  ${String(entry.subject ?? '')}`,
    ...(links.length === 0 ? ['  (no links in this mail)'] : links.map((link) => `  Link:     ${link}`)),
    rule,
    '',
  ].join('\n');
};

/**
 * One pino entry as plain text for a person at a terminal: `HH:MM:SS LEVEL message key=value ...`, the stack
 * of an error on the lines below, and mail without SMTP as a block of its own.
 */
export const formatLogEntry = (entry: Record<string, unknown>) => {
  if (entry.kind === 'mail-links') return `${mailBlock(entry)}\n`;
  const level = typeof entry.level === 'number' ? (levelNames[entry.level] ?? String(entry.level)) : 'INFO';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !hiddenFields.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  // A request line (method, path, status, time) and a progress line say it all in their message.
  const shown = entry.kind === 'request' || entry.kind === 'progress' ? [] : fields;
  const line = [clockTime(entry.time), level.padEnd(5), String(entry.msg ?? ''), ...shown].join(' ');
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = err ? String(err.stack ?? err.message ?? '') : '';
  const indented = stack ? `\n${stack.replace(/^/gm, '    ')}` : '';
  return `${line}${indented}\n`;
};

/**
 * A destination for pino that writes `formatLogEntry` text instead of its JSON lines. Pino hands over one
 * complete JSON line per call; anything that does not parse goes out as it came.
 */
export const prettyStream = (out: { write(text: string): unknown } = process.stdout) => ({
  write(line: string) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      out.write(line);
      return;
    }
    out.write(formatLogEntry(entry));
  },
});

/** Pino options for Fastify's logger: JSON lines (or plain text, LOG_FORMAT), secrets redacted. */
export const loggerOptions = (config: Config) => ({
  level: config.logLevel,
  ...(config.logFormat === 'pretty' ? { stream: prettyStream() } : {}),
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
  // One line per request (issue 11): Fastify's pair of "incoming request" and "request completed" lines doubled
  // the log and buried the lines a person looks for (mail links, failures). The incoming line stays at debug.
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    const url = redactUrl(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    reply.log.info(
      { kind: 'request', method: request.method, url, statusCode: reply.statusCode, ms },
      `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
  }

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
