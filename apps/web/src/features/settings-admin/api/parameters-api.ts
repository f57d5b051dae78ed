import type { AdminParameterEntry, AdminParameterReply, AdminParametersReply } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const parametersKey = ['admin-parameters'] as const;

/** GET /admin/parameters: every editable parameter with its type and stored value (null: not stored yet). */
export const useAdminParameters = () =>
  useQuery({
    queryKey: parametersKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<AdminParametersReply>('GET', '/admin/parameters', { signal })).data,
    // the forms start from what is stored now
    staleTime: 0,
  });

/**
 * POST /admin/parameters/{name}: one parameter's value as text. The answer (sanitised, normalised as stored)
 * replaces the cached entry; a refusal throws an ApiError whose `errors` are keyed `value` or `value.<path>`.
 */
export const useSaveParameter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) =>
      apiRequest<AdminParameterReply>('POST', `/admin/parameters/${encodeURIComponent(name)}`, {
        pattern: '/admin/parameters/:name',
        body: { value },
      }),
    onSuccess: (reply) =>
      queryClient.setQueryData<AdminParameterEntry[]>(parametersKey, (entries) =>
        entries?.map((entry) =>
          entry.name === reply.data.name ? { ...entry, value: reply.data.value } : entry,
        ),
      ),
  });
};
