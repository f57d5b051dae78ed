import type { Analyst, SortOurPeopleBody } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /overall/ourPeople, the same resource (and key) as the Our People page's query (features/research): a saved
 * order refetches it, so /people shows the new order in this tab too; other readers get it on their next load.
 */
const ourPeopleKey = ['our-people'] as const;

export const useTeam = () =>
  useQuery({
    queryKey: ourPeopleKey,
    queryFn: ({ signal }) =>
      apiRequest<{ data: Analyst[]; categories: string[] }>('GET', '/overall/ourPeople', { signal }),
    // the table starts from the order stored now
    staleTime: 0,
  });

/** POST /overall/sortOurPeople with every listed person's position (their index in `ids`). */
export const useSaveTeamOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => {
      const sortValue: SortOurPeopleBody['sortValue'] = Object.fromEntries(
        ids.map((id, position) => [String(id), position]),
      );
      return apiRequest<{ success: true }>('POST', '/overall/sortOurPeople', { body: { sortValue } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ourPeopleKey }),
  });
};
