/**
 * Issue 4's "done when": an e-mailed report link opened on a new device. The admin sends the link through the API,
 * the recipient opens it in a fresh browser context (a device the server has never seen), asks for device
 * verification, opens the mailed verification link, presses the button and lands on the report with the
 * confirmDevice notice. Revoked and expired links show the invalid-link text.
 */
import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import { mailMessages, messages, viewerMessages } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { demoAccounts, demoPassword, expect, expectAccessible, test } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

interface ReportCardLike {
  id: number;
  title: string;
  filetype: string;
  entitled: boolean;
}

/** Signs the admin in on this request context and returns the CSRF token for its state-changing calls. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/users/login', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: { email: demoAccounts.admin, password: demoPassword },
  });
  baseExpect(login.status(), await login.text()).toBe(200);
  const token = login.headers()['x-csrf-token'];
  baseExpect(token, 'x-csrf-token of the login reply').toBeTruthy();
  return token!;
}

/** A PDF report of the demo catalogue (the admin lists all). */
async function somePdfReport(request: APIRequestContext) {
  const list = await request.get('/api/reports?type=all');
  baseExpect(list.status(), await list.text()).toBe(200);
  const reports = (await list.json()).data as ReportCardLike[];
  const pdf = reports.find((r) => r.filetype === 'pdf');
  baseExpect(pdf, 'a pdf report in the demo catalogue').toBeTruthy();
  return pdf!;
}

async function sendLink(
  request: APIRequestContext,
  csrf: string,
  reportId: number,
  email: string,
  expiresInDays?: number,
) {
  const sent = await request.post(`/api/reports/S-${reportId}/emailLink`, {
    headers: { 'x-csrf-token': csrf },
    data: expiresInDays === undefined ? { email } : { email, expiresInDays },
  });
  baseExpect(sent.status(), await sent.text()).toBe(200);
  const keyId = (await sent.json()).data.id as number;
  const mail = await waitForMail(email, mailMessages.reportLinkSubject);
  return { keyId, link: linkIn(mail, '/rfs.htm?') };
}

test('an e-mailed report link opens on a new device after e-mail verification', async ({
  page,
  request,
  baseURL,
}) => {
  const csrf = await adminApi(request);
  const report = await somePdfReport(request);
  const recipient = demoAccounts.client;
  const { link } = await sendLink(request, csrf, report.id, recipient);
  expect(link.origin).toBe(baseURL);
  expect(link.searchParams.get('docId')).toBe(String(report.id));
  expect(link.searchParams.get('rfsUrl')).toMatch(new RegExp(`^/reports/${report.id}_`));

  // `page` belongs to a fresh browser context: no session, no device cookie.
  await page.goto(link.href);
  const form = page.getByRole('form', { name: viewerMessages.deviceCheckTitle });
  await expect(form).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in with your password' })).toBeVisible();
  await expectAccessible(page, 'device verification form');

  await form.getByLabel('Email', { exact: true }).fill(recipient);
  const send = form.getByRole('button', { name: 'Send authentication link' });
  await send.click();
  await expect(form.getByText(viewerMessages.deviceCheckSent)).toBeVisible();
  await expect(send).toBeDisabled();

  const mail = await waitForMail(recipient, mailMessages.deviceVerifySubject);
  const verifyLink = linkIn(mail, '/verifyCookieEmail?token=');
  expect(verifyLink.origin).toBe(baseURL);

  // Opening the link only shows a page (mail scanners prefetch links); the button uses the token up.
  await page.goto(verifyLink.href);
  await expect(page.getByRole('heading', { name: viewerMessages.verifyDeviceTitle })).toBeVisible();
  await expectAccessible(page, 'verify this device');
  await page.getByRole('button', { name: 'Verify this device' }).click();

  await expect(page).toHaveURL(/\/rfs\.htm\?.*confirmDevice=1/);
  await expect(page.getByText(messages.notices.deviceVerified.trim())).toBeVisible();
  await expect(page.getByRole('heading', { name: report.title })).toBeVisible();
  await expect(page.getByRole('form', { name: viewerMessages.deviceCheckTitle })).toHaveCount(0);

  // The verification link is single use: opening it again leads back with the linkExpired notice.
  await page.goto(verifyLink.href);
  await expect(page).toHaveURL(/\/rfs\.htm\?.*linkExpired=1/);
  await expect(page.getByText(messages.notices.linkExpired.trim())).toBeVisible();
});

test('revoked and expired report links show the invalid-link text', async ({ page, request }) => {
  const csrf = await adminApi(request);
  const report = await somePdfReport(request);
  const stamp = Date.now();

  const revoked = await sendLink(request, csrf, report.id, `revoked-${stamp}@example.org`);
  const revoke = await request.post(`/api/reportAccessKeys/${revoked.keyId}/revoke`, {
    headers: { 'x-csrf-token': csrf },
  });
  expect(revoke.status(), await revoke.text()).toBe(200);
  await page.goto(revoked.link.href);
  await expect(page.getByText(viewerMessages.accessKeyInvalid)).toBeVisible();
  await expect(page.getByRole('form', { name: viewerMessages.deviceCheckTitle })).toHaveCount(0);
  await expectAccessible(page, 'revoked link');

  // Fractions of a day are allowed: this link lives two seconds.
  const expired = await sendLink(request, csrf, report.id, `expired-${stamp}@example.org`, 2 / 86_400);
  await page.waitForTimeout(2500);
  await page.goto(expired.link.href);
  await expect(page.getByText(viewerMessages.accessKeyInvalid)).toBeVisible();
  await expect(page.getByRole('form', { name: viewerMessages.deviceCheckTitle })).toHaveCount(0);
});
