import type {
  ChangePasswordForm,
  CurrentUser,
  LoginReply,
  MessageReply,
  ResetPasswordForm,
  SignupForm,
} from '@portal/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const login = async (body: { email: string; password: string }): Promise<CurrentUser> =>
  (await apiRequest<LoginReply>('POST', '/users/login', { body })).data;

export const signup = (body: SignupForm) => apiRequest<MessageReply>('POST', '/users/signup', { body });

export const changePassword = (body: ChangePasswordForm) =>
  apiRequest<MessageReply>('POST', '/users/changePassword', { body });

export const forgotPassword = (email: string) =>
  apiRequest<{ success: string; message: string }>('POST', '/users/forgotPassword', { body: { email } });

export const resendVerification = (email: string) =>
  apiRequest<MessageReply>('POST', '/users/resendVerify', { body: { email } });

export const resetPassword = (body: ResetPasswordForm) =>
  apiRequest<MessageReply>('POST', '/users/resetPassword', { body });

/** Uses up an e-mailed unlock link: this browser may then sign in to that account while sign-in is throttled. */
export const unlockSignIn = (token: string) =>
  apiRequest<MessageReply>('POST', '/users/unlock', { body: { token } });
