import { useMutation, useQuery } from '@tanstack/react-query';
import { checkDeviceToken, confirmDeviceToken, requestDeviceCheck } from './external-links-api.ts';

export const useRequestDeviceCheck = () => useMutation({ mutationFn: requestDeviceCheck });

export const useDeviceTokenCheck = (token: string) =>
  useQuery({
    queryKey: ['device-token', token],
    queryFn: () => checkDeviceToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConfirmDevice = () => useMutation({ mutationFn: confirmDeviceToken });
