/**
 * Sign-in throttling without a lock-out (issue 10): after repeated wrong passwords the address is delayed for
 * everyone, and its owner gets a mail whose link unlocks sign-in on their own browser.
 */
import { mailMessages, messages, messagesVerification } from '@portal/contract';
import { accountPassword, signUpThroughApi } from './support/api.ts';
import { accountSettingsLink, expect, expectAccessible, fillLogin, test } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

test('a blocked owner unlocks sign-in from the e-mailed link and signs in', async ({ page, request }) => {
  const email = `e2e-unlock-${Date.now()}@acme-capital.test`;
  await signUpThroughApi(request, email);
  await page.goto(linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=').href);
  await expect(page.getByRole('heading', { name: messagesVerification.registrationComplete })).toBeVisible();

  await page.goto('/login');
  const alert = page.getByRole('main').getByRole('alert');
  const attempt = async (password: string) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/login'));
    await fillLogin(page, email, password);
    return (await answered).status();
  };
  for (let i = 0; i < 5; i++) {
    expect(await attempt(`Wrong-guess-${i}`)).toBe(401);
    await expect(alert).toContainText(messages.auth.invalidCredentials);
  }
  expect(await attempt(accountPassword)).toBe(429);
  await expect(alert).toContainText(messages.auth.signInThrottled);
  await expectAccessible(page, 'sign-in throttled');

  const link = linkIn(await waitForMail(email, mailMessages.unlockSubject), '/unlock?token=');
  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: messages.auth.unlockTitle })).toBeVisible();
  await expect(page.getByText(messages.auth.unlockIntro)).toBeVisible();
  await expectAccessible(page, 'unlock page');
  await page.getByRole('button', { name: messages.auth.unlockButton }).click();
  await expect(page.getByText(messages.auth.unlocked)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, email, accountPassword);
  await expect(accountSettingsLink(page)).toBeVisible();

  // The link was used: opening it again and pressing the button says so.
  await page.goto(link.href);
  await page.getByRole('button', { name: messages.auth.unlockButton }).click();
  await expect(page.getByText(messages.auth.unlockInvalid)).toBeVisible();
});
