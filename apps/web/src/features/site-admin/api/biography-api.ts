import type { EditBiographyBody, EditBiographyReply } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /editBiography. The analyst's and the company's page read GET /analysts and GET /companies (keys
 * ['analysts', …] and ['companies', …], features/research): a save refetches them, so the page shows the new text.
 */
export const useSaveBiography = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditBiographyBody) =>
      apiRequest<EditBiographyReply>('POST', '/editBiography', { body }),
    onSuccess: (_reply, body) =>
      queryClient.invalidateQueries({
        queryKey: [body.cDescription_Entity === 'U' ? 'analysts' : 'companies'],
      }),
  });
};
