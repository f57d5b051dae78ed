import { firstErrors, loginForm } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation.ts';

const viaSchema = (values: { email: string; password: string }) => {
  const result = loginForm.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: firstErrors(result.error.issues) };
};

describe('login validation mirrors the contract loginForm', () => {
  it.each([
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: 'not-an-address', password: 'x' },
    { email: `${'a'.repeat(245)}@b.com`, password: 'x' },
    { email: 'Ada@Engines.Example ', password: '' },
    { email: 'ada@engines.example', password: 'secret' },
  ])('%o', (values) => {
    expect(validateLogin(values)).toEqual(viaSchema(values));
  });
});
