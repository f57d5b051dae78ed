import { csrf, type IdentifyCopyReply, identifyCopyReply, messagesLeakTracing as m } from '@portal/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

/**
 * POST /reports/identifyCopy (admin, multipart field `file`): the copies a leaked PDF's invisible marks name.
 * Sent with XMLHttpRequest rather than fetch, which reports no upload progress; the CSRF token is the one the
 * server echoes on every reply (asked for first with a plain GET).
 */
const csrfToken = async (apiBase: string) => {
  const response = await fetch(`${apiBase}/users/me`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  }).catch(() => {
    throw new ApiError(0, m.errors.failed);
  });
  return response.headers.get(csrf.header) ?? '';
};

const messageOf = (body: unknown) => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : m.errors.failed;
};

export const identifyCopy = async (
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<IdentifyCopyReply> => {
  const { apiBase } = getRuntimeConfig();
  const token = await csrfToken(apiBase);
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<IdentifyCopyReply>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}/reports/identifyCopy`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader(csrf.header, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        const parsed = identifyCopyReply.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, m.errors.failed));
        return;
      }
      reject(new ApiError(xhr.status, messageOf(xhr.response)));
    };
    xhr.onerror = () => reject(new ApiError(0, m.errors.failed));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
};
