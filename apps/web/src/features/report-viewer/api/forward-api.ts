import type { ForwardBody, ForwardReply, ForwardsLeftReply } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { viewerKeys } from './viewer-api.ts';

const forwardPath = (apiId: string) => `/report/${encodeURIComponent(apiId)}/forward`;

/** GET /report/{id}/forward: this month's forwards left (the count is the reader's, whatever the report). */
const fetchForwardsLeft = (apiId: string) =>
  apiRequest<ForwardsLeftReply>('GET', forwardPath(apiId), { pattern: '/report/:id/forward' });

/** POST /report/{id}/forward. */
const sendForward = (apiId: string, body: ForwardBody) =>
  apiRequest<ForwardReply>('POST', forwardPath(apiId), { pattern: '/report/:id/forward', body });

/** The forwards left, read while the forward dialog is open. */
export const useForwardsLeft = (apiId: string, enabled: boolean) =>
  useQuery({
    queryKey: viewerKeys.forwardsLeft,
    queryFn: () => fetchForwardsLeft(apiId),
    enabled,
    staleTime: 0,
  });

/**
 * Forwards the report: the reply's count replaces the one shown; a refusal may follow a forward made in another
 * tab, so the count is read again. The caller's `onSuccess`/`onError` run after these.
 */
export const useSendForward = (
  apiId: string,
  options: { onSuccess: (reply: ForwardReply) => void; onError: (failure: Error) => void },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForwardBody) => sendForward(apiId, body),
    onSuccess: (reply) => {
      queryClient.setQueryData<ForwardsLeftReply>(viewerKeys.forwardsLeft, {
        success: true,
        data: reply.data,
      });
      options.onSuccess(reply);
    },
    onError: (failure) => {
      options.onError(failure);
      void queryClient.invalidateQueries({ queryKey: viewerKeys.forwardsLeft });
    },
  });
};
