import { csrf } from '@portal/contract';
import { ApiError } from './api-client.ts';
import { getRuntimeConfig } from './runtime-config.ts';

/** The CSRF token the server echoes on every reply, asked for with a plain GET of the session. */
const csrfToken = async (apiBase: string, failed: string) => {
  const response = await fetch(`${apiBase}/users/me`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  }).catch(() => {
    throw new ApiError(0, failed);
  });
  return response.headers.get(csrf.header) ?? '';
};

export interface UploadOptions<T> {
  /** API path, e.g. `/reports/publish` */
  path: string;
  form: FormData;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
  /** The 200 reply's value, or undefined when it is not what the contract says. */
  parse: (body: unknown) => T | undefined;
  /** The error of a refusal (any status but 200), from its status and body. */
  refusal: (status: number, body: unknown) => ApiError;
  /** The text of a failure without a usable answer (network, unexpected body). */
  failed: string;
}

/**
 * A multipart POST with upload progress: XMLHttpRequest, since fetch reports none. Sends the session's cookies and
 * the CSRF header; an abort rejects with an AbortError.
 */
export const uploadWithProgress = async <T>(options: UploadOptions<T>): Promise<T> => {
  const { path, form, onProgress, signal, parse, refusal, failed } = options;
  const { apiBase } = getRuntimeConfig();
  const token = await csrfToken(apiBase, failed);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader(csrf.header, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 200) return reject(refusal(xhr.status, xhr.response));
      const value = parse(xhr.response);
      if (value === undefined) reject(new ApiError(xhr.status, failed));
      else resolve(value);
    };
    xhr.onerror = () => reject(new ApiError(0, failed));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
};
