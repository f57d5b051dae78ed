import { messages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Spec 1 section 5, enforced by the server (the web app's checks are only a convenience).
const v = messages.validation;
let counter = 0;
const validSignup = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines Ltd',
  email: `ada${++counter}@engines.example`,
  password: 'correct-horse-1',
  confirmPassword: 'correct-horse-1',
  acceptTandC: true,
});

describe('server-side validation messages', () => {
  let t: TestApp;
  let anonymous: TestClient;
  let signedIn: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    anonymous = await new TestClient(t.app).start();
    signedIn = new TestClient(t.app);
    await signedIn.login('client@demo.test', demoPassword);
  });
  afterAll(() => t?.close());

  const expectRefused = (
    response: Awaited<ReturnType<TestClient['post']>>,
    field: string,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors[field]).toBe(message);
    expect(body.message).toBe(Object.values(body.errors)[0]);
  };

  describe('POST /users/signup', () => {
    it.each([
      ['email missing', { email: undefined }, 'email', v.emailRequired],
      ['email empty', { email: '' }, 'email', v.emailRequired],
      ['email blank', { email: '   ' }, 'email', v.emailRequired],
      ['email malformed', { email: 'not-an-address' }, 'email', v.emailInvalid],
      ['email over 250', { email: `${'a'.repeat(245)}@b.com` }, 'email', v.emailTooLong],
      ['password empty', { password: '', confirmPassword: '' }, 'password', v.passwordRequired],
      [
        'password of 7',
        { password: 'a'.repeat(7), confirmPassword: 'a'.repeat(7) },
        'password',
        v.passwordTooShort,
      ],
      [
        'password of 129',
        { password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) },
        'password',
        v.passwordTooLong,
      ],
      ['first name empty', { firstName: '' }, 'firstName', v.firstNameRequired],
      ['last name empty', { lastName: '' }, 'lastName', v.lastNameRequired],
      ['last name blank', { lastName: '  ' }, 'lastName', v.lastNameRequired],
      [
        'full name over 50',
        { firstName: 'A'.repeat(25), lastName: 'B'.repeat(25) },
        'lastName',
        v.fullNameInvalid,
      ],
      ['first name with digits', { firstName: 'R2D2' }, 'firstName', v.namesLettersOnly],
      ['passwords differ', { confirmPassword: 'something-else' }, 'confirmPassword', v.passwordMismatch],
      ['terms not accepted', { acceptTandC: false }, 'acceptTandC', v.acceptTerms],
      ['company empty', { companyName: ' ' }, 'companyName', v.companyRequired],
      ['company over 100', { companyName: 'C'.repeat(101) }, 'companyName', v.companyTooLong],
    ])('%s', async (_name, change, field, message) => {
      const response = await anonymous.post('/api/users/signup', { ...validSignup(), ...change });
      expectRefused(response, field, message);
    });

    it('keeps the trailing space of the mismatch message', async () => {
      const response = await anonymous.post('/api/users/signup', {
        ...validSignup(),
        confirmPassword: 'other-one-1',
      });
      expect(response.json().message).toBe('Create password and confirm password do not match ');
    });

    it('refuses a public e-mail domain from sCommonEmailDomain, whatever its case', async () => {
      for (const email of ['someone@gmail.com', 'Someone@Hotmail.COM', 'a.b@proton.me']) {
        const response = await anonymous.post('/api/users/signup', { ...validSignup(), email });
        expectRefused(response, 'email', v.publicEmailDomain);
      }
    });

    it('accepts passwords of exactly 8 and 128 characters', async () => {
      for (const password of ['a'.repeat(8), 'b'.repeat(128)]) {
        const response = await anonymous.post('/api/users/signup', {
          ...validSignup(),
          password,
          confirmPassword: password,
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toEqual({ success: true, message: messages.auth.signupSuccess });
      }
    });

    it('lists the first message of every invalid field', async () => {
      const response = await anonymous.post('/api/users/signup', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toMatchObject({
        firstName: v.firstNameRequired,
        lastName: v.lastNameRequired,
        companyName: v.companyRequired,
        email: v.emailRequired,
        password: v.passwordRequired,
        confirmPassword: v.passwordRequired,
        acceptTandC: v.acceptTerms,
      });
    });

    it('treats an empty JSON body as no body', async () => {
      const response = await anonymous.request('POST', '/api/users/signup', {
        body: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: messages.errors.validation });
      const logout = await anonymous.request('POST', '/api/users/logout', {
        body: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(logout.statusCode).toBe(200);
    });

    it('answers a body that is not JSON with the error shape', async () => {
      const response = await anonymous.request('POST', '/api/users/signup', {
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: messages.errors.validation });
    });
  });

  describe('POST /users/changePassword', () => {
    const base = {
      oldPassword: demoPassword,
      newPassword: 'new-password-1',
      confirmNewPassword: 'new-password-1',
    };
    it.each([
      ['current password empty', { oldPassword: '' }, 'oldPassword', v.oldPasswordRequired],
      ['new password empty', { newPassword: '', confirmNewPassword: '' }, 'newPassword', v.passwordRequired],
      [
        'new password of 7',
        { newPassword: 'a'.repeat(7), confirmNewPassword: 'a'.repeat(7) },
        'newPassword',
        v.passwordTooShort,
      ],
      [
        'new password of 129',
        { newPassword: 'a'.repeat(129), confirmNewPassword: 'a'.repeat(129) },
        'newPassword',
        v.passwordTooLong,
      ],
      ['confirmation empty', { confirmNewPassword: '' }, 'confirmNewPassword', v.passwordRequired],
      [
        'confirmation differs',
        { confirmNewPassword: 'other-password' },
        'confirmNewPassword',
        v.newPasswordMismatch,
      ],
      [
        'new equals old',
        { newPassword: demoPassword, confirmNewPassword: demoPassword },
        'newPassword',
        v.newPasswordSameAsOld,
      ],
    ])('%s', async (_name, change, field, message) => {
      const response = await signedIn.post('/api/users/changePassword', { ...base, ...change });
      expectRefused(response, field, message);
    });

    it('refuses a wrong current password without changing it', async () => {
      const response = await signedIn.post('/api/users/changePassword', {
        ...base,
        oldPassword: 'not-my-password',
      });
      expectRefused(response, 'oldPassword', messages.auth.oldPasswordWrong);
      const again = await new TestClient(t.app).start();
      expect(
        (await again.post('/api/users/login', { email: 'client@demo.test', password: demoPassword }))
          .statusCode,
      ).toBe(200);
    });
  });
});
