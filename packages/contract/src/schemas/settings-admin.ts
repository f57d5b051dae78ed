import { z } from 'zod';
import { copyLinkNameMax, copyLinkParameters } from '../copy-links.ts';
import { messagesSettingsAdmin } from '../messages-settings-admin.ts';
import {
  watermarkLimits,
  watermarkPlaceholders,
  watermarkXAlignments,
  watermarkYAlignments,
} from '../watermark.ts';
import { parseUrl } from '../whatwg-url.ts';
import { firstErrors } from './common.ts';
import { connectLimits } from './connect.ts';
import { hasControlCharacters, multilineTextField, numberInput, textField } from './fields.ts';
import { mailPlaceholders } from './subscriptions.ts';

/**
 * Editing the configuration parameters (issue 24, "Watermark and parameters"; spec 3 section 9, spec 2 section 3):
 * which parameters an administrator edits, each with its type, and the one check of a value, which the server
 * applies on write (GET /admin/parameters, POST /admin/parameters/{name}) and the screens before sending.
 *
 * Types: `text` (one line unless `multiline`), `html` (rich text, sanitised on the server with the stored-HTML
 * policy), `json` (with a schema of what the code reads), `flag` ('0' or '1'), `idList` (comma-separated whole
 * numbers, normalised to '1,2,3'). A value is always sent and stored as text.
 */
const e = messagesSettingsAdmin.errors;

export const adminParameterTypes = ['text', 'html', 'json', 'flag', 'idList'] as const;
export type AdminParameterType = (typeof adminParameterTypes)[number];
export type AdminParameterGroup = keyof typeof messagesSettingsAdmin.parameters.groups;

/** The longest value any parameter takes (an HTML mail template is the longest). */
export const adminParameterValueMax = 100_000;
const textMax = 2000;
const htmlMax = 50_000;
const jsonMax = 20_000;
const idListMax = 500;

// ---- JSON values

/** The watermark text's placeholders (watermark.ts), e.g. '@@ClientName@@'. */
export const watermarkPlaceholderList = Object.values(watermarkPlaceholders);
/** Placeholders the copy links may use (copy-links.ts). */
export const copyLinkPlaceholders = ['@@ReportId@@', '@@ReportUrl@@'] as const;

/** The @@Name@@ tokens in a text that are not among `known` (case-insensitive), each once. */
export const unknownPlaceholders = (text: string, known: readonly string[]) => {
  const allowed = new Set(known.map((p) => p.toLowerCase()));
  return [...new Set([...text.matchAll(/@@\w+@@/g)].map((m) => m[0]))].filter(
    (token) => !allowed.has(token.toLowerCase()),
  );
};

const placeholdersOnly = (known: readonly string[]) => (text: string, ctx: z.RefinementCtx) => {
  const [unknown] = unknownPlaceholders(text, known);
  if (unknown) ctx.addIssue({ code: 'custom', message: e.unknownPlaceholder(unknown, known.join(', ')) });
};

/** '1, 3-5': page numbers from 1 and ranges whose start is not after their end; empty is every page. */
export const isPageList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .every((item) => {
      const range = /^(\d{1,5})\s*-\s*(\d{1,5})$/.exec(item);
      if (range) return Number(range[1]) >= 1 && Number(range[1]) <= Number(range[2]);
      return /^\d{1,5}$/.test(item) && Number(item) >= 1;
    });

/** The items of a comma list, trimmed, empties left out. */
export const commaItems = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const boundedNumber = (min: number, max: number, message: string) =>
  numberInput(z.number({ error: message }).min(min, message).max(max, message));

/**
 * One watermark configuration as an administrator writes it (field names as in the parameter, spec 2 section 3).
 * Stricter than parseWatermarkConfigs, which reads any stored value without throwing: here a bad field is refused
 * with its message and nothing is written.
 */
export const watermarkConfigInput = z.strictObject(
  {
    sectors: textField({ error: e.sectors })
      .max(500, e.sectors)
      .regex(/^[\p{L}\p{N} &.,'()/-]*$/u, e.sectors)
      .default(''),
    pages: textField({ error: e.pages }).max(200, e.pages).refine(isPageList, e.pages).default(''),
    WatermarkText: multilineTextField({ error: e.textRequired })
      .trim()
      .min(1, e.textRequired)
      .max(watermarkLimits.textMax, e.textTooLong(watermarkLimits.textMax))
      .superRefine(placeholdersOnly(watermarkPlaceholderList)),
    WatermarkAngle: boundedNumber(-360, 360, e.angle),
    WatermarkColor: z
      .array(z.unknown(), { error: e.color })
      .refine(
        (rgb) =>
          rgb.length === 3 &&
          rgb.every((c) => Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 255),
        e.color,
      )
      .transform((rgb) => rgb as [number, number, number]),
    WatermarkFontSize: boundedNumber(
      watermarkLimits.fontSizeMin,
      watermarkLimits.fontSizeMax,
      e.fontSize(watermarkLimits.fontSizeMin, watermarkLimits.fontSizeMax),
    ),
    WatermarkXAlignment: z.enum(watermarkXAlignments, { error: e.xAlign }),
    WatermarkYAlignment: z.enum(watermarkYAlignments, { error: e.yAlign }),
    WatermarkWidthMul: boundedNumber(
      watermarkLimits.mulMin,
      watermarkLimits.mulMax,
      e.mul(watermarkLimits.mulMin, watermarkLimits.mulMax),
    ),
    WatermarkHeightMul: boundedNumber(
      watermarkLimits.mulMin,
      watermarkLimits.mulMax,
      e.mul(watermarkLimits.mulMin, watermarkLimits.mulMax),
    ),
  },
  { error: e.unknownField },
);
export type WatermarkConfigInput = z.input<typeof watermarkConfigInput>;
export type WatermarkConfigValue = z.output<typeof watermarkConfigInput>;

export const watermarkConfigsMax = 20;
/** sRWReportWaterMarkJSON as written: an array of configurations (spec 2 section 5: 'Configs must be an array'). */
export const watermarkConfigsInput = z
  .array(watermarkConfigInput, { error: e.configsArray })
  .max(watermarkConfigsMax, e.configsMax(watermarkConfigsMax));

export const customLinksMax = 30;
const httpAddress = (text: string) => {
  const url = parseUrl(text.trim());
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
};
/** A copy link with its placeholders filled with a sample report, as buildCopyLinks fills them. */
const sampleCopyLink = (link: string) =>
  link
    .replaceAll('@@ReportId@@', '1')
    .replaceAll('@@ReportUrl@@', encodeURIComponent('https://research.example.com/reports/1'));

/** sWebCustomLinks: a JSON object of link name to http(s) address (copy-links.ts). */
export const customLinksInput = z
  .record(z.string(), z.unknown(), { error: e.jsonObject })
  .superRefine((links, ctx) => {
    const names = Object.keys(links);
    if (names.length > customLinksMax) ctx.addIssue({ code: 'custom', message: e.linksMax(customLinksMax) });
    const badName = names.find(
      (name) => name.trim() === '' || name.trim().length > copyLinkNameMax || hasControlCharacters(name),
    );
    if (badName !== undefined) ctx.addIssue({ code: 'custom', message: e.linkName(copyLinkNameMax) });
  })
  .pipe(
    z.record(
      z.string(),
      textField({ error: e.httpAddress })
        .trim()
        .max(textMax, e.httpAddress)
        .superRefine(placeholdersOnly(copyLinkPlaceholders))
        .refine((link) => httpAddress(sampleCopyLink(link)), e.httpAddress),
    ),
  );

const milliseconds = z.number({ error: e.number }).int(e.wholeNumber).min(0, e.number).max(60_000, e.number);
const bit = z.enum([connectLimits.bitFalse, connectLimits.bitTrue], {
  error: `${e.invalid} (${connectLimits.bitFalse} or ${connectLimits.bitTrue})`,
});
/**
 * sConnectConfigJSON as written: the fields of schemas/connect-config.ts, each optional (a missing one takes the
 * contract's value when read), but a present one must be valid and no other field is allowed (a typo would be
 * ignored silently when read).
 */
export const connectConfigInput = z.strictObject(
  {
    eventsPerPage: z
      .number({ error: e.number })
      .int(e.wholeNumber)
      .min(1, e.number)
      .max(100, e.number)
      .optional(),
    dateToBeConfirmedEventType: z.number({ error: e.number }).int(e.wholeNumber).optional(),
    slotHidden: bit.optional(),
    notSubscribed: bit.optional(),
    eventCallDelayMs: milliseconds.optional(),
    registrationReloadMs: z
      .union([milliseconds, z.array(milliseconds).min(1, e.list)], { error: e.number })
      .optional(),
    approvalReloadMs: milliseconds.optional(),
  },
  { error: e.unknownField },
);

/**
 * sRWClientSubConfigJSON as written: schemas/subscriptions.ts's `subscriptionConfig` (the chips' categories and
 * colours), with its texts checked like any input text.
 */
const wholeNumber = z.number({ error: e.wholeNumber }).int(e.wholeNumber);
export const subscriptionConfigInput = z.strictObject(
  {
    categories: z.array(
      z.strictObject({ label: textField({ error: e.text }).max(200), items: z.array(wholeNumber) }),
      { error: e.list },
    ),
    colors: z.array(z.strictObject({ item: wholeNumber, color: textField({ error: e.text }).max(50) }), {
      error: e.list,
    }),
  },
  { error: e.unknownField },
);

// ---- the parameters

export interface AdminParameter {
  name: string;
  type: AdminParameterType;
  group: AdminParameterGroup;
  /** what the parameter does, shown under its input */
  description: string;
  /** text: several lines allowed */
  multiline?: boolean;
  /** an empty value is refused (the code reading it needs one) */
  required?: boolean;
  /** idList: exactly one id */
  single?: boolean;
  /** text: a further rule on the value */
  format?: 'httpAddress' | 'domainList';
  /** text and html: the @@ placeholders the value may use (others are refused) */
  placeholders?: readonly string[];
  /** json: the schema of the parsed value */
  schema?: z.ZodType;
}

const mailTemplatePlaceholders = Object.keys(mailPlaceholders);
const text = (
  name: string,
  group: AdminParameterGroup,
  description: string,
  extra: Partial<AdminParameter> = {},
) => ({ name, type: 'text', group, description, ...extra }) satisfies AdminParameter;
const html = (
  name: string,
  group: AdminParameterGroup,
  description: string,
  extra: Partial<AdminParameter> = {},
) => ({ name, type: 'html', group, description, required: true, ...extra }) satisfies AdminParameter;
const flag = (name: string, group: AdminParameterGroup, description: string) =>
  ({ name, type: 'flag', group, description }) satisfies AdminParameter;
const ids = (name: string, group: AdminParameterGroup, description: string, single = false) =>
  ({ name, type: 'idList', group, description, single }) satisfies AdminParameter;
const json = (name: string, group: AdminParameterGroup, description: string, schema: z.ZodType) =>
  ({ name, type: 'json', group, description, schema }) satisfies AdminParameter;
const copyCases = ['PublicNo', 'PublicYes', 'ExstClient'] as const;
const mailCaseText = { PublicNo: 'not interested', PublicYes: 'interested', ExstClient: 'existing client' };

/** The parameter that holds the watermark configurations (spec 2 section 3). */
export const watermarkParameterName = 'sRWReportWaterMarkJSON';

/** Every parameter the screens edit: spec 3 section 9's list (each name once) and spec 2's copy-link pair. */
export const adminParameters: readonly AdminParameter[] = [
  // CONNECT appointments
  text('sRshWebConnAppHeadline', 'connect', 'The heading of the appointments page.'),
  text('sRshWebConnAppSubHeading', 'connect', 'The text under that heading.', { multiline: true }),
  text('sRshWebConnAppNoAppointments', 'connect', 'What the appointments page says when no slot is open.', {
    multiline: true,
  }),
  flag('bEnableConnectBookings', 'connect', 'Whether readers may book appointments (on: 1).'),
  text('rw_CNTBkTalkToThe', 'connect', 'The label of the report viewer’s booking button.'),
  json(
    'sConnectConfigJSON',
    'connect',
    'CONNECT’s numbers: eventsPerPage, dateToBeConfirmedEventType, slotHidden, notSubscribed, eventCallDelayMs, registrationReloadMs, approvalReloadMs. A field left out takes its default.',
    connectConfigInput,
  ),
  // video replays
  text('rw_SubtitleHintText', 'video', 'The hint shown above a video’s subtitles.', { multiline: true }),
  flag('rw_HideTranscriptPanel', 'video', 'Hide the transcript panel beside videos (on: 1).'),
  // subscription preferences
  text('sRWClientSubTitle', 'preferences', 'The title of the subscription preferences page.'),
  text('sRWClientSubHeading', 'preferences', 'The text under that title.', { multiline: true }),
  text('sRWClientSubPayDialogText', 'preferences', 'The question asked when paid research is chosen.', {
    multiline: true,
  }),
  text(
    'sRWClientAlreadySubscribedText',
    'preferences',
    'What a reader is told about research they already subscribe to.',
    { multiline: true },
  ),
  json(
    'sRWClientSubConfigJSON',
    'preferences',
    'The chips’ categories ({ label, items }) and colours ({ item, color }).',
    subscriptionConfigInput,
  ),
  text(
    'sRWClientSubRelevantZAxis',
    'preferences',
    'The matrix Z values (ids or names, comma-separated) that count as subscribed.',
    { required: true },
  ),
  ids('scUsrMatrixFieldId', 'preferences', 'The schema field id of a user’s matrix (scUsrMatrix).', true),
  ids('scCntMatrixFieldId', 'preferences', 'The schema field id of a contact’s matrix (scCntMatrix).', true),
  text(
    'sCommonEmailDomain',
    'preferences',
    'Public e-mail domains (comma-separated): sign-ups from them are treated as individuals.',
    { format: 'domainList' },
  ),
  // subscription e-mails
  ids('sRWClientSubEmailSenderID', 'mail', 'The person id that sends the preference notifications.'),
  ...copyCases.flatMap((c) => [
    ids(`sRWClientSubEmail${c}CCIDs`, 'mail', `Person ids copied on the ${mailCaseText[c]} notification.`),
    ids(
      `sRWClientSubEmail${c}BccIDs`,
      'mail',
      `Person ids blind-copied on the ${mailCaseText[c]} notification.`,
    ),
  ]),
  text('sSubEmlTMPLTSubject', 'mail', 'The subject of the preference notification.', {
    required: true,
    placeholders: mailTemplatePlaceholders,
  }),
  ...copyCases.map((c) =>
    html(`sWebEmlTMPLT${c}`, 'mail', `The preference notification to an ${mailCaseText[c]} reader.`, {
      placeholders: mailTemplatePlaceholders,
    }),
  ),
  text('sWebEmlHdPubType', 'mail', 'The publication type named in research e-mails.'),
  text('sUnsubRsnEmlSubject', 'mail', 'The subject of the unsubscribe reason mail.', {
    required: true,
    placeholders: mailTemplatePlaceholders,
  }),
  ids('sRWClientUnsubRsnEmailSenderID', 'mail', 'The person id that sends the unsubscribe reason mail.'),
  html('sUnsubRsnEmlTmplt', 'mail', 'The unsubscribe reason mail to the account managers.', {
    placeholders: mailTemplatePlaceholders,
  }),
  text('sUnsubEmlTMPLTSubject', 'mail', 'The subject of the unsubscribe confirmation.', {
    required: true,
    placeholders: mailTemplatePlaceholders,
  }),
  ids('sRWClientUnsubEmailSenderID', 'mail', 'The person id that sends the unsubscribe confirmation.'),
  ...copyCases.map((c) =>
    html(`sWebUnsubEmlTMPLT${c}`, 'mail', `The unsubscribe confirmation to an ${mailCaseText[c]} reader.`, {
      placeholders: mailTemplatePlaceholders,
    }),
  ),
  // pages and reports
  html('sRshWebContactHTML', 'pages', 'The text of the Contact Us page.'),
  json(
    watermarkParameterName,
    'pages',
    'The watermarks stamped on readers’ copies of PDF reports.',
    watermarkConfigsInput,
  ),
  json(
    copyLinkParameters.customLinks,
    'pages',
    'The admin’s copy-link menu in the report viewer: a JSON object of name to http(s) link; @@ReportId@@ and @@ReportUrl@@ are filled in.',
    customLinksInput,
  ),
  text(
    copyLinkParameters.copyLinkTo,
    'pages',
    'The address readers use (the copy-link menu’s first entry links to the report on it).',
    { format: 'httpAddress' },
  ),
];

export const findAdminParameter = (name: string) => adminParameters.find((p) => p.name === name);

export type AdminParameterCheck =
  | { ok: true; value: string }
  | { ok: false; message: string; errors: Record<string, string> };

const refused = (errors: Record<string, string>): AdminParameterCheck => ({
  ok: false,
  message: Object.values(errors)[0] ?? e.invalid,
  errors,
});
const refusedValue = (message: string) => refused({ value: message });
const domain = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * Checks a value for a parameter and gives the text to store: trimmed, id lists as '1,2,3', JSON as it parsed
 * (compact). Field messages are keyed `value` or, inside JSON, `value.<path>` (e.g. `value.0.WatermarkFontSize`).
 * HTML is only checked here (length, placeholders): the server sanitises it before it is stored.
 */
export const checkAdminParameter = (parameter: AdminParameter, raw: string): AdminParameterCheck => {
  const value = raw.trim();
  switch (parameter.type) {
    case 'flag':
      return value === '0' || value === '1' ? { ok: true, value } : refusedValue(e.flag);
    case 'idList': {
      if (value.length > idListMax || !/^(\d{1,10}(\s*,\s*\d{1,10})*)?$/.test(value))
        return refusedValue(parameter.single ? e.idListOne : e.idList);
      const items = commaItems(value).map((id) => String(Number(id)));
      if (parameter.single && items.length !== 1) return refusedValue(e.idListOne);
      return { ok: true, value: items.join(',') };
    }
    case 'json': {
      if (value.length > jsonMax) return refusedValue(e.tooLong(jsonMax));
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return refusedValue(e.notJson);
      }
      const result = (parameter.schema ?? z.unknown()).safeParse(parsed);
      if (!result.success) {
        const errors = firstErrors(result.error.issues);
        return refused(
          Object.fromEntries(
            Object.entries(errors).map(([key, message]) => [key === '_' ? 'value' : `value.${key}`, message]),
          ),
        );
      }
      return { ok: true, value: JSON.stringify(result.data) };
    }
    case 'html':
    case 'text': {
      const max = parameter.type === 'html' ? htmlMax : textMax;
      if (value.length > max) return refusedValue(e.tooLong(max));
      if (parameter.required && value === '') return refusedValue(e.required);
      if (parameter.type === 'text' && !parameter.multiline && /[\r\n]/.test(value))
        return refusedValue(e.singleLine);
      const [unknown] = parameter.placeholders ? unknownPlaceholders(value, parameter.placeholders) : [];
      if (unknown) return refusedValue(e.unknownPlaceholder(unknown, parameter.placeholders!.join(', ')));
      if (value !== '' && parameter.format === 'httpAddress' && !httpAddress(value))
        return refusedValue(e.httpAddress);
      if (parameter.format === 'domainList') {
        const domains = commaItems(value).map((d) => d.toLowerCase());
        if (!domains.every((d) => domain.test(d))) return refusedValue(e.domainList);
        return { ok: true, value: domains.join(',') };
      }
      return { ok: true, value };
    }
  }
};

// ---- the calls

/** POST /admin/parameters/{name}'s path. */
export const adminParameterParams = z.object({
  name: textField()
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, e.unknownParameter),
});

/** POST /admin/parameters/{name}: the value as text (JSON as its text; a flag '0' or '1'). */
export const adminParameterBody = z.strictObject({
  value: multilineTextField({ error: e.invalid }).max(
    adminParameterValueMax,
    e.tooLong(adminParameterValueMax),
  ),
});
export type AdminParameterBody = z.infer<typeof adminParameterBody>;

export const adminParameterEntry = z.object({
  name: z.string(),
  type: z.enum(adminParameterTypes),
  /** null: not stored yet */
  value: z.string().nullable(),
});
export type AdminParameterEntry = z.infer<typeof adminParameterEntry>;

/** GET /admin/parameters: every editable parameter, in the contract's order, with its stored value. */
export const adminParametersReply = z.object({ data: z.array(adminParameterEntry) });
export type AdminParametersReply = z.infer<typeof adminParametersReply>;

/** POST /admin/parameters/{name}: the value as stored (sanitised, normalised). */
export const adminParameterReply = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), value: z.string() }),
});
export type AdminParameterReply = z.infer<typeof adminParameterReply>;
