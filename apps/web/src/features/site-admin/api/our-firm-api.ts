import type { ContentReply, ContentUpdateBody } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /content, the same resource (and key) as the About Us page's query (features/content): a save puts the new
 * text there, so About shows it in this tab too; other readers get it on their next load.
 */
const contentKey = ['content'] as const;

export const useOurFirmContent = () =>
  useQuery({
    queryKey: contentKey,
    queryFn: async ({ signal }) => (await apiRequest<ContentReply>('GET', '/content', { signal })).data,
    // the editor starts from what is stored now, not from a copy another screen loaded earlier
    staleTime: 0,
  });

/** POST /content/update: the whole text; the answer (sanitised as stored) becomes the cached content. */
export const useSaveOurFirm = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentUpdateBody) =>
      apiRequest<ContentReply & { success: true }>('POST', '/content/update', { body }),
    onSuccess: (reply) => queryClient.setQueryData(contentKey, reply.data),
  });
};
