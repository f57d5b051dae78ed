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

/** The viewer's admin toolbar (spec 2 "Report viewer (admin-relevant parts)" and "Social Media Tiles"; issue 23). */
export const viewerAdminMessages = {
  toolbar: 'Admin actions',
  adminLabel: 'Admin',
  highlight: 'Highlight',
  unhighlight: 'Unhighlight',
  highlighting: 'Saving…',
  highlighted: 'The report is now highlighted.',
  unhighlighted: 'The report is no longer highlighted (latest).',
  highlightFailed: 'The report could not be changed. Please try again.',
  downloadPdf: 'Download PDF',
  downloading: 'Preparing…',
  downloadFailed: 'The PDF could not be downloaded. Please try again.',
  socialTiles: 'Social tiles',
  socialTilesOn: 'Select text in the report, then press "Social Media Tiles".',
  socialTilesOpen: 'Social Media Tiles',
  socialTilesNeedSelection: 'Select a passage of the report first.',
  tileDialogTitle: 'Social Media Tiles',
  tileQuoteLabel: 'Quote',
  tileQuoteHint: 'The passage you selected; shorten or correct it if you like.',
  tilePreviewAlt: (title: string) => `Social media tile for "${title}"`,
  tileDownload: 'Download PNG',
  tileClose: 'Close',
  tileDrawing: 'Drawing the tile…',
  tileFailed: 'The tile could not be drawn. Please try again.',
  tileQuoteTooLong: (max: number) =>
    `The quote is cut at ${max} characters; choose a shorter passage for a clear tile.`,
  tileSourcePortal: 'Read the full report at',
  tileKicker: 'RESEARCH INSIGHT',
  uploadPhoto: 'Upload photo',
  uploadPhotoOf: (name: string) => `Upload photo of ${name}`,
} as const;

/** The analyst photo upload (spec 2 sections 5, 8 and 9; POST /upload?type=analyst&id={analystId}). */
export const analystPhotoMessages = {
  /** spec 2 section 8, 'Profile image wrong type' */
  wrongType: 'Image should be in PNG or JPEG format only.',
  /** spec 2 section 8, 'Profile image wrong size' */
  wrongSize: "Image should be of '253x203' Resolution",
  /** spec 2 section 8, 'Analyst missing' */
  analystMissing: 'No such analyst exists',
  // ours
  uploaded: 'The photo has been updated.',
  tooLarge: 'The image is too large: at most 1 MB.',
  unreadable: 'The image could not be read. Please choose another file.',
  missing: 'Please choose an image file.',
  oneFile: 'Please upload one image at a time.',
  malformed: 'The upload could not be read. Please try again.',
  idInvalid: 'The id must be a positive whole number.',
  hint: 'PNG or JPEG, 253 px wide and 203 to 210 px high.',
  chooseFile: 'Choose a file',
  chooseAnother: 'Choose another file',
} as const;

/** The viewer's admin constants (spec 2 section 9). */
export const viewerAdminLimits = {
  /** 'PDF download and suggestion throttle 1000 ms' */
  pdfDownloadThrottleMs: 1000,
  /** 'Social tile canvas 1024x708' */
  tileWidth: 1024,
  tileHeight: 708,
} as const;
