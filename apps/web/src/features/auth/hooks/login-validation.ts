import { hasControlCharacters, limits, messages } from '@portal/contract';
import type { ValidationResult } from '../../../hooks/use-form-state.ts';

const v = messages.validation;
// Mirrors the contract's emailField; kept free of zod so the sign-in page stays inside its JS budget.
// login-validation.test.ts checks it against the contract's loginForm schema.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginValues {
  email: string;
  password: string;
}

export const validateLogin = (values: LoginValues): ValidationResult<LoginValues> => {
  const errors: Record<string, string> = {};
  const email = values.email.trim();
  // The contract's text fields check control characters first, on the untrimmed value.
  if (hasControlCharacters(values.email)) errors.email = v.controlCharacters;
  else if (!email) errors.email = v.emailRequired;
  else if (email.length > limits.emailMax) errors.email = v.emailTooLong;
  else if (!EMAIL_PATTERN.test(email)) errors.email = v.emailInvalid;
  if (hasControlCharacters(values.password)) errors.password = v.controlCharacters;
  else if (!values.password) errors.password = v.passwordRequired;
  else if (values.password.length > 1024) errors.password = v.passwordTooLong;
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, data: { email: email.toLowerCase(), password: values.password } };
};
