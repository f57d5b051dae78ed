import { schemaResolver } from '@mantine/form';
import { firstErrors, loginForm } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../../hooks/use-schema-form.ts';
import { loginSchema, validateLogin } from './login-validation.ts';

const viaSchema = (values: { email: string; password: string }) => {
  const result = loginForm.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: firstErrors(result.error.issues) };
};

const cases = [
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
];

describe('login validation mirrors the contract loginForm', () => {
  it.each(cases)('%o', (values) => {
    expect(validateLogin(values)).toEqual(viaSchema(values));
  });
});

describe('loginSchema gives the form the messages and output of loginForm', () => {
  const mirror = schemaResolver(loginSchema, { sync: true });
  const contract = schemaResolver(loginForm, { sync: true });
  // What the form sends once valid (the trimmed, lower-cased e-mail); undefined for both when refused.
  const output = (schema: FormSchema, values: unknown) =>
    (schema['~standard'].validate(values) as { value?: unknown }).value;
  it.each(cases)('%o', (values) => {
    expect(mirror(values)).toEqual(contract(values));
    expect(output(loginSchema, values)).toEqual(output(loginForm, values));
  });
});
