import {
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
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

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

/** A multipart upload with progress: the report as the server stored it, or the server's message and field messages. */
const upload = (path: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadWithProgress<ManagedReport>({
    path,
    form,
    onProgress,
    signal,
    parse: (body) => managedReportReply.safeParse(body).data?.report,
    refusal: refusalOf,
    failed: m.errors.failed,
  });

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
