import { z } from 'zod';
import { messages } from '../messages.ts';
import { messagesVerification } from '../messages-site.ts';
import { viewerMessages } from '../messages-viewer.ts';
import { emailField, textField } from './fields.ts';
import { apiReportId } from './report-viewer.ts';

/**
 * E-mailed report links (issue 4; spec 1 sections 2.2, 2.5 and 2.7, spec 3 "Token verification pages").
 *
 * An admin sends a report to one recipient: the server issues a per-recipient access key (stored as sha256
 * only) and mails the link
 *   `${PUBLIC_URL}/rfs.htm?rfsUrl=<report path>&rcptId=<key id>&docId=<report id>&a=<raw key>`.
 * - `rfsUrl` is the report's own same-origin path, `/reports/<id>_<slug>` (where a reader who signs in with a
 *   password reads it under their own entitlement). Its presence marks the rfs mode of spec 1 section 2.2 (the
 *   current address is forced to https, header links go to signup/login); clients never navigate to its value
 *   unless it is a same-origin relative path.
 * - `rcptId` names the recipient record (the access key's id); `docId` the report; `a` is the key itself and the
 *   only thing the server trusts.
 * The key opens the report only on a device holding a signed device cookie for that recipient (or for a reader
 * signed in with the recipient's own account); otherwise the reply asks for device verification
 * (`viewerErrorCodes.createNewCookie`), done by e-mail: POST /getCookie, then the mailed `/verifyCookieEmail?token=` page whose
 * button POSTs the token and lands on the rfs link with `confirmDevice=1` (or `linkExpired=1`).
 */
export const rfsParams = {
  rfsUrl: 'rfsUrl',
  recipientId: 'rcptId',
  docId: 'docId',
  accessKey: 'a',
  confirmDevice: 'confirmDevice',
  linkExpired: 'linkExpired',
} as const;

/** The rfs view's path (spec 1 section 2.1). */
export const rfsPath = '/rfs.htm';

export const accessKeyLimits = {
  defaultDays: 14,
  maxDays: 365,
  /** Device verification links live as long as a reset link: one hour. */
  deviceTokenSeconds: 60 * 60,
  /** A verified device stays verified for this long. */
  deviceCookieDays: 180,
  /** Raw keys and tokens are 43 characters; longer values are junk. */
  tokenMax: 200,
  linkMax: 4000,
} as const;

const positiveIdParam = textField()
  .regex(/^\d{1,9}$/, messages.errors.validation)
  .transform(Number)
  .refine((id) => id > 0, messages.errors.validation);

const opaque = (message: string) =>
  textField({ error: message }).min(1, message).max(accessKeyLimits.tokenMax, message);

/** POST /reports/:id/emailLink (admin): `:id` is an API report id ('S-123'), as in the viewer's calls. */
export const emailLinkParams = z.object({ id: apiReportId });
/** Fractions of a day are allowed (0.25 = 6 hours). */
export const emailLinkBody = z.object({
  email: emailField,
  expiresInDays: z
    .number({ error: messages.errors.validation })
    .positive(messages.errors.validation)
    .max(accessKeyLimits.maxDays, messages.errors.validation)
    .optional(),
});
export type EmailLinkBody = z.input<typeof emailLinkBody>;

export const accessKeySummary = z.object({
  /** the key's id, also the link's rcptId */
  id: z.number(),
  reportId: z.number(),
  email: z.string(),
  /** the recipient's account, when the e-mail has one */
  userId: z.number().nullable(),
  /** ISO 8601 */
  expiresAt: z.string(),
});
export type AccessKeySummary = z.infer<typeof accessKeySummary>;

export const emailLinkReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: accessKeySummary,
});
export type EmailLinkReply = z.infer<typeof emailLinkReply>;

/** POST /reportAccessKeys/:id/revoke (admin): answers messageReply; 404 for an unknown key. */
export const revokeAccessKeyParams = z.object({ id: positiveIdParam });

/** GET /report?accessKey= */
export const accessKeyQuery = z.object({ accessKey: opaque(viewerMessages.accessKeyInvalid) });

/** POST /getCookie: `link` is the rfs address the reader is on (its `a` names the key). */
export const getCookieBody = z.object({
  email: emailField,
  link: textField({ error: viewerMessages.accessKeyInvalid })
    .min(1, viewerMessages.accessKeyInvalid)
    .max(accessKeyLimits.linkMax, viewerMessages.accessKeyInvalid),
});
export type GetCookieBody = z.input<typeof getCookieBody>;

/** The same reply whether or not the e-mail matched the link's recipient. */
export const getCookieReply = z.object({ success: z.literal(true), message: z.string() });

/** GET /verifyCookieEmail?token= and POST /verifyCookieEmail {token}. */
export const deviceTokenQuery = z.object({ token: opaque(messagesVerification.tokenInvalid) });
export const deviceTokenBody = z.object({ token: opaque(messagesVerification.tokenInvalid) });

/**
 * GET: whether the token can still be used (it is not consumed); an unusable token whose link is known comes
 * with `redirectUrl` (the rfs link with linkExpired=1). POST: success with the rfs link plus confirmDevice=1;
 * an expired or used token with a known link answers success false with the linkExpired redirect; an unknown
 * token answers 400 with messagesVerification.tokenInvalid. Redirects are same-origin relative paths.
 */
export const deviceTokenReply = z.object({
  success: z.boolean(),
  redirectUrl: z.string().optional(),
  message: z.string().optional(),
});
export type DeviceTokenReply = z.infer<typeof deviceTokenReply>;

/** What the rfs query is read from: a URLSearchParams (the contract itself assumes no DOM or Node types). */
export interface QueryParams {
  get(name: string): string | null;
  has(name: string): boolean;
}

/** The rfs link's query, as the viewer reads it from the address bar. */
export const readRfsQuery = (params: QueryParams) => {
  return {
    rfsUrl: params.get(rfsParams.rfsUrl) ?? undefined,
    recipientId: params.get(rfsParams.recipientId) ?? undefined,
    docId: params.get(rfsParams.docId) ?? undefined,
    accessKey: params.get(rfsParams.accessKey) ?? undefined,
    confirmDevice: params.has(rfsParams.confirmDevice),
    linkExpired: params.has(rfsParams.linkExpired),
  };
};
