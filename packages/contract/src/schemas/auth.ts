import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { currentPasswordField, emailField, nameField, newPasswordField, textField } from './fields.ts';

const v = messages.validation;

export const loginForm = z.object({
  email: emailField,
  password: currentPasswordField,
});
export type LoginForm = z.input<typeof loginForm>;

export const signupForm = z
  .object({
    firstName: nameField(v.firstNameRequired),
    lastName: nameField(v.lastNameRequired),
    companyName: textField({ error: v.companyRequired })
      .trim()
      .min(1, v.companyRequired)
      .max(limits.companyMax, v.companyTooLong),
    email: emailField,
    password: newPasswordField,
    confirmPassword: textField({ error: v.passwordRequired }).min(1, v.passwordRequired),
    acceptTandC: z.literal(true, { error: v.acceptTerms }),
  })
  .superRefine((form, ctx) => {
    const fullName = `${form.firstName} ${form.lastName}`.trim();
    if (fullName.length < limits.fullNameMin || fullName.length > limits.fullNameMax) {
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: v.fullNameInvalid });
    }
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordMismatch });
    }
  });
export type SignupForm = z.input<typeof signupForm>;

export const changePasswordForm = z
  .object({
    oldPassword: textField({ error: v.oldPasswordRequired }).min(1, v.oldPasswordRequired),
    newPassword: newPasswordField,
    confirmNewPassword: textField({ error: v.passwordRequired }).min(1, v.passwordRequired),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword !== form.confirmNewPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: v.newPasswordMismatch });
    }
    if (form.oldPassword === form.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: v.newPasswordSameAsOld });
    }
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** Spec 1 section 5: Confirm is enabled only when all three are filled, new equals confirm, confirm differs from old. */
export const canSubmitChangePassword = (f: ChangePasswordForm) =>
  f.oldPassword.length > 0 &&
  f.newPassword.length > 0 &&
  f.confirmNewPassword.length > 0 &&
  f.newPassword === f.confirmNewPassword &&
  f.confirmNewPassword !== f.oldPassword;

export const forgotPasswordForm = z.object({ email: emailField });
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;

export const resendVerifyForm = z.object({ email: emailField });
export type ResendVerifyForm = z.input<typeof resendVerifyForm>;

const tokenField = textField({ error: v.tokenRequired }).min(16, v.tokenRequired).max(200, v.tokenRequired);

export const tokenQuery = z.object({ token: tokenField });
export const verifyBody = z.object({ token: tokenField });
/** POST /users/unlock (ours): the token of the e-mailed unlock link. */
export const unlockBody = z.object({ token: tokenField });

/** The reset-password action (spec 3: newpassword, confirmpassword and token). */
export const resetPasswordForm = z
  .object({
    token: tokenField,
    newpassword: newPasswordField,
    confirmpassword: textField({ error: v.passwordRequired }).min(1, v.passwordRequired),
  })
  .superRefine((form, ctx) => {
    if (form.newpassword !== form.confirmpassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmpassword'], message: v.passwordMismatch });
    }
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

export const userType = z.enum(['admin', 'npi', 'client']);
export type UserType = z.infer<typeof userType>;

/** Website user states of spec 2 section 4. */
export const userStatus = z.enum(['Email Not Verified', 'Pending Activate', 'Activated']);
export type UserStatus = z.infer<typeof userStatus>;

export const currentUser = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  type: userType,
  sEntity: z.string(),
  /** ours: the reader's person in our CRM (issue 12), whose matrix the subscription calls read and write */
  iPSN_Id: z.number(),
  returnUrl: z.string(),
  status: userStatus,
  companyName: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** GET /users/me. `success: false` means a session cookie was sent but is no longer valid. */
export const currentUserReply = z.object({
  success: z.boolean(),
  data: currentUser.nullable(),
});
export type CurrentUserReply = z.infer<typeof currentUserReply>;

export const loginReply = z.object({ success: z.literal(true), data: currentUser });
export type LoginReply = z.infer<typeof loginReply>;

/** Forgot password replies with success as the string 'true' (spec 1 section 7). */
export const forgotPasswordReply = z.object({ success: z.literal('true'), message: z.string() });

export const validateTokenReply = z.object({ success: z.boolean() });
