import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { hasControlCharacters } from './control-characters.ts';

export { hasControlCharacters };

const v = messages.validation;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_PATTERN = /^[\p{L} ]*$/u;

type TextParams = Parameters<typeof z.string>[0];

/**
 * Every string an API input accepts (query, path parameter or body, of any route) starts from one of these two
 * builders, so that no route, present or future, lets a control character through to the database, a mail or a
 * page. The check runs first and aborts the field's other checks, so the answer names the real fault (not, say,
 * the e-mail pattern). The route-input test walks every route's schemas and fails on a string field without it.
 */
export const textField = (params?: TextParams) =>
  z
    .string(params)
    .refine((value) => !hasControlCharacters(value), { message: v.controlCharacters, abort: true });

/** Multi-line text (a message): tab, CR and LF are kept, every other control character is refused. */
export const multilineTextField = (params?: TextParams) =>
  z
    .string(params)
    .refine((value) => !hasControlCharacters(value, true), { message: v.controlCharacters, abort: true });

// A number written as text: digits, an optional sign and fraction, spaces around (a path segment, a query value).
const NUMBER_TEXT = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/**
 * Every number an API input takes (ids above all), from a path segment, a query value or a JSON body: a JSON number,
 * or text that is a number. Never a boolean, null, an empty string, an array or hex text, which z.coerce.number()
 * turned into 1, 0 or 31 (`{"id": true}` was taken as id 1, issue 21); those fail `schema` like any wrong type.
 * `schema` is the z.number() with its bounds.
 */
export const numberInput = <T extends z.ZodType<number, number>>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value),
    schema,
  );

/** An ISO date (yyyy-mm-dd) given as text. */
export const isoDateField = () => textField().pipe(z.iso.date());

/** Email as spec 1 section 5: required, at most 250 characters, basic address pattern. */
export const emailField = textField({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(limits.emailMax, v.emailTooLong)
  .regex(EMAIL_PATTERN, v.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A password that is being set: 8 to 128 characters (see limits.ts). */
export const newPasswordField = textField({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .min(limits.passwordMin, v.passwordTooShort)
  .max(limits.passwordMax, v.passwordTooLong);

/** A password that is being checked: only required (older accounts may predate the policy). */
export const currentPasswordField = textField({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .max(1024, v.passwordTooLong);

export const nameField = (requiredMessage: string) =>
  textField({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(limits.fullNameMax, v.fullNameInvalid)
    .regex(NAME_PATTERN, v.namesLettersOnly);

/** Input filters of spec 1 section 2.5: names keep letters and spaces, phones keep digits and - + ( ). */
export const keepNameCharacters = (value: string) => value.replace(/[^\p{L} ]/gu, '');
export const keepPhoneCharacters = (value: string) => value.replace(/[^\d\-+() ]/g, '');

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Spec 3 section 5: the lower-cased domain is tested against the comma list of sCommonEmailDomain. */
export const isCommonEmailDomain = (email: string, commaList: string) => {
  const domain = emailDomain(email);
  return commaList
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean)
    .includes(domain);
};
