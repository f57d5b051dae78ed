import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSignedIn } from '../../../lib/session.ts';
import {
  changePassword,
  forgotPassword,
  login,
  resendVerification,
  resetPassword,
  signup,
  unlockSignIn,
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
