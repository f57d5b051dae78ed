import { type IdentifyCopyReply, identifyCopyReply, messagesLeakTracing as m } from '@portal/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

const messageOf = (body: unknown) => {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : m.errors.failed;
};

/** POST /reports/identifyCopy (admin, multipart field `file`): the copies a leaked PDF's invisible marks name. */
export const identifyCopy = (
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<IdentifyCopyReply> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress({
    path: '/reports/identifyCopy',
    form,
    onProgress,
    signal,
    parse: (body) => identifyCopyReply.safeParse(body).data,
    refusal: (status, body) => new ApiError(status, messageOf(body)),
    failed: m.errors.failed,
  });
};
