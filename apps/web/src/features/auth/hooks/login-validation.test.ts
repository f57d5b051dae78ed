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
    // control characters (a NUL used to reach the database): refused first, even around the trimmed text
    { email: 'ada\u0000@engines.example', password: 'secret' },
    { email: 'ada@engines.example\n', password: 'secret' },
    { email: '\t', password: '' },
    { email: 'ada@engines.example', password: 'sec\u007fret' },
    { email: 'ada@engines.example', password: '\u0085' },
    { email: '\u0001', password: '\u0000' },
  ])('%o', (values) => {
    expect(validateLogin(values)).toEqual(viaSchema(values));
  });
});
