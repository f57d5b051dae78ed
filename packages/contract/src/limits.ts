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
  adminVersion: '11.8.6',
} as const;

export const storageKeys = {
  cookieConsent: 'cookie_consent',
  prevUrl: 'prevUrl',
  tagsInput: 'TagsInput',
} as const;

/** Throttles stored in the database (so a restart does not lift a block). */
export const throttles = {
  loginPerEmail: { max: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  forgotPerEmail: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  forgotPerIp: { max: 20, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  verifyPerEmail: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  verifyPerIp: { max: 30, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  // contact forms (issue 5): messages sent, and captcha checks (POST /aoi/verifyToken) per IP
  contactPerIp: { max: 10, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  captchaPerIp: { max: 30, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  // POST /getCookie (device verification mails of e-mailed report links)
  deviceCheckPerEmail: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  deviceCheckPerIp: { max: 20, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  // GET /reports/downloadPdf (admin): one stamped download per second per admin (spec 1 section 9)
  downloadPdfPerAdmin: { max: 1, windowSeconds: 1, blockSeconds: 1 },
} as const;
export type ThrottleName = keyof typeof throttles;

export const tokenLifetimes = {
  verifySeconds: 48 * 60 * 60,
  resetSeconds: 60 * 60,
} as const;

export const csrf = {
  header: 'x-csrf-token',
  cookie: 'csrf_token',
} as const;

export const sessionCookie = 'sid';
