import { z } from 'zod';
import { subscriptionMessages } from '../messages-subscriptions.ts';
import { emailField, multilineTextField, textField } from './fields.ts';

/**
 * Client records and subscriptions (issue 12; spec 3 sections 2-9): the CRM side that the preference and
 * unsubscribe screens talk to. Persons, the product matrix, pick lists and the notification mails live in our
 * own tables behind the spec's calls; the XML shapes of the spec travel as the `data` string of a JSON reply.
 */
export const matrixConstants = {
  /** the matrix's only X axis (spec 3 section 9) */
  xAxisId: 300001,
  /** the default Z: a request for a product, which grants nothing */
  requestZ: 2120300010,
  /** the Z named 'Subscriber': the only status that grants reading */
  subscriberZ: 2120300001,
  subscriberName: 'Subscriber',
  /** ours: GET /Repository/UpdateMatrix's XML arguments are refused beyond this many characters */
  xmlMaxChars: 20_000,
  /** ours: at most this many y elements in one insert or delete XML */
  xmlMaxItems: 200,
  /** the unsubscribe-preference mail goes at most once in this many days (spec 3 section 9) */
  unsubMailDays: 7,
  /** SaveUnsubscribeReason's text when the reader wrote none (spec 3 section 4) */
  emptyReasonText: 'NA',
  /** ours: the longest reason text */
  reasonTextMax: 1000,
  /** the unsubscribe reasons' pick list (spec 3 section 9) */
  unsubscribeReasonsMnemonic: 'sUnsubRsns',
  /** ours: the product id of the e-mail list itself (/unsubscribe/0): unsubscribing stops list mail */
  mailListProductId: 0,
  /** ours: the schema field that stops list mail for a person, '1' = stopped (spec 3 section 7) */
  suppressEmailsField: 'psnRWSuppressEmails',
} as const;

/** The entities of spec 3 section 6: 'U' (user, schema scUsrMatrix) and 'C' (contact, scCntMatrix). */
export const personEntity = z.enum(['U', 'C']);
export type PersonEntity = z.infer<typeof personEntity>;

/** Pick lists any caller may read (GET /PickList/GetPickLists/{mnemonic}). */
export const publicPickLists = [matrixConstants.unsubscribeReasonsMnemonic] as const;
/** Schema fields a person (or an admin) may read through GET /overall/getSchemaFieldValue. */
export const readableSchemaFields = [matrixConstants.suppressEmailsField] as const;

/**
 * Templates a caller may name in GET /SendEmail and POST /users/insertMailEvent (the spec's template
 * parameters). The server picks recipients, sender, copies and placeholder values; the caller only names the
 * case, and the server may still pick another one (an existing client always gets the ExstClient case).
 */
export const mailTemplateNames = [
  'sWebEmlTMPLTExstClient',
  'sWebEmlTMPLTPublicNo',
  'sWebEmlTMPLTPublicYes',
  'sUnsubRsnEmlTmplt',
  'sWebUnsubEmlTMPLTExstClient',
  'sWebUnsubEmlTMPLTPublicNo',
  'sWebUnsubEmlTMPLTPublicYes',
] as const;
export const mailTemplateName = z.enum(mailTemplateNames, {
  error: () => subscriptionMessages.errors.badValue,
});
export type MailTemplateName = z.infer<typeof mailTemplateName>;

/**
 * The @@ placeholders the mail templates (sWebEmlTMPLT*, sUnsubRsnEmlTmplt, sWebUnsubEmlTMPLT*) may use. The
 * server fills them, HTML-escaped, from its own records; a caller's headerParams are never used as values.
 */
export const mailPlaceholders = {
  '@@FirstName@@': "the reader's first name",
  '@@LastName@@': "the reader's family name",
  '@@FullName@@': "the reader's full name",
  '@@Email@@': "the reader's e-mail address",
  '@@FirmName@@': "the reader's firm ('' when none)",
  '@@Products@@': 'the products and sectors just requested (a list)',
  '@@RemovedProducts@@': 'the products and sectors just removed (a list)',
  '@@Product@@': 'the product or sector unsubscribed from',
  '@@Reason@@': 'the unsubscribe reason (the pick list text, or the text written under Other)',
  '@@PreferencesUrl@@': "the reader's subscription preferences page",
  '@@Date@@': 'the date of the change',
} as const;
export type MailPlaceholder = keyof typeof mailPlaceholders;

/** sRWClientSubConfigJSON: the chips' categories and colours (spec 3 section 3). */
export const subscriptionConfig = z.object({
  categories: z.array(z.object({ label: z.string(), items: z.array(z.number().int()) })),
  colors: z.array(z.object({ item: z.number().int(), color: z.string() })),
});
export type SubscriptionConfig = z.infer<typeof subscriptionConfig>;

// ---- path and query parameters

/** A CRM id in a path: digits only, as the CRM's integer ids. */
export const crmId = textField()
  .regex(/^\d{1,10}$/, subscriptionMessages.errors.badValue)
  .transform(Number)
  .pipe(z.number().int().min(0).max(2_147_483_647));

export const idParams = z.object({ id: crmId });
export const personMatrixParams = z.object({ id: crmId, userEntity: personEntity });
export const pickListParams = z.object({ mnemonic: textField().max(60) });
export const schemaFieldParams = z.object({ psnId: crmId, fieldName: textField().max(60) });
export const personIdFromEmailQuery = z.object({ email: emailField });
export const accountManagerQuery = z.object({
  pid: crmId,
  format: textField().max(20).optional(),
  hierarchy: textField().max(20).optional(),
  bulletin: textField().max(20).optional(),
  language: textField().max(20).optional(),
  user: textField().max(20).optional(),
});

/** GET /Repository/UpdateMatrix's query (spec 3 section 7). */
export const updateMatrixQuery = z.object({
  psnId: crmId,
  psnEntity: personEntity,
  insertXml: textField()
    .max(matrixConstants.xmlMaxChars, subscriptionMessages.errors.xmlTooLarge)
    .optional()
    .default(''),
  deleteXml: textField()
    .max(matrixConstants.xmlMaxChars, subscriptionMessages.errors.xmlTooLarge)
    .optional()
    .default(''),
  schemaId: textField().max(40).optional(),
  schemaFieldId: textField().max(40).optional(),
});
export type UpdateMatrixQuery = z.input<typeof updateMatrixQuery>;

/**
 * GET /SendEmail's query: the spec's fields. Only `emailBodyParameterName` (the case) and `psnId` (ours: whose
 * mail it is; the caller's own person unless an admin) decide anything; subject, sender and recipient ids sent by
 * a caller are ignored, the server computes them from the parameters of the case.
 */
export const sendEmailQuery = z.object({
  psnId: crmId,
  emailBodyParameterName: mailTemplateName,
  emailSubject: textField().max(300).optional(),
  fromSenderId: textField().max(40).optional(),
  toIds: textField().max(300).optional(),
  ccIds: textField().max(300).optional(),
  bccIds: textField().max(300).optional(),
  headerParams: textField().max(2000).optional(),
});
export type SendEmailQuery = z.input<typeof sendEmailQuery>;

/** POST /users/insertMailEvent (spec 3 section 3 "Email event"): the CRM's record of a mail the server sent. */
export const insertMailEventBody = z.object({
  psnId: z.number().int().min(0).max(2_147_483_647),
  emailObj: z.object({
    subject: textField().max(300).optional(),
    /** the template parameter whose mail this records (never HTML) */
    body: mailTemplateName,
  }),
  subData: z
    .object({
      senderId: z.unknown().optional(),
      assignedToIds: z.unknown().optional(),
      assignedCCIds: z.unknown().optional(),
      assignedBCCIds: z.unknown().optional(),
      sectorIds: z.array(z.number().int().min(0)).max(matrixConstants.xmlMaxItems).optional(),
      documentIds: z.array(textField().max(40)).max(50).optional(),
    })
    .optional(),
});
export type InsertMailEventBody = z.input<typeof insertMailEventBody>;

/** GET /users/SaveUnsubscribeReason/{personId}/{productId}/{otherText}/{reasonId}. */
export const saveUnsubscribeReasonParams = z.object({
  personId: crmId,
  productId: crmId,
  otherText: multilineTextField().max(matrixConstants.reasonTextMax),
  reasonId: crmId,
});

// ---- ours: e-mailed person links

/** POST /mailLinks/redeem: opens an e-mailed link; the reply's cookie lets this browser act for that person. */
export const redeemMailLinkBody = z.object({ token: textField().min(1).max(200) });
export const redeemMailLinkReply = z.object({
  success: z.literal(true),
  data: z.object({
    purpose: z.enum(['unsubscribe', 'preferences']),
    iPSN_Id: z.number(),
    sEntity: personEntity,
    userFullName: z.string(),
    /** the product of an unsubscribe link (0: the e-mail list) */
    productId: z.number(),
  }),
});
export type RedeemMailLinkReply = z.infer<typeof redeemMailLinkReply>;

/** POST /unsubscribe/oneClick?token= (RFC 8058): the list mail's reusable link token is the whole authority. */
export const oneClickQuery = z.object({ token: textField().min(1).max(200) });
export const messageOkReply = z.object({ success: z.literal(true), message: z.string() });

/** POST /unsubscribe/requestLink: the Enter Email dialog. The answer is the same whether the address is known. */
export const requestUnsubscribeLinkBody = z.object({
  email: emailField,
  productId: z.number().int().min(0).max(2_147_483_647),
});

// ---- replies

/** Every call here answers `{ success: true, data }`; the XML replies carry the XML text as `data`. */
export const xmlReply = z.object({ success: z.literal(true), data: z.string() });
export type XmlReply = z.infer<typeof xmlReply>;

export const matrixDescription = z.object({ iPBV_Id: z.number(), sDescription: z.string() });
export const matrixDescriptionsReply = z.object({
  success: z.literal(true),
  data: z.array(matrixDescription),
});
export type MatrixDescription = z.infer<typeof matrixDescription>;

export const pickListValue = z.object({
  Mnemonic: z.string(),
  ValueId: z.number(),
  Sort: z.number(),
  text: z.string(),
});
export type PickListValue = z.infer<typeof pickListValue>;
export const pickListReply = z.object({ success: z.literal(true), data: z.array(pickListValue) });

export const parentFirmReply = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number(), sName: z.string() }).nullable(),
});

export const personIdReply = z.object({
  success: z.literal(true),
  data: z.object({ iPSN_Id: z.number(), userFullName: z.string() }),
});
export type PersonIdReply = z.infer<typeof personIdReply>;

export const schemaFieldValueReply = z.object({
  success: z.literal(true),
  data: z.object({ fieldName: z.string(), value: z.string() }),
});

export const updateMatrixReply = z.object({
  success: z.literal(true),
  data: z.object({ inserted: z.array(z.number()), deleted: z.array(z.number()) }),
});
export type UpdateMatrixReply = z.infer<typeof updateMatrixReply>;

/** SendEmail: which case the server used and how many mails it queued (0 when the 7-day rule held it back). */
export const sendEmailReply = z.object({
  success: z.literal(true),
  data: z.object({ template: mailTemplateName, queued: z.number() }),
});
export type SendEmailReply = z.infer<typeof sendEmailReply>;

export const mailEventReply = z.object({ success: z.literal(true), data: z.object({ id: z.number() }) });

export const unsubLastSentReply = z.object({
  success: z.literal(true),
  /** ISO date-time, or null when never sent */
  data: z.object({ dLastSent: z.string().nullable() }),
});
export type UnsubLastSentReply = z.infer<typeof unsubLastSentReply>;

export const okReply = z.object({ success: z.literal(true) });
