import type { NavItem, NavItemsReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type { NavItem };

/**
 * GET /getNavItems. The navigation may differ by reader, so the answer is kept per signed-in user (0: anonymous);
 * it changes rarely, so it is fetched once per visit. The favourites dropdown arrives with its entries (the
 * server's GET /blogs list as /blogs/{key} links) and only while favourites exist.
 */
export const useNavItems = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['nav-items', userId],
    queryFn: async ({ signal }) => (await apiRequest<NavItemsReply>('GET', '/getNavItems', { signal })).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
