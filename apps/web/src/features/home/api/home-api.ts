import type { HomeReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The home's query keys (the feature changes no cached query). */
export const homeKeys = {
  all: ['overall-home'] as const,
  lists: (userId: number) => [...homeKeys.all, userId] as const,
};

/** GET /overall/home: the signed-in home's four lists in one call. */
export const fetchHome = (signal?: AbortSignal) => apiRequest<HomeReply>('GET', '/overall/home', { signal });

/**
 * The home's lists for the signed-in reader; `userId` keys the cache so that another reader signing in on the
 * same tab never sees the previous one's lists. Fetched again on every visit (progress and saves change them).
 */
export const useHome = (userId: number) =>
  useQuery({
    queryKey: homeKeys.lists(userId),
    queryFn: ({ signal }) => fetchHome(signal),
    enabled: userId > 0,
    staleTime: 0,
  });
