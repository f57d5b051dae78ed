import type { AnalystFollowReply } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// Apart from research-queries.ts: only the analyst page loads it (issue 23, beyond the spec).
const pattern = '/analysts/:id/follow';
const followKey = (analystId: number) => ['analysts', 'follow', analystId] as const;

/** Whether the signed-in reader follows the analyst (GET /analysts/{id}/follow). */
export const useFollowStatus = (analystId: number, enabled: boolean) =>
  useQuery({
    queryKey: followKey(analystId),
    queryFn: ({ signal }) =>
      apiRequest<AnalystFollowReply>('GET', `/analysts/${analystId}/follow`, { pattern, signal }),
    enabled: enabled && analystId > 0,
  });

/** Follows (`true`) or unfollows the analyst; the answer becomes the status the page shows. */
export const useSetFollow = (analystId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) =>
      apiRequest<AnalystFollowReply>('PUT', `/analysts/${analystId}/follow`, {
        pattern,
        body: { following },
      }),
    onSuccess: (reply) => queryClient.setQueryData(followKey(analystId), reply),
  });
};
