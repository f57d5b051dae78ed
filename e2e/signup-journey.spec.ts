/**
 * The journey of issue 2's "done when": sign up, open the verification link from the mail the SMTP server
 * received, sign in through /login/signupPreference, sign out.
 */
import { mailMessages, messages, messagesVerification } from '@portal/contract';
import { accountPassword, signUpThroughApi } from './support/api.ts';
import {
  accountSettingsLink,
  expect,
  expectAccessible,
  fillLogin,
  header,
  loginLink,
  test,
} from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test('a new reader signs up, verifies the e-mail, signs in and signs out', async ({ page, baseURL }) => {
  const email = `e2e-${Date.now()}@acme-capital.test`;
  const password = accountPassword;

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Company name').fill('Acme Capital');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('I accept the Terms of Use').check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
  await expect(page.getByText(messages.auth.signupSuccess)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await expectAccessible(page, 'sign-up thank-you panel');

  const mail = await waitForMail(email, mailMessages.verifySubject);
  const link = linkIn(mail, '/verify?token=');
  expect(link.origin).toBe(baseURL);

  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: messagesVerification.registrationComplete })).toBeVisible();
  await expect(page.getByText(messagesVerification.emailVerified)).toBeVisible();
  await expectAccessible(page, 'registration complete');
  await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/signupPreference$/);

  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/subscriptionPreference\/home$/);
  await expect(accountSettingsLink(page)).toBeVisible();

  await header(page).getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(messages.auth.signOutConfirm);
  await expectAccessible(page, 'sign-out confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();

  await expect(loginLink(page)).toBeVisible();
  await expect(accountSettingsLink(page)).toHaveCount(0);
  // The session is gone on the server too, not only in the page.
  const me = await (await page.request.get('/api/users/me')).json();
  expect(me.data).toBeNull();
});

test('the verification link works once: a second use shows the invalid-token page', async ({
  page,
  request,
}) => {
  const email = `e2e-twice-${Date.now()}@acme-capital.test`;
  await signUpThroughApi(request, email);
  const link = linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=');

  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: messagesVerification.registrationComplete })).toBeVisible();
  await page.goto(link.href);
  await expect(page.getByText(messagesVerification.tokenInvalid)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
});
