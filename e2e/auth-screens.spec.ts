/** The sign-in, sign-up, reset and settings screens and the app shell's global behaviour (spec 1 sections 2-5). */
import { mailMessages, messages, messagesVerification, storageKeys } from '@portal/contract';
import { accountPassword, signUpThroughApi } from './support/api.ts';
import {
  accountSettingsLink,
  demoAccounts,
  demoPassword,
  expect,
  expectAccessible,
  fillLogin,
  loginLink,
  signIn,
  test,
} from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const v = messages.validation;
const pathAndQuery = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe('login', () => {
  test('a wrong password shows the server message in an alert and keeps the e-mail', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await fillLogin(page, demoAccounts.npi, 'Not-the-password-1');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(messages.auth.invalidCredentials);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(demoAccounts.npi);
    await expect(accountSettingsLink(page)).toHaveCount(0);
    await expectAccessible(page, 'login error shown');
  });

  test('a redirectUrl that leads off the site once normalised ends the sign-in on the home, not on an error page', async ({
    page,
  }) => {
    // Issue 21: '/..//evil.example/phish' resolves to '//evil.example/phish', another site's address to a router.
    await page.goto('/login?redirectUrl=%2F..%2F%2Fevil.example%2Fphish');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // The demo client: the forgot-password journey gives npi a new password, in the other worker at any time.
    await fillLogin(page, demoAccounts.client, demoPassword);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await expect(accountSettingsLink(page)).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expectAccessible(page, 'signed in after a refused redirect');
  });

  test('show/hide password toggles the field type', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('an unverified account is told to verify and can ask for a new link', async ({ page, request }) => {
    const email = `e2e-unverified-${Date.now()}@acme-capital.test`;
    await signUpThroughApi(request, email);
    await page.goto('/login');
    await fillLogin(page, email, accountPassword);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(messages.auth.emailNotVerified);
    const resend = page.getByRole('link', { name: 'Resend verification email' });
    await expect(resend).toHaveAttribute('href', `/resendVerify?email=${encodeURIComponent(email)}`);
    await resend.click();
    await expect(page.getByRole('heading', { name: messagesVerification.emailSentTitle })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(messagesVerification.resent)).toBeVisible();
    // Sign-up and the refused sign-in each queued a verification mail.
    await waitForMail(email, mailMessages.verifySubject);
    await waitForMail(email, mailMessages.verifySubject);
  });

  test('forgot password: modal states, the mailed link, a new password that signs in', async ({ page }) => {
    const email = demoAccounts.npi;
    const newPassword = `Reset-${Date.now()}`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'forgot-password dialog open');

    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog.getByText(messages.forgotPassword.success)).toBeVisible();
    await expectAccessible(page, 'forgot-password success');

    // Closing clears the success state (spec 1 section 2.5).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(messages.forgotPassword.success)).toHaveCount(0);
    await page.keyboard.press('Escape');

    const link = linkIn(await waitForMail(email, mailMessages.resetSubject), '/resetpassword?p=');
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(messagesVerification.passwordReset)).toBeVisible();

    await signIn(page, email, newPassword);
  });
});

test.describe('access rules and global elements', () => {
  test('a protected route sends an anonymous visitor to sign-up with the redirect target', async ({
    page,
  }) => {
    await page.goto('/settings');
    await expect.poll(() => pathAndQuery(page.url())).toBe('/signup?redirectUrl=%2Fsettings');
    // The guard's route state: the sign-in modal over a dummy page (spec 1 section 2.5).
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ account: 'client' });

    test('opening /login goes to the signed-in home', async ({ page }) => {
      await page.goto('/login');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
      await expect(accountSettingsLink(page)).toBeVisible();
    });

    test('settings: Confirm is enabled only when the change-password rules hold', async ({ page }) => {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
      const current = page.getByLabel('Current password', { exact: true });
      const next = page.getByLabel('New password', { exact: true });
      const confirmNext = page.getByLabel('Confirm new password', { exact: true });
      const confirm = page.getByRole('button', { name: 'Confirm', exact: true });

      await expect(confirm).toBeDisabled();
      await current.fill('Wrong-current-1');
      await next.fill('Brand-new-pass-1');
      await expect(confirm).toBeDisabled();
      await confirmNext.fill('Brand-new-pass-2');
      await expect(confirm).toBeDisabled();
      await confirmNext.fill('Brand-new-pass-1');
      await expect(confirm).toBeEnabled();
      await next.fill('Wrong-current-1');
      await confirmNext.fill('Wrong-current-1');
      await expect(confirm).toBeDisabled();

      // The rules hold but the current password is wrong: the server refuses, nothing changes.
      await next.fill('Brand-new-pass-1');
      await confirmNext.fill('Brand-new-pass-1');
      await confirm.click();
      await expect(page.getByRole('alert').filter({ hasText: messages.auth.oldPasswordWrong })).toBeVisible();
      await expectAccessible(page, 'change-password error shown');
    });
  });

  test('the confirmed query shows the registration notice', async ({ page }) => {
    await page.goto('/about?confirmed=true');
    await expect(page.getByText(messages.notices.registrationConfirmed)).toBeVisible();
  });

  test('an unknown path shows the 404 page with a noindex marker, removed on leaving it', async ({
    page,
  }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: messages.pages.notFound })).toBeVisible();
    const robots = page.locator('meta[name="robots"]');
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(0);
  });

  test('mobile: the navigation opens behind "Open navigation"', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    const visibleLink = (name: string) =>
      page.getByRole('link', { name, exact: true }).filter({ visible: true });
    await expect(visibleLink('Login')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(visibleLink('Login').first()).toBeVisible();
    await expect(visibleLink('Sign up').first()).toBeVisible();
    await expectAccessible(page, 'mobile navigation open');
    await visibleLink('Login').first().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the cookie banner: Accept stores cookie_consent for a year and the banner stays away', async ({
    page,
    context,
  }) => {
    await page.goto('/about');
    const banner = page.getByText(messages.pages.cookieBanner);
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((c) => c.name === storageKeys.cookieConsent);
    expect(consent?.value).toBe('true');
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    await page.reload();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test.describe('sign-up form', () => {
  test('shows the validation texts of spec 1 section 5', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await submit.click();
    for (const text of [
      v.firstNameRequired,
      v.lastNameRequired,
      v.companyRequired,
      v.emailRequired,
      v.acceptTerms,
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(v.passwordRequired, { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'sign-up errors shown');

    // Names keep only letters and spaces as they are typed.
    await page.getByLabel('First name').fill('R2D2 Unit');
    await expect(page.getByLabel('First name')).toHaveValue('RD Unit');

    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await submit.click();
    await expect(page.getByText(v.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordTooShort, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordMismatch.trim(), { exact: true })).toBeVisible();
  });

  test('refuses a public e-mail domain', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Company name').fill('Analytical Engines');
    await page.getByLabel('Email', { exact: true }).fill(`e2e-${Date.now()}@gmail.com`);
    await page.getByLabel('Password', { exact: true }).fill(accountPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(accountPassword);
    await page.getByLabel('I accept the Terms of Use').check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText(v.publicEmailDomain)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toHaveCount(0);
    await expectAccessible(page, 'public-domain refusal shown');
  });
});

test('signing out from the header asks first; Cancel keeps the session', async ({ page }) => {
  const email = `e2e-cancel-${Date.now()}@acme-capital.test`;
  await signUpThroughApi(page.request, email);
  const link = linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=');
  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: messagesVerification.registrationComplete })).toBeVisible();
  await signIn(page, email, accountPassword);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(accountSettingsLink(page)).toBeVisible();
  await expect(loginLink(page)).toHaveCount(0);
});
