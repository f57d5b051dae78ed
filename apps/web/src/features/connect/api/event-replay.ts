import type { VideosReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The replay of a past event, if the reader may watch one (GET /videos, the replay list's own call and cache key:
 * issue 25, "a past event links to its replay").
 */
export const useEventReplay = (eventId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['videos', 'list', 'all'],
    queryFn: async ({ signal }) => (await apiRequest<VideosReply>('GET', '/videos', { signal })).data,
    enabled,
    select: (videos) => videos.find((video) => video.eventId === eventId) ?? null,
  });
