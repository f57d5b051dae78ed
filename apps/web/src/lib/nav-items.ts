import type { NavItemsReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * GET /getNavItems, the site header's menu (the shell's own data, like the session): the same menu for every
 * reader; it changes rarely, so it is fetched once per visit. The favourites dropdown arrives with its entries
 * (the server's GET /blogs list as /blogs/{key} links) and only while favourites exist. A sign-out keeps it and reloads it 1.5 s later (spec 1 section 4, see lib/session.ts).
 */
export const useNavItems = (enabled: boolean) =>
  useQuery({
    queryKey: ['nav-items'],
    queryFn: async ({ signal }) => (await apiRequest<NavItemsReply>('GET', '/getNavItems', { signal })).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { afterSignOut: 'reload' },
  });
