/**
 * CONNECT Approval (issue 15, spec 3 section 2): a reader of this spec's own registers for an event through the
 * API; the admin approves it on /admin/connect/approval after the confirmation, it moves to Approved after the
 * reload, the meeting-link mail arrives with its iCalendar part, 'Copy meeting link' copies that same link, and a
 * reminder arrives after its confirmation. Non-admins get no access.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import {
  type ConnectEvent,
  connectLimits,
  mailMessages,
  messagesConnect,
  messagesVerification,
} from '@portal/contract';
import { accountPassword, csrfToken } from './support/api.ts';
import { harnessEnv } from './support/environment.ts';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const m = messagesConnect.approval;
const signedOut = { cookies: [], origins: [] };

/** A reader of this spec's own (a unique name: the approval lists find it by name), verified and signed in. */
async function newReader(browser: import('@playwright/test').Browser) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-connect-admin-${stamp}@acme-capital.test`;
  // Names take letters only: a made-up surname keeps the name unique.
  const surname = Array.from({ length: 10 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const name = { first: 'Approval', last: `Reader ${surname}` };
  const { baseURL } = harnessEnv();
  const api = await playwrightRequest.newContext({ baseURL, storageState: signedOut });
  const signup = await api.post('/api/users/signup', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: {
      firstName: name.first,
      lastName: name.last,
      companyName: 'Acme Capital',
      email,
      password: accountPassword,
      confirmPassword: accountPassword,
      acceptTandC: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  // The verify page in a context of its own: the admin's shared session stays untouched.
  const context = await browser.newContext({ baseURL, storageState: signedOut });
  const page = await context.newPage();
  await page.goto(linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=').href);
  await expect(page.getByRole('heading', { name: messagesVerification.registrationComplete })).toBeVisible();
  await context.close();
  const login = await api.post('/api/users/login', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: { email, password: accountPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { api, email, fullName: `${name.first} ${name.last}` };
}

/** Registers the reader for an upcoming event with a fixed date (the invitation needs one) and returns it. */
async function registerForEvent(api: APIRequestContext) {
  const list = await api.get('/api/connect/events');
  expect(list.status(), await list.text()).toBe(200);
  const { events } = (await list.json()) as { events: ConnectEvent[] };
  const event = events.find(
    (e) =>
      e.iEvtType_PikId !== connectLimits.dateToBeConfirmedType && Date.parse(e.dUTC_EvtDate) > Date.now(),
  );
  expect(event, 'an upcoming demo event with a fixed date').toBeTruthy();
  const reply = await api.post('/api/connect/events', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: { submitEvts: [event!.iCAE_Id] },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return event!;
}

test.describe('as the admin', () => {
  test.use({ account: 'admin' });

  test('approves a registrant after the confirmation; the meeting link is mailed with its invitation, copied, and a reminder follows', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const reader = await newReader(browser);
    const event = await registerForEvent(reader.api);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.goto('/admin/connect/approval');
    await waitForSettled(page);
    await page
      .getByRole('navigation', { name: m.campaigns })
      .getByRole('button', { name: new RegExp(event.sEvtName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`[?&]event=${event.iCAE_Id}(&|$)`));
    // A reload keeps the chosen event.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: event.sEvtName })).toBeVisible();

    const pending = page.getByRole('region', { name: m.pendingList });
    await pending.getByRole('checkbox', { name: m.selectRow(reader.fullName) }).check();
    await page.getByRole('button', { name: m.approve, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m.confirmApprove });
    await expect(dialog.getByRole('listitem')).toHaveText([reader.fullName]);
    await expectAccessible(page, 'approve confirmation');
    await dialog.getByRole('button', { name: m.confirm }).click();
    await expect(page.getByText(m.approvedDone(1))).toBeVisible();

    // After the reload (3500 ms) the registrant is on the Approved tab.
    await page.getByRole('tab', { name: m.approvedTab }).click();
    const approved = page.getByRole('region', { name: m.approvedList });
    const row = approved.getByRole('row').filter({ hasText: reader.email });
    await expect(row).toBeVisible({ timeout: connectLimits.approvalReloadMs + 10_000 });

    const mail = await waitForMail(reader.email, messagesConnect.mailEvents.approvedSubject(event.sEvtName));
    const raw = await readFile(mail.file, 'utf8');
    expect(raw).toMatch(/Content-Type: text\/calendar;[^\n]*method=REQUEST/i);
    const link = linkIn(mail, '/connect/join/');

    await row.getByRole('button', { name: m.copyLinkOf(reader.fullName) }).click();
    await expect(page.getByText(m.copied, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link.href);

    await row.getByRole('checkbox', { name: m.selectRow(reader.fullName) }).check();
    await page.getByRole('button', { name: m.remind, exact: true }).click();
    const remind = page.getByRole('dialog', { name: m.confirmRemind });
    await expect(remind.getByRole('listitem')).toHaveText([reader.fullName]);
    await remind.getByRole('button', { name: m.confirm }).click();
    await expect(page.getByText(m.remindedDone(1))).toBeVisible();
    const reminder = await waitForMail(reader.email, /^Reminder: /);
    expect(reminder.subject).toContain(event.sEvtName);
    expect(linkIn(reminder, '/connect/join/').href).toBe(link.href);
    await reader.api.dispose();
  });
});

test.describe('as a client', () => {
  test.use({ account: 'client' });

  test('gets no access: the screen refuses and so does the server', async ({ page }) => {
    await page.goto('/admin/connect/approval');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(m.adminOnly);
    const reply = await page.request.get('/api/connect/approvalEvents');
    expect(reply.status()).toBe(403);
  });
});
