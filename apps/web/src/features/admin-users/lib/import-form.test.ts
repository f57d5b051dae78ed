import { messagesAdminUsers as m } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { initialImportValues, validateImport } from './import-form.ts';

const firm = { id: 42, sName: 'Northgate Capital' };

describe('import dialog rules', () => {
  it('prefills the first word as first name, the rest as family name, and a suggestion’s matched firm', () => {
    expect(initialImportValues({ sFull_Name: '  Mei Ling  Tan ', firm })).toEqual({
      firstName: 'Mei',
      familyName: 'Ling Tan',
      firm,
    });
    expect(initialImportValues({ sFull_Name: '', firm: null })).toEqual({
      firstName: '',
      familyName: '',
      firm: null,
    });
  });

  it('answers the three spec messages for missing fields, each on its field', () => {
    const result = validateImport({ firstName: ' ', familyName: '', firm: null }, 'mei@northgate.test');
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: m.import.firstNameRequired,
        familyName: m.import.familyNameRequired,
        firm: m.import.firmRequired,
      },
    });
  });

  it('asks for the firm alone when only the firm is missing', () => {
    expect(validateImport({ firstName: 'Mei', familyName: 'Tan', firm: null }, 'mei@northgate.test')).toEqual(
      {
        ok: false,
        errors: { firm: m.import.firmRequired },
      },
    );
  });

  it('builds the body with the chosen firm’s id and the user’s e-mail, names trimmed', () => {
    expect(validateImport({ firstName: ' Mei ', familyName: 'Tan', firm }, 'mei@northgate.test')).toEqual({
      ok: true,
      body: { firstName: 'Mei', familyName: 'Tan', email: 'mei@northgate.test', firmId: 42 },
    });
  });
});
