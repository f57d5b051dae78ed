import { callNeedsCsrf, csrf, messages } from '@portal/contract';
import { takeBootCall } from './boot.ts';
import { getRuntimeConfig } from './runtime-config.ts';

/** A failed call: `status` 0 means the request never got an answer (network failure). */
export class ApiError extends Error {
  readonly status: number;
  /** field name -> first message, for validation failures */
  readonly errors: Record<string, string>;
  /** a machine-readable reason some replies carry, e.g. 'emailNotVerified' */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: Record<string, string> = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export interface RequestOptions {
  /** The route pattern in the contract table when the path carries parameters, e.g. '/getParameter/:name'. */
  pattern?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the call outlive the page (fetch keepalive): for what is sent as the reader leaves. */
  keepalive?: boolean;
}

// Calls where a 401 is an answer about the credentials just sent, not a sign that the session has gone.
const noReloadOn401 = new Set(['/users/me', '/users/login']);

let csrfToken: string | undefined;
let reloadPage = () => window.location.reload();

/** Lets tests observe the session-lost reload instead of reloading jsdom. */
export const setReloadHandler = (handler: () => void) => {
  reloadPage = handler;
};

export const resetCsrfToken = () => {
  csrfToken = undefined;
};

// The state-changing GETs come from a short list of the contract's (the route table stays out of the login route).
const needsCsrf = callNeedsCsrf;

const readBody = async (response: Response): Promise<unknown> => {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const asErrors = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(asRecord(value))) {
    if (typeof message === 'string') out[key] = message;
  }
  return out;
};

/** A reply as it came: the status and the parsed JSON body (undefined when there was none). */
export interface ApiReply {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * Sends one call with the session cookie and reads its reply, whatever the status: remembers the CSRF token the
 * server echoes on every reply and sends it on the calls the contract marks as state-changing, whatever their
 * method. Only a network failure throws (ApiError with status 0). For callers that read refusals as answers
 * (the report viewer); others use apiRequest.
 */
export const apiFetch = async (
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiReply> => {
  const { apiBase } = getRuntimeConfig();
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, value);
  }
  const qs = search.toString();
  const url = `${apiBase}${path}${qs ? `?${qs}` : ''}`;
  const withCsrf = needsCsrf(method, options.pattern ?? path);

  const send = async () => {
    const headers: Record<string, string> = { accept: 'application/json' };
    // A FormData body (a file upload) sets its own multipart content type with the boundary.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const sentToken = withCsrf ? csrfToken : undefined;
    if (sentToken) headers[csrf.header] = sentToken;
    let response: Response | undefined;
    // The page's first calls were started with the page (lib/boot.ts): a plain GET takes that reply, once.
    const started =
      method === 'GET' && options.body === undefined && !withCsrf ? takeBootCall(url) : undefined;
    if (started) response = await started.catch(() => undefined);
    try {
      if (response) options.signal?.throwIfAborted();
      response ??= await fetch(url, {
        method,
        headers,
        credentials: 'include',
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
        keepalive: options.keepalive,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, messages.errors.internal);
    }
    const token = response.headers.get(csrf.header);
    if (token) csrfToken = token;
    return { response, body: await readBody(response), sentToken };
  };

  let reply = await send();
  // The token is bound to the session: when the session changed under the page (it expired, or was ended
  // elsewhere), the refusal carries this browser's current token, and the call is made once more with it.
  if (
    withCsrf &&
    reply.response.status === 403 &&
    csrfToken !== reply.sentToken &&
    asRecord(reply.body).message === messages.auth.csrfMissing
  ) {
    reply = await send();
  }
  return { status: reply.response.status, ok: reply.response.ok, body: reply.body };
};

/** Calls the API (see apiFetch) and answers the reply's body, or throws an ApiError for a refusal. */
export const apiRequest = async <T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> => {
  const response = await apiFetch(method, path, options);
  if (response.ok) return response.body as T;

  const reply = asRecord(response.body);
  const message =
    typeof reply.message === 'string' && reply.message ? reply.message : messages.errors.internal;
  if (response.status === 401 && method === 'POST' && !noReloadOn401.has(path)) {
    // Spec 1 section 7: the session is gone; a reload re-runs the guard with a fresh state.
    reloadPage();
  }
  throw new ApiError(
    response.status,
    message,
    asErrors(reply.errors),
    typeof reply.code === 'string' ? reply.code : undefined,
  );
};
