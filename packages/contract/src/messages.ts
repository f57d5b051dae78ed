import { limits } from './limits.ts';

/**
 * Every user-facing text. Texts quoted in the spec are kept to the letter (including trailing spaces);
 * texts marked "ours" fill places where the spec is silent.
 */
export const messages = {
  validation: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    emailTooLong: 'Please enter a valid email',
    passwordRequired: 'Password is required',
    // Spec: 'at least 7 characters'; the architecture raises the minimum to 8 (OWASP ASVS L2).
    passwordTooShort: 'Password should be at least 8 characters long',
    passwordTooLong: 'Please enter a valid password',
    fullNameInvalid: 'Please enter a valid full name',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    passwordMismatch: 'Create password and confirm password do not match ',
    newPasswordMismatch: 'New password and Confirm password do not match',
    newPasswordSameAsOld: 'New password and Old password are same !',
    // Ours (the spec is silent): control characters cannot be stored (a NUL), mailed or shown; every text field.
    controlCharacters: 'Please remove the control characters from this field.',
    // ours
    namesLettersOnly: 'Names may contain only letters and spaces',
    companyRequired: 'Company name is required',
    companyTooLong: 'Please enter a valid company name',
    acceptTerms: 'Please accept the Terms of Use to continue',
    publicEmailDomain:
      'Please sign up with your company e-mail address. Personal e-mail domains (such as gmail.com) are not accepted.',
    oldPasswordRequired: 'Current password is required',
    tokenRequired: 'The token you provided is not valid',
  },
  auth: {
    // ours: one answer whether or not the account exists
    invalidCredentials: 'The email or password you entered is incorrect',
    emailNotVerified:
      'Please verify your email address first. We have sent you a new verification link if the previous one expired.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    signupSuccess:
      'Thank you for signing up! Please complete your registration through the link we have sent to your email address.',
    signOutConfirm: 'Are you sure you want to sign out?',
    signedOut: 'You have been signed out.',
    passwordChanged: 'Your password has been changed.',
    oldPasswordWrong: 'Your current password is incorrect',
    sessionExpired: 'Your session has expired. Please sign in again.',
    signInRequired: 'Please sign in to continue',
    forbidden: 'You do not have access to this resource',
    csrfMissing: 'Your request could not be verified. Please reload the page and try again.',
    // ours: a state-changing call from a page of another site
    foreignOrigin: 'This request did not come from the portal and was refused.',
    // ours: sign-in is delayed after repeated failures; the owner of an account is mailed an unlock link
    signInThrottled:
      'Too many sign-in attempts. Please wait a few minutes and try again. If this is your account, we have e-mailed you a link that lets you sign in now.',
    unlockTitle: 'Unlock sign-in',
    unlockIntro:
      'Sign-in to your account was paused after repeated failed attempts. Unlock it on this browser to sign in with your password now; other browsers stay paused.',
    unlockButton: 'Unlock sign-in on this browser',
    unlocked: 'Sign-in is unlocked on this browser for the next 24 hours. You can sign in now.',
    unlockInvalid: 'This unlock link is not valid. It may have expired or been used already.',
  },
  forgotPassword: {
    success:
      'Email has been sent to your email address with a password reset link. Please follow the link to reset your password.',
    networkError: 'Internal Error. Please try again later.',
  },
  notices: {
    deviceVerified: 'Thank you! Your device has been verified. ',
    linkExpired: 'Your authentication link is expired. Please verify your device again. ',
    linkCopied: 'Link Copied to Clipboard!',
    registrationConfirmed: 'Thank you for completing the registration process',
  },
  pages: {
    notFound: '404 Page not found',
    cookieBanner:
      'This website uses cookies. By continuing to use this website you consent to our use of cookies.',
  },
  // Ways in (issue 11): the reader's own lists from the header, the user menu and settings; the refused report.
  readerLinks: {
    menu: 'My research',
    researchList: 'Research list',
    savedResearch: 'Saved research',
    settingsIntro: 'Your research list (My Research and All Reports) and the reports you saved.',
    // issue 21: CONNECT's place in the navigation (spec 3 section 2's routes)
    connectMenu: 'CONNECT',
    connectEvents: 'Events',
    connectBooking: 'Book an analyst',
    // issue 25: the replay list
    connectReplays: 'Replays',
  },
  errors: {
    internal: 'Internal Error. Please try again later.',
    // ours (issue 26): the database (or another service the request needs) cannot be reached for a moment
    unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
    notFound: 'Not found',
    validation: 'Please correct the highlighted fields',
    // ours (issue 21): what the body parser refuses before any route sees the body
    bodyTooDeep: `The request body is nested too deeply (at most ${limits.jsonDepthMax} levels).`,
    unsupportedCharset: 'The request body must be UTF-8 (charset=utf-8).',
    unsupportedEncoding: 'The request body must not be compressed or encoded (Content-Encoding: identity).',
  },
} as const;

// The signed-in home's texts are in messages-home.ts: a module of their own keeps them out of the login route's
// initial JS (a bundler keeps a module in one chunk, and the shell imports this one).
