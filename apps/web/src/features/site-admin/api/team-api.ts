import type {
  Analyst,
  AnalystProfileInput,
  SortOurPeopleBody,
  UpdateAnalystReply,
  UpdateOurPeopleBody,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The team: GET /analysts (every active member, shown in Our People or not, in the stored order). A change
 * refetches it and the Our People page's own query (['our-people'], features/research), so /people shows it in
 * this tab too; other readers get it on their next load.
 */
const teamKey = ['analysts', 'team'] as const;
const ourPeopleKey = ['our-people'] as const;

export const useTeam = () =>
  useQuery({
    queryKey: teamKey,
    queryFn: ({ signal }) => apiRequest<{ data: Analyst[] }>('GET', '/analysts', { signal }),
    // the table starts from the order stored now
    staleTime: 0,
  });

const useRefetchTeam = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKey }),
      queryClient.invalidateQueries({ queryKey: ourPeopleKey }),
    ]);
};

/** POST /overall/updateOurPeople: shows or hides a member in Our People. */
export const useSetOurPeople = () => {
  const refetch = useRefetchTeam();
  return useMutation({
    mutationFn: (body: UpdateOurPeopleBody) =>
      apiRequest<{ success: true; isOurPeople: boolean }>('POST', '/overall/updateOurPeople', { body }),
    onSuccess: () => refetch(),
  });
};

/** POST /overall/sortOurPeople with every listed person's position (their index in `ids`). */
export const useSaveTeamOrder = () => {
  const refetch = useRefetchTeam();
  return useMutation({
    mutationFn: (ids: readonly number[]) => {
      const sortValue: SortOurPeopleBody['sortValue'] = Object.fromEntries(
        ids.map((id, position) => [String(id), position]),
      );
      return apiRequest<{ success: true }>('POST', '/overall/sortOurPeople', { body: { sortValue } });
    },
    onSuccess: () => refetch(),
  });
};

/**
 * POST /analysts/updateAnalyst?id={id} (the profile modal): the fields and, when chosen, the photo (`file`), as one
 * multipart form. A save refetches the team, Our People and every analyst query (the analyst's page).
 */
export const useUpdateAnalyst = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, photo }: { id: number; fields: AnalystProfileInput; photo: File | null }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (photo) form.append('file', photo);
      return apiRequest<UpdateAnalystReply>('POST', '/analysts/updateAnalyst', {
        query: { id: String(id) },
        body: form,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['analysts'] }),
        queryClient.invalidateQueries({ queryKey: ourPeopleKey }),
      ]),
  });
};
