/**
 * Texts the login route never shows, in modules of their own beside messages.ts: a bundler keeps a module whole,
 * and the shell imports messages.ts, so texts there cost the login route's initial JS (at its budget).
 */
/** The report viewer's texts (spec 1 section 2.7). */
export const viewerMessages = {
  audioUnsupported: 'Your browser does not support the audio element.',
  videoUnsupported: 'Your browser does not support video playback.',
  viewReport: 'View Report',
  configsMustBeArray: 'Configs must be an array',
  signupPreferences: 'Signup Preferences',
  // ours
  relatedReports: 'Related Reports',
  loadFailed: 'The report could not be loaded. Please try again.',
  requiredLogin: 'Please sign in to read this report.',
  notEntitled: 'This report is not included in your subscription.',
  reportMissing: 'No such report exists',
  fileLinkInvalid: 'This file link is not valid. Please open the report again.',
  fileLinkExpired: 'This file link has expired. Please open the report again.',
  fileMissing: 'The file of this report is not available. Please contact us.',
  notPdf: 'Only PDF reports can be downloaded with a watermark.',
  userMissing: 'No such user exists',
  accessKeyInvalid: 'This link is no longer valid. Please ask for a new one or sign in.',
  deviceCheckSent: 'We have sent a verification link to your email address. Please open it on this device.',
  copyLinkFailed: 'The link could not be copied. Please copy it from the address bar.',
  deviceCheckTitle: 'Verify your device',
  deviceCheckIntro:
    'To read this report on this device, enter the email address the link was sent to and we will send you an authentication link, or sign in with your password.',
  verifyDeviceTitle: 'Verify this device',
  verifyDeviceIntro: 'Press the button below to verify this device and open your report.',
  emailLinkSent: 'The report link has been sent.',
  accessKeyRevoked: 'The report link has been revoked.',
} as const;

/** A refused report's page (issue 11). */
export const refusedReportMessages = {
  back: 'Back',
  published: 'Published',
  analysts: 'Analysts',
  sectors: 'Sectors',
  requestAccess: 'Request access',
  requestAccessText: 'To add this report to your subscription, write to our client services team at',
  requestSubject: 'Access request: ',
} as const;
