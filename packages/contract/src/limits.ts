/** Business constants of the spec (document 1 section 9 and document 3 section 9), and our own limits. */
export const limits = {
  emailMax: 250,
  // Spec: 7 to 25. Raised to 8 to 128 per ARCHITECTURE.md section 5 (OWASP ASVS level 2).
  passwordMin: 8,
  passwordMax: 128,
  fullNameMin: 2,
  fullNameMax: 50,
  companyMax: 100,
  breakpoints: { mobile: 0, tablet: 768, desktop: 992, largeDesktop: 1200 },
  noticeMs: 10_000,
  logoutRefreshMs: 1500,
  postLoginReloadMs: 1000,
  // JSON request bodies: nesting deeper than this is refused by the body parser, before any route (issue 21)
  jsonDepthMax: 64,
  /** Pagination shows ellipses above this many pages (spec 1 section 9). */
  paginationAllPagesMax: 6,
  adminVersion: '11.8.6',
} as const;

export const storageKeys = {
  cookieConsent: 'cookie_consent',
  prevUrl: 'prevUrl',
  tagsInput: 'TagsInput',
} as const;

/**
 * Throttles stored in the database (so a restart does not lift a block). Each attempt is counted by one atomic
 * statement before the work it guards; the attempt that reaches `max` within `windowSeconds` blocks the next
 * ones for `blockSeconds`. With `maxBlockSeconds` the block grows: it doubles with every attempt past `max`
 * (each allowed only once the previous block is over) up to that ceiling, a progressive delay instead of one
 * long lock-out that anyone could impose on the owner.
 */
export interface ThrottleLimit {
  max: number;
  windowSeconds: number;
  blockSeconds: number;
  maxBlockSeconds?: number;
}
const HOUR = 60 * 60;
export const throttles = {
  // Sign-in: progressive delays per address and per IP (an office behind one address is delayed, not locked out);
  // the owner can always get in through the e-mailed unlock link (loginPerUnlock then applies instead).
  loginPerEmail: { max: 5, windowSeconds: 24 * HOUR, blockSeconds: 30, maxBlockSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: HOUR, blockSeconds: 30, maxBlockSeconds: 15 * 60 },
  loginPerUnlock: { max: 5, windowSeconds: 24 * HOUR, blockSeconds: 30, maxBlockSeconds: 15 * 60 },
  // one unlock mail per address and hour, whoever triggers it; a caller trying many addresses from a delayed IP
  // cannot make more than these in all
  unlockMailPerEmail: { max: 1, windowSeconds: HOUR, blockSeconds: HOUR },
  unlockMailPerIp: { max: 50, windowSeconds: HOUR, blockSeconds: HOUR },
  unlockMailGlobal: { max: 500, windowSeconds: HOUR, blockSeconds: HOUR },
  // Sign-up: each one queues a mail to an address the caller chooses.
  signupPerIp: { max: 10, windowSeconds: HOUR, blockSeconds: HOUR },
  signupGlobal: { max: 300, windowSeconds: HOUR, blockSeconds: 5 * 60 },
  // Forgot password (issue 21): requests are counted per address and requester, never per address alone, so that
  // nobody can lock the owner out of a reset by asking for the owner's address; the reset mails one address gets
  // are capped per requester and, more loosely, per address in all, silently (the answer stays the same).
  forgotPerEmailIp: { max: 3, windowSeconds: HOUR, blockSeconds: HOUR },
  forgotPerIp: { max: 20, windowSeconds: HOUR, blockSeconds: HOUR },
  forgotMailPerEmail: { max: 10, windowSeconds: HOUR, blockSeconds: HOUR },
  verifyPerEmail: { max: 3, windowSeconds: HOUR, blockSeconds: HOUR },
  verifyPerIp: { max: 30, windowSeconds: HOUR, blockSeconds: HOUR },
  // contact forms (issue 5): messages sent, and captcha checks (POST /aoi/verifyToken) per IP
  contactPerIp: { max: 10, windowSeconds: HOUR, blockSeconds: HOUR },
  captchaPerIp: { max: 30, windowSeconds: HOUR, blockSeconds: HOUR },
  // POST /getCookie (device verification mails of e-mailed report links): tries per IP and per link and IP,
  // counted before the address is compared; mails per recipient and IP, and per recipient overall.
  deviceCheckPerIp: { max: 20, windowSeconds: HOUR, blockSeconds: HOUR },
  deviceCheckPerLink: { max: 5, windowSeconds: HOUR, blockSeconds: HOUR },
  deviceMailPerEmailIp: { max: 3, windowSeconds: HOUR, blockSeconds: HOUR },
  deviceMailPerEmail: { max: 10, windowSeconds: HOUR, blockSeconds: HOUR },
  // GET /reports/downloadPdf (admin): one stamped download per second per admin (spec 1 section 9)
  downloadPdfPerAdmin: { max: 1, windowSeconds: 1, blockSeconds: 1 },
  // GET /SendEmail (issue 12): mails about one person an hour, whoever asks, so that nobody can mail-bomb the
  // reader or their account managers
  subscriptionMailPerPerson: { max: 20, windowSeconds: HOUR, blockSeconds: HOUR },
  // POST /unsubscribe/requestLink (the Enter Email dialog): over these the link mail is skipped silently
  unsubscribeLinkPerEmail: { max: 3, windowSeconds: HOUR, blockSeconds: HOUR },
  unsubscribeLinkPerIp: { max: 20, windowSeconds: HOUR, blockSeconds: HOUR },
} as const satisfies Record<string, ThrottleLimit>;
export type ThrottleName = keyof typeof throttles;

export const tokenLifetimes = {
  verifySeconds: 48 * 60 * 60,
  resetSeconds: 60 * 60,
  // the e-mailed link that lets the owner sign in while sign-in is throttled, and the grant it leaves
  unlockSeconds: 60 * 60,
  unlockGrantSeconds: 24 * 60 * 60,
  // e-mailed person links (issue 12): the Enter Email dialog's single-use link, and the reusable unsubscribe
  // link of every list mail (footer and List-Unsubscribe), which must outlive the mail in a reader's inbox
  unsubscribeLinkSeconds: 60 * 60,
  listMailLinkSeconds: 90 * 24 * 60 * 60,
} as const;

export const csrf = {
  header: 'x-csrf-token',
  cookie: 'csrf_token',
} as const;

export const sessionCookie = 'sid';

/**
 * Publishing (issue 23): the largest report file accepted per type, and the bounds of an xlsx's zip (checked in
 * its central directory before anything is extracted: a small file that would inflate to gigabytes is refused).
 */
export const reportUploadLimits = {
  maxBytes: {
    pdf: 50 * 1024 * 1024,
    htm: 5 * 1024 * 1024,
    xlsx: 20 * 1024 * 1024,
    mp3: 100 * 1024 * 1024,
    mp4: 200 * 1024 * 1024,
  },
  xlsx: {
    /** the sum of every entry's uncompressed size */
    maxUncompressedBytes: 200 * 1024 * 1024,
    /** uncompressed size over compressed size, per entry and overall */
    maxCompressionRatio: 100,
    maxEntries: 2000,
  },
} as const;
