import {
  csrf,
  type ManagedReport,
  messagesPublishing as m,
  managedReportReply,
  type PublishingOptions,
  type PublishMetadata,
  publishingConstants,
  type UpdateReportBody,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';

/** Publishing (issue 23): the publish form's pickers, a report's edit data, and the writes. */

export const publishingKeys = {
  all: ['publishing'] as const,
  options: () => [...publishingKeys.all, 'options'] as const,
  report: (id: number) => [...publishingKeys.all, 'report', id] as const,
};

/** GET /admin/publishing/options: analysts (with their sectors), sectors, companies, countries. */
export const usePublishingOptions = () =>
  useQuery({
    queryKey: publishingKeys.options(),
    queryFn: ({ signal }) => apiRequest<PublishingOptions>('GET', '/admin/publishing/options', { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /reports/{id}/manage */
export const useManagedReport = (id: number) =>
  useQuery({
    queryKey: publishingKeys.report(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ success: true; report: ManagedReport }>('GET', `/reports/${id}/manage`, {
          pattern: '/reports/:id/manage',
          signal,
        })
      ).report,
    staleTime: 0,
  });

export const updateReport = async (id: number, body: UpdateReportBody) =>
  (
    await apiRequest<{ success: true; report: ManagedReport }>('POST', `/reports/${id}/update`, {
      pattern: '/reports/:id/update',
      body,
    })
  ).report;

export const withdrawReport = async (id: number) =>
  (
    await apiRequest<{ success: true; report: ManagedReport }>('POST', `/reports/${id}/withdraw`, {
      pattern: '/reports/:id/withdraw',
    })
  ).report;

/** The CSRF token the server echoes on every reply (asked for with a plain GET). */
const csrfToken = async (apiBase: string) => {
  const response = await fetch(`${apiBase}/users/me`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  }).catch(() => {
    throw new ApiError(0, m.errors.failed);
  });
  return response.headers.get(csrf.header) ?? '';
};

const refusalOf = (status: number, body: unknown) => {
  const reply = (body ?? {}) as { message?: unknown; errors?: unknown };
  const errors: Record<string, string> = {};
  if (reply.errors && typeof reply.errors === 'object') {
    for (const [key, value] of Object.entries(reply.errors))
      if (typeof value === 'string') errors[key] = value;
  }
  const message = typeof reply.message === 'string' && reply.message ? reply.message : m.errors.failed;
  return new ApiError(status, status === 413 && !reply.message ? m.errors.uploadTooLarge : message, errors);
};

/**
 * A multipart upload with progress (XMLHttpRequest: fetch reports no upload progress). Answers the report as the
 * server stored it, or throws an ApiError with the server's message and field messages.
 */
const upload = async (
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ManagedReport> => {
  const { apiBase } = getRuntimeConfig();
  const token = await csrfToken(apiBase);
  return new Promise<ManagedReport>((resolve, reject) => {
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
      if (xhr.status === 200) {
        const parsed = managedReportReply.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data.report);
        else reject(new ApiError(xhr.status, m.errors.failed));
        return;
      }
      reject(refusalOf(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, m.errors.failed));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
};

/** POST /reports/publish: the details as JSON in `metadata`, and the file unless it is a YouTube link. */
export const publishReport = (
  metadata: PublishMetadata,
  file: File | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) => {
  const form = new FormData();
  form.append(publishingConstants.metadataField, JSON.stringify(metadata));
  if (file) form.append(publishingConstants.fileField, file, file.name);
  return upload('/reports/publish', form, onProgress, signal);
};

/** POST /reports/{id}/replaceFile */
export const replaceReportFile = (
  id: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) => {
  const form = new FormData();
  form.append(publishingConstants.fileField, file, file.name);
  return upload(`/reports/${id}/replaceFile`, form, onProgress, signal);
};
