import { useMutation, useQuery } from '@tanstack/react-query';
import { checkDeviceToken, confirmDeviceToken, requestDeviceCheck } from './external-links-api.ts';

/** The external links' query keys (their mutations change no cached query). */
export const externalLinksKeys = {
  deviceToken: (token: string) => ['device-token', token] as const,
};

export const useRequestDeviceCheck = () => useMutation({ mutationFn: requestDeviceCheck });

export const useDeviceTokenCheck = (token: string) =>
  useQuery({
    queryKey: externalLinksKeys.deviceToken(token),
    queryFn: () => checkDeviceToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConfirmDevice = () => useMutation({ mutationFn: confirmDeviceToken });
