import { z } from 'zod';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';

const v = messages.validation;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_PATTERN = /^[\p{L} ]*$/u;

/** Email as spec 1 section 5: required, at most 250 characters, basic address pattern. */
export const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(limits.emailMax, v.emailTooLong)
  .regex(EMAIL_PATTERN, v.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A password that is being set: 8 to 128 characters (see limits.ts). */
export const newPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .min(limits.passwordMin, v.passwordTooShort)
  .max(limits.passwordMax, v.passwordTooLong);

/** A password that is being checked: only required (older accounts may predate the policy). */
export const currentPasswordField = z
  .string({ error: v.passwordRequired })
  .min(1, v.passwordRequired)
  .max(1024, v.passwordTooLong);

export const nameField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
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
