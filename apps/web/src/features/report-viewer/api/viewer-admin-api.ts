import type { AnalystPhotoReply, ReportFlagBody, ReportFlagReply } from '@portal/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKey } from '../../../lib/session.ts';
import { type ViewerData, type ViewerLoad, viewerKeys } from './viewer-api.ts';

/** POST /report/{id}/highlight {status} (admin): true makes the report highlighted, false latest. */
export const setReportHighlighted = (reportId: number, status: boolean) => {
  const body: ReportFlagBody = { status };
  return apiRequest<ReportFlagReply>('POST', `/report/${reportId}/highlight`, {
    pattern: '/report/:id/highlight',
    body,
  });
};

/** GET /reports/downloadPdf/{id}/{userid} (admin): the report's PDF stamped for `userId`, base64. */
export const fetchReportPdf = async (apiId: string, userId: number) => {
  const reply = await apiRequest<{ success: true; data: string }>(
    'GET',
    `/reports/downloadPdf/${encodeURIComponent(apiId)}/${userId}`,
    { pattern: '/reports/downloadPdf/:id/:userid' },
  );
  return reply.data;
};

/** POST /upload?type=analyst&id={analystId} (admin): the analyst's new photo, multipart field `file`. */
export const uploadAnalystPhoto = (analystId: number, file: Blob) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<AnalystPhotoReply>('POST', '/upload', {
    query: { type: 'analyst', id: String(analystId) },
    body: form,
  });
};

/** Changes the report in every viewer query that holds it (the viewer's own data stays the one shown). */
const updateViewerReport = (
  queryClient: QueryClient,
  reportId: number,
  change: (report: ViewerData['report']) => ViewerData['report'],
) => {
  queryClient.setQueriesData<ViewerLoad>({ queryKey: viewerKeys.all }, (load) =>
    load?.kind === 'report' && load.data.report.id === reportId
      ? { ...load, data: { ...load.data, report: change(load.data.report) } }
      : load,
  );
};

/**
 * Every other answer the app holds may show what an admin action changed (lists, highlighted, analysts' photos):
 * marked stale, each is fetched again when next shown (the server's caches follow the change feed).
 */
const staleEverywhereElse = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== viewerKeys.all[0] && query.queryKey[0] !== sessionKey[0],
  });

/** Highlight / unhighlight from the viewer; the viewer's report shows the new type at once. */
export const useSetHighlighted = (reportId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: boolean) => setReportHighlighted(reportId, status),
    onSuccess: (reply) => {
      updateViewerReport(queryClient, reportId, (report) => ({ ...report, type: reply.report.type }));
      void staleEverywhereElse(queryClient);
    },
  });
};

/** The analyst photo upload; the viewer's analysts show the new picture. */
export const useUploadAnalystPhoto = (reportId: number, analystId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadAnalystPhoto(analystId, file),
    onSuccess: (reply) => {
      updateViewerReport(queryClient, reportId, (report) => ({
        ...report,
        analysts: report.analysts.map((a) =>
          a.id === analystId ? { ...a, image_path: reply.image_path } : a,
        ),
      }));
      void staleEverywhereElse(queryClient);
    },
  });
};
