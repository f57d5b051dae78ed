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

/** The publish alert (issue 23): a new report in a reader's subscribed sectors, with a personal link (server only). */
export const publishAlertMessages = {
  subject: (title: string) => `New research: ${title}`,
  intro: (firm: string) => `${firm} has published a new report in the research you subscribe to:`,
  analysts: (names: string) => `By ${names}`,
  action: 'Read the report',
  linkNote: (until: string) =>
    `The link is personal to you and valid until ${until}. The first time you open it on a device, you will be asked to confirm your e-mail address.`,
  why: 'You receive this e-mail because you subscribe to research in this sector.',
} as const;
