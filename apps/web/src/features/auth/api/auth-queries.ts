import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { setSignedIn } from '../../../lib/session.ts';
import {
  changePassword,
  forgotPassword,
  login,
  resendVerification,
  resetPassword,
  signup,
  unlockSignIn,
  validateResetToken,
  verifyEmail,
} from './auth-api.ts';

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSignedIn(queryClient, user),
  });
};

export const useSignup = () => useMutation({ mutationFn: signup });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useUnlockSignIn = () => useMutation({ mutationFn: unlockSignIn });

type VerifyOutcome = 'verified' | 'invalid';

/**
 * Runs the check-then-consume pair once per token: as a query it is deduplicated, so a remount (or
 * StrictMode's double effects) cannot POST a consumed token a second time.
 */
export const useEmailVerification = (token: string) =>
  useQuery({
    queryKey: ['verify-email', token],
    queryFn: async (): Promise<VerifyOutcome> => {
      try {
        return (await verifyEmail(token)) ? 'verified' : 'invalid';
      } catch (error) {
        if (error instanceof ApiError && !error.isNetworkError && error.status < 500) return 'invalid';
        throw error;
      }
    },
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useResetTokenValidity = (token: string) =>
  useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
