import { describe, expect, it } from 'vitest';
import { messagesAdminUsers as m } from '../messages-admin-users.ts';
import { importUserBody } from './admin-users.ts';

const body = (firstName: string, familyName = 'Choi') => ({
  firstName,
  familyName,
  email: 'minjun.choi@hanriver-am.example',
  firmId: 8100011,
});

describe('importUserBody', () => {
  it("keeps real names' hyphens, apostrophes and full stops", () => {
    for (const name of ['Min-jun', "O'Brien", 'O’Neill', 'St. John', 'Zoë Anne']) {
      expect(importUserBody.safeParse(body(name)).success, name).toBe(true);
    }
  });

  it('refuses markup, digits and an empty name with the spec texts', () => {
    for (const name of ['<b>x</b>', 'R2D2', '-Dash']) {
      const parsed = importUserBody.safeParse(body(name));
      expect(parsed.success, name).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(m.import.nameInvalid);
    }
    expect(importUserBody.safeParse(body('  ')).error?.issues[0]?.message).toBe(m.import.firstNameRequired);
    expect(importUserBody.safeParse(body('Min', '')).error?.issues[0]?.message).toBe(
      m.import.familyNameRequired,
    );
  });
});
