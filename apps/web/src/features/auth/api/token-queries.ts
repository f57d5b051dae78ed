import type { MessageReply } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

// The e-mailed tokens' checks (the sign-up verification, the reset-password link): their calls, keys and queries,
// apart from auth-queries.ts's account calls so that the sign-in page does not load them.

/** The auth feature's query keys (its mutations change no cached query). */
export const authKeys = {
  emailVerification: (token: string) => ['verify-email', token] as const,
  resetToken: (token: string) => ['reset-token', token] as const,
};

/**
 * Signup verification (spec 3): the GET only checks the token (mail scanners prefetch links); the POST,
 * made by this page, consumes it. Resolves true when the e-mail is verified.
 */
const verifyEmail = async (token: string): Promise<boolean> => {
  const check = await apiRequest<{ success: boolean }>('GET', '/verify', { query: { token } });
  if (!check?.success) return false;
  await apiRequest<MessageReply>('POST', '/verify', { body: { token } });
  return true;
};

const validateResetToken = async (token: string): Promise<boolean> =>
  (await apiRequest<{ success: boolean }>('GET', '/users/validateResetToken', { query: { token } }))
    ?.success === true;

type VerifyOutcome = 'verified' | 'invalid';

/**
 * Runs the check-then-consume pair once per token: as a query it is deduplicated, so a remount (or
 * StrictMode's double effects) cannot POST a consumed token a second time.
 */
export const useEmailVerification = (token: string) =>
  useQuery({
    queryKey: authKeys.emailVerification(token),
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
    queryKey: authKeys.resetToken(token),
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
