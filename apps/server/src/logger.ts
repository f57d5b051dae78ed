import { apiRoutes, type Credentials, webRoutes } from '@portal/contract';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { LogFn, Logger } from 'pino';
import type { Config } from './config.ts';

// ---------------------------------------------------------------------------------------------------------
// Credentials never reach the log (issue 21). The route tables mark every path parameter and query parameter that
// carries one (api-routes.ts, web-routes.ts: `credentials`); this is the one rule derived from those marks, applied
// to every request line, every URL a log line carries and every error message and stack.

const REDACTED = '[redacted]';

interface CredentialPath {
  /** the pattern's segments: a literal (lower case) or null for a parameter */
  segments: readonly (string | null)[];
  /** indexes of the segments that are credentials */
  secret: ReadonlySet<number>;
}

const credentialRoutes: Array<{ path: string; credentials?: Credentials }> = [
  ...apiRoutes.map((route) => ({ path: `/api${route.path}`, credentials: route.credentials })),
  ...webRoutes.map((route) => ({ path: route.path, credentials: route.credentials })),
];

const credentialPaths: CredentialPath[] = credentialRoutes.flatMap(({ path, credentials }) => {
  if (!credentials?.params?.length) return [];
  const parts = path.split('/').filter(Boolean);
  const secret = new Set(
    parts.flatMap((part, i) =>
      part.startsWith(':') && credentials.params?.includes(part.slice(1)) ? [i] : [],
    ),
  );
  return [{ segments: parts.map((part) => (part.startsWith(':') ? null : part.toLowerCase())), secret }];
});

/** Every query parameter a route marks as a credential, redacted on any path (a link pasted elsewhere too). */
const credentialQuery = new Set(
  credentialRoutes.flatMap(({ credentials }) => credentials?.query ?? []).map((name) => name.toLowerCase()),
);

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/** The path with its credential segments replaced: matched as the router does (any case, extra and trailing slashes). */
const redactPath = (path: string) => {
  const pieces = path.split('/');
  const present = pieces.flatMap((piece, i) => (piece === '' ? [] : [i]));
  for (const route of credentialPaths) {
    if (route.segments.length !== present.length) continue;
    const fits = route.segments.every(
      (literal, i) => literal === null || decoded(pieces[present[i]!]!).toLowerCase() === literal,
    );
    if (!fits) continue;
    for (const i of route.secret) pieces[present[i]!] = REDACTED;
    return pieces.join('/');
  }
  return path;
};

const redactQuery = (query: string) =>
  query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      return credentialQuery.has(decoded(name).trim().toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');

/** A URL (a path with its query, or an absolute URL) with every credential the route tables mark replaced. */
export const redactUrl = (url: string) => {
  const fragmentAt = url.indexOf('#');
  const withoutFragment = fragmentAt < 0 ? url : url.slice(0, fragmentAt);
  const queryAt = withoutFragment.indexOf('?');
  const beforeQuery = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt);
  // An absolute URL: the path starts after the authority.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(beforeQuery)?.[0] ?? '';
  const path = redactPath(beforeQuery.slice(origin.length));
  const query = queryAt < 0 ? '' : `?${redactQuery(withoutFragment.slice(queryAt + 1))}`;
  return `${origin}${path}${query}${fragmentAt < 0 ? '' : REDACTED_FRAGMENT}`;
};
// A fragment never reaches the server; in a logged link it may hold anything, so it is not printed.
const REDACTED_FRAGMENT = `#${REDACTED}`;

/** Free text (a message, a stack) with every URL or path in it redacted. */
export const redactText = (text: string) =>
  text.replace(/(?:[a-z][a-z0-9+.-]*:\/\/[^\s"'<>/]*)?\/[^\s"'<>]*/gi, (url) => redactUrl(url));

/**
 * An error as pino's standard serializer writes it (type, message, stack and its own fields), with the message and
 * stack redacted: an error may quote the URL it failed on.
 */
const errSerializer = (
  error: Error,
): { [key: string]: unknown; type: string; message: string; stack: string } => {
  const own = Object.fromEntries(Object.entries(error).filter(([, value]) => typeof value !== 'function'));
  return {
    ...own,
    type: error.constructor?.name ?? error.name,
    message: redactText(String(error.message)),
    stack: redactText(String(error.stack ?? '')),
  };
};

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
    err: errSerializer,
  },
  hooks: {
    // Every message text too (Fastify's own lines quote URLs, e.g. "Route GET:/api/... not found"). Mail kept in the
    // outbox without SMTP is the exception: its links are printed on purpose (README, "Quick start").
    logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn) {
      const [first] = args;
      const isMailLinks =
        typeof first === 'object' && first !== null && (first as { kind?: unknown }).kind === 'mail-links';
      if (!isMailLinks) {
        for (let i = 0; i < args.length; i++) {
          const arg = args[i];
          if (typeof arg === 'string') args[i] = redactText(arg);
        }
      }
      method.apply(this, args);
    },
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
    // (nothing to build when the line would not be written: LOG_LEVEL=warn in production)
    if ((reply.log as Partial<Logger>).isLevelEnabled?.('info') === false) return;
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
