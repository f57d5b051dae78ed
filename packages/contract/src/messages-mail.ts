/**
 * Texts the login route never shows, in modules of their own beside messages.ts: a bundler keeps a module whole,
 * and the shell imports messages.ts, so texts there cost the login route's initial JS (at its budget).
 */
/** Subjects of the account and report mails (server only). */
export const mailMessages = {
  verifySubject: 'Complete your registration',
  resetSubject: 'Reset your password',
  accountExistsSubject: 'Sign-up attempt for your account',
  passwordChangedSubject: 'Your password was changed',
  reportLinkSubject: 'A research report has been shared with you',
  deviceVerifySubject: 'Verify your device',
  unlockSubject: 'Sign-in to your account was paused',
} as const;
