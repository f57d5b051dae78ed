import { z } from 'zod';
import { messagesAdminUsers as m } from '../messages-admin-users.ts';
import { userStatus } from './auth.ts';
import { emailField, multilineTextField, textField } from './fields.ts';
import { apiReportId } from './report-viewer.ts';

/**
 * Users management (issue 13; spec 2 sections 2-7 "Users Management"), the firm seats and the forwards of the
 * Terms (spec 1 section 1). Field names of the rows are the spec's (section 3: website user, external user).
 */
export const adminUsersConstants = {
  /** rows per page (spec 2 section 9) */
  pageSize: 15,
  /** firm search begins at 3 characters (spec 2 sections 5 and 9) */
  firmSearchMin: 3,
  /** at most this many firms in a search reply */
  firmSearchMax: 20,
  /** Terms: an institutional subscription covers up to 50 colleagues (a firm's default seat limit) */
  defaultSeatLimit: 50,
  /** Terms: 5 forwards per user per calendar month */
  forwardsPerMonth: 5,
  /** ours: the longest search text */
  searchMax: 100,
  /** ours: how many audit entries a person's view lists */
  auditMax: 100,
} as const;

export const usersType = z.enum(['website', 'spyder'], { error: () => m.errors.badUsersType });
export type UsersType = z.infer<typeof usersType>;

/** Sortable columns, named as the rows' fields. */
export const websiteUserSorts = [
  'sFull_Name',
  'sEmail',
  'bVerifiedEmail',
  'bActivated',
  'tLoingRecord_Time',
  'tCreatedAt',
] as const;
export const spyderUserSorts = [
  'sPFN_FullName',
  'sCompanyName',
  'sNCY_FullNo',
  'bPassword',
  'tLogin_Time',
] as const;

const idParam = textField()
  .regex(/^\d{1,10}$/, m.errors.badId)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

export const adminUsersParams = z.object({ usersType });
export const adminUserParams = z.object({ usersType, id: idParam });
export const removeUserParams = z.object({ id: idParam });
export const adminPersonParams = z.object({ id: idParam });
export const adminFirmParams = z.object({ id: idParam });

/** GET /admin/users/{usersType}?page&q&sort&dir&suggestion (suggestion=1: the website tab's Import Suggestions). */
export const adminUsersQuery = z.object({
  page: textField()
    .regex(/^\d{1,6}$/, m.errors.badPage)
    .transform(Number)
    .pipe(z.number().int().min(1, m.errors.badPage))
    .optional()
    .default(1),
  q: textField().trim().max(adminUsersConstants.searchMax).optional().default(''),
  sort: z.enum([...websiteUserSorts, ...spyderUserSorts], { error: () => m.errors.badSort }).optional(),
  dir: z
    .enum(['asc', 'desc'], { error: () => m.errors.badSort })
    .optional()
    .default('asc'),
  suggestion: z.enum(['0', '1'], { error: () => m.errors.badSort }).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

const firmRef = z.object({ id: z.number(), sName: z.string() });

/** A website user (spec 2 section 3 "Website (temp) user"), with ours: status, person, firm. Times are ISO. */
export const websiteUserRow = z.object({
  iTempUser_ID: z.number(),
  sFull_Name: z.string(),
  sEmail: z.string(),
  bVerifiedEmail: z.boolean(),
  bActivated: z.boolean(),
  tLoingRecord_Time: z.string().nullable(),
  tCreatedAt: z.string(),
  status: userStatus,
  /** the user's person in our CRM */
  iPSN_Id: z.number(),
  /** whether the person is in the external system (imported), not only a sign-up's record */
  bImported: z.boolean(),
  /** the person's firm, or for a sign-up not yet imported the firm its e-mail domain belongs to */
  firm: firmRef.nullable(),
  sCompanyName: z.string(),
});
export type WebsiteUserRow = z.infer<typeof websiteUserRow>;

/** A person of the external system (spec 2 section 3 "External system user"). */
export const spyderUserRow = z.object({
  iPSN_Id: z.number(),
  sPFN_FullName: z.string(),
  sCompanyName: z.string(),
  sNCY_FullNo: z.string(),
  bPassword: z.boolean(),
  tLogin_Time: z.string().nullable(),
  /** spec 2 section 4: No Password or Activated */
  status: z.enum(['No Password', 'Activated']),
  firmId: z.number().nullable(),
});
export type SpyderUserRow = z.infer<typeof spyderUserRow>;

const page = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(row),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
export const websiteUsersReply = page(websiteUserRow);
export const spyderUsersReply = page(spyderUserRow);
export type WebsiteUsersReply = z.infer<typeof websiteUsersReply>;
export type SpyderUsersReply = z.infer<typeof spyderUsersReply>;

/** The row actions' bodies (spec 2 section 7); the e-mail must be the stored user's. */
export const newPasswordBody = z.object({ email: emailField });
export const verifyEmailBody = z.object({ email: emailField, name: textField().max(200).optional() });
export const activateUserBody = z.object({
  email: emailField,
  status: z.boolean({ error: () => m.errors.badStatus }),
});

/**
 * A person's name in the external system: letters and spaces as at sign-up, and also the hyphens, apostrophes and
 * full stops of real names (Min-jun, O'Brien, St. John), which the CRM keeps as they are written.
 */
const CRM_NAME_PATTERN = /^\p{L}[\p{L} '’.-]*$/u;
const crmNameField = (requiredMessage: string) =>
  textField({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(60, m.import.nameInvalid)
    .regex(CRM_NAME_PATTERN, m.import.nameInvalid);

/** POST /admin/users/{usersType}/{id}: import a website user into the external system (spec 2 section 5). */
export const importUserBody = z.object({
  firstName: crmNameField(m.import.firstNameRequired),
  familyName: crmNameField(m.import.familyNameRequired),
  email: emailField,
  firmId: z
    .number({ error: () => m.import.firmRequired })
    .int(m.import.firmRequired)
    .min(1, m.import.firmRequired),
});
export type ImportUserBody = z.input<typeof importUserBody>;

export const adminActionReply = z.object({ success: z.literal(true), message: z.string() });
export type AdminActionReply = z.infer<typeof adminActionReply>;

/** GET /admin/firms?sMatch= (at least 3 characters). */
export const firmsQuery = z.object({
  sMatch: textField({ error: m.errors.firmSearchShort })
    .trim()
    .min(adminUsersConstants.firmSearchMin, m.errors.firmSearchShort)
    .max(adminUsersConstants.searchMax),
});
export const firmSummary = firmRef.extend({ seatLimit: z.number(), seatsUsed: z.number() });
export type FirmSummary = z.infer<typeof firmSummary>;
export const firmsReply = z.object({ success: z.literal(true), data: z.array(firmSummary) });

/** One entry of the admin audit log: who did what to whom, when. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /admin/persons/{id} (ours): a person's record, matrix with statuses, and what admins did to them. */
export const adminPersonReply = z.object({
  success: z.literal(true),
  data: z.object({
    iPSN_Id: z.number(),
    sPFN_FullName: z.string(),
    email: z.string(),
    entity: z.enum(['U', 'C']),
    imported: z.boolean(),
    firm: firmSummary.nullable(),
    websiteUser: z.object({ id: z.number(), status: userStatus }).nullable(),
    matrix: z.array(
      z.object({ itemId: z.number(), name: z.string(), statusId: z.number(), statusName: z.string() }),
    ),
    audit: z.array(auditEntry),
  }),
});
export type AdminPerson = z.infer<typeof adminPersonReply>['data'];

/** GET /admin/firms/{id} (ours): the firm's page, with its seats and members. */
export const adminFirmReply = z.object({
  success: z.literal(true),
  data: firmSummary.extend({
    domains: z.array(z.string()),
    members: z.array(
      z.object({
        iPSN_Id: z.number(),
        sPFN_FullName: z.string(),
        email: z.string(),
        websiteUser: z.object({ id: z.number(), status: userStatus }).nullable(),
      }),
    ),
  }),
});
export type AdminFirm = z.infer<typeof adminFirmReply>['data'];

/** The refusal of a forward past the month's quota, with the quota in it. */
export const forwardQuotaUsedText = m.forward.quotaUsed.replace(
  '{limit}',
  String(adminUsersConstants.forwardsPerMonth),
);

/** POST /report/{id}/forward (ours, the Terms): one colleague at the sender's own firm's domain. */
export const forwardParams = z.object({ id: apiReportId });
export const forwardBody = z.object({
  email: emailField,
  note: multilineTextField().max(500).optional(),
});
export type ForwardBody = z.input<typeof forwardBody>;
/** GET /report/{id}/forward: how many forwards this calendar month has left (UTC months). */
export const forwardsLeftReply = z.object({
  success: z.literal(true),
  data: z.object({ remaining: z.number(), limit: z.number() }),
});
export type ForwardsLeftReply = z.infer<typeof forwardsLeftReply>;
export const forwardReply = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ remaining: z.number(), limit: z.number() }),
});
export type ForwardReply = z.infer<typeof forwardReply>;
