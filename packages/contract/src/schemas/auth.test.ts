import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { canSubmitChangePassword, changePasswordForm, signupForm } from './auth.ts';
import { firstErrors } from './common.ts';
import { isCommonEmailDomain } from './fields.ts';

const v = messages.validation;
const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines Ltd',
  email: 'ada@engines.example',
  password: 'correct-horse-1',
  confirmPassword: 'correct-horse-1',
  acceptTandC: true,
};
const errorsOf = (input: unknown) => {
  const res = signupForm.safeParse(input);
  return res.success ? {} : firstErrors(res.error.issues);
};

describe('signup form (spec 1 section 5)', () => {
  it('accepts a complete form and lower-cases the email', () => {
    const res = signupForm.safeParse({ ...valid, email: 'Ada@Engines.Example' });
    expect(res.success && res.data.email).toBe('ada@engines.example');
  });
  it.each([
    [{ email: '' }, 'email', v.emailRequired],
    [{ email: undefined }, 'email', v.emailRequired],
    [{ email: 'not-an-address' }, 'email', v.emailInvalid],
    [{ email: `${'a'.repeat(245)}@b.com` }, 'email', v.emailTooLong],
    [{ password: '', confirmPassword: '' }, 'password', v.passwordRequired],
    [{ password: 'short', confirmPassword: 'short' }, 'password', v.passwordTooShort],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'password', v.passwordTooLong],
    [{ firstName: '' }, 'firstName', v.firstNameRequired],
    [{ lastName: '' }, 'lastName', v.lastNameRequired],
    [{ firstName: 'A', lastName: 'B'.repeat(49) }, 'lastName', v.fullNameInvalid],
    [{ firstName: 'R2D2' }, 'firstName', v.namesLettersOnly],
    [{ confirmPassword: 'something-else' }, 'confirmPassword', v.passwordMismatch],
    [{ acceptTandC: false }, 'acceptTandC', v.acceptTerms],
    [{ companyName: ' ' }, 'companyName', v.companyRequired],
  ])('%o -> %s: %s', (change, field, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toBe(message);
  });
  it('keeps the trailing space of the mismatch message', () => {
    expect(v.passwordMismatch.endsWith(' ')).toBe(true);
  });
});

describe('change password (spec 1 section 5)', () => {
  const base = {
    oldPassword: 'old-password-1',
    newPassword: 'new-password-1',
    confirmNewPassword: 'new-password-1',
  };
  it('refuses a mismatch and a new password equal to the old one', () => {
    const mismatch = changePasswordForm.safeParse({ ...base, confirmNewPassword: 'other-password' });
    expect(mismatch.success ? {} : firstErrors(mismatch.error.issues).confirmNewPassword).toBe(
      v.newPasswordMismatch,
    );
    const same = changePasswordForm.safeParse({
      ...base,
      newPassword: base.oldPassword,
      confirmNewPassword: base.oldPassword,
    });
    expect(same.success ? {} : firstErrors(same.error.issues).newPassword).toBe(v.newPasswordSameAsOld);
  });
  it('enables Confirm only when all three are filled, new equals confirm and confirm differs from old', () => {
    expect(canSubmitChangePassword(base)).toBe(true);
    expect(canSubmitChangePassword({ ...base, oldPassword: '' })).toBe(false);
    expect(canSubmitChangePassword({ ...base, confirmNewPassword: 'x' })).toBe(false);
    expect(
      canSubmitChangePassword({ oldPassword: 'same', newPassword: 'same', confirmNewPassword: 'same' }),
    ).toBe(false);
  });
});

describe('public e-mail domains', () => {
  it('lower-cases the domain and tests it against the comma list', () => {
    expect(isCommonEmailDomain('Someone@GMAIL.com', 'yahoo.com, gmail.com')).toBe(true);
    expect(isCommonEmailDomain('someone@firm.com', 'yahoo.com,gmail.com')).toBe(false);
  });
});
