/**
 * CONNECT reader screens (issue 15, spec 3 section 2): a reader of this spec's own registers for an event (the
 * confirmation, the toast, the checkbox checked and disabled after the reload) and is refused booking on the card
 * (no Subscriber entry); the demo client books and cancels the last free slot of an analyst it subscribes to with
 * the spec's confirmations, and the date picker jumps to a date's page or says there are none; a meeting link
 * nobody was given is refused. Times show in the reader's zone (Hong Kong here) with the zone named.
 */
import { type APIRequestContext, type Browser, request as playwrightRequest } from '@playwright/test';
import {
  type AppointmentSlot,
  type ConnectEvent,
  connectLimits,
  mailMessages,
  messagesConnect,
  messagesVerification,
} from '@portal/contract';
import { accountPassword, csrfToken } from './support/api.ts';
import { harnessEnv } from './support/environment.ts';
import { expect, test, waitForSettled } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';

const r = messagesConnect.registration;
const a = messagesConnect.appointment;
const signedOut = { cookies: [], origins: [] };
const zone = 'Asia/Hong_Kong';

test.use({ timezoneId: zone });

type Analyst = { id: number; iCAO_ObjId: number; sPFN_FullName: string };

/** A verified reader of this spec's own (no Subscriber entry), signed in: its API context and a page. */
async function newReader(browser: Browser) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-connect-reader-${stamp}@acme-capital.test`;
  const { baseURL } = harnessEnv();
  const api = await playwrightRequest.newContext({ baseURL, storageState: signedOut });
  const signup = await api.post('/api/users/signup', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: {
      firstName: 'Connect',
      // letters only: a name refuses digits
      lastName: `Reader ${stamp.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'a')}`,
      companyName: 'Acme Capital',
      email,
      password: accountPassword,
      confirmPassword: accountPassword,
      acceptTandC: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const verify = await browser.newContext({ baseURL, storageState: signedOut });
  const verifyPage = await verify.newPage();
  await verifyPage.goto(linkIn(await waitForMail(email, mailMessages.verifySubject), '/verify?token=').href);
  await expect(
    verifyPage.getByRole('heading', { name: messagesVerification.registrationComplete }),
  ).toBeVisible();
  await verify.close();
  const login = await api.post('/api/users/login', {
    headers: { 'x-csrf-token': await csrfToken(api) },
    data: { email, password: accountPassword },
  });
  expect(login.status(), await login.text()).toBe(200);
  const context = await browser.newContext({
    baseURL,
    storageState: await api.storageState(),
    timezoneId: zone,
  });
  return { api, context, page: await context.newPage() };
}

/** The reader's calendar day of an instant, 'YYYY-MM-DD' (what the date picker compares). */
const dayIn = (utc: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(utc));

/** The analysts and, per analyst, its slots as this API context sees them. */
async function slotsOf(api: APIRequestContext) {
  const list = await api.get('/api/connect/analysts');
  expect(list.status(), await list.text()).toBe(200);
  const { analysts } = (await list.json()) as { analysts: Analyst[] };
  const out: { analyst: Analyst; slots: AppointmentSlot[] }[] = [];
  for (const analyst of analysts) {
    const reply = await api.get(`/api/connect/appointments/${analyst.iCAO_ObjId}`);
    expect(reply.status(), await reply.text()).toBe(200);
    out.push({ analyst, slots: ((await reply.json()) as { events: AppointmentSlot[] }).events });
  }
  return out;
}

test('a reader registers for an event after the confirmation; the checkbox is disabled after the reload', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const reader = await newReader(browser);
  const { page } = reader;
  const list = await reader.api.get('/api/connect/events');
  const { events } = (await list.json()) as { events: ConnectEvent[] };
  const event = events.find((e) => e.sRegistrationStatus === 'none');
  expect(event, 'an upcoming demo event').toBeTruthy();

  await page.goto('/connect/registration');
  await expect(page.getByRole('heading', { level: 2, name: event!.sCmpTitle })).toBeVisible();
  const register = page.getByRole('button', { name: r.register, exact: true });
  await expect(register).toBeDisabled();
  const box = page.getByRole('checkbox', { name: event!.sEvtName, exact: true });
  await box.check();
  await register.click();
  const dialog = page.getByRole('dialog', { name: r.confirmTitle });
  await expect(dialog).toContainText(r.confirm(1));
  await dialog.getByRole('button', { name: a.yes }).click();
  await expect(page.getByText(r.done)).toBeVisible();
  await expect(box).toBeDisabled({ timeout: connectLimits.registrationReloadMs + 10_000 });
  await expect(box).toBeChecked();
  await expect(
    page.getByRole('listitem').filter({ has: box }).getByText(r.pending, { exact: true }),
  ).toBeVisible();
  await reader.api.dispose();
  await reader.context.close();
});

test('a reader without the analyst’s sector sees the not-subscribed refusal on the card, and no Book', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const reader = await newReader(browser);
  const { page } = reader;
  const [first] = (await slotsOf(reader.api)).filter((entry) => entry.slots.length > 0);
  expect(first, 'an analyst with slots').toBeTruthy();
  expect(first!.slots[0]!.notSubscribed).toBe(connectLimits.bitTrue);

  await page.goto(`/connect/appointment/${first!.analyst.id}`);
  await expect(page.getByRole('heading', { level: 2, name: first!.analyst.sPFN_FullName })).toBeVisible();
  const card = page.locator(`li[aria-labelledby="slot-${first!.slots[0]!.iCAE_Id}"]`);
  await expect(card).toContainText("You are not currently subscribed to this analyst's product");
  await expect(card.getByRole('button')).toHaveCount(0);
  await reader.api.dispose();
  await reader.context.close();
});

test.describe('as the demo client', () => {
  test.use({ account: 'client' });

  test('books and cancels the last free slot of a subscribed analyst with the confirmations', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const all = await slotsOf(page.request);
    const entry = all.find((e) =>
      e.slots.some((s) => s.notSubscribed === connectLimits.bitFalse && !s.booked),
    );
    expect(entry, 'an analyst the client subscribes to, with a free slot').toBeTruthy();
    const { analyst, slots } = entry!;
    const free = slots.filter((s) => !s.booked);
    const target = free[free.length - 1]!;
    const index = slots.indexOf(target);
    const pages = Math.ceil(slots.length / connectLimits.appointmentsPerPage);
    const pageOfTarget = Math.floor(index / connectLimits.appointmentsPerPage) + 1;

    await page.goto(`/connect/appointment/${analyst.id}`);
    await expect(page.getByRole('heading', { level: 2, name: analyst.sPFN_FullName })).toBeVisible();
    await expect(page.getByText(a.pageOf(1, pages))).toBeVisible();
    for (let n = 1; n < pageOfTarget; n++) await page.getByRole('button', { name: a.next }).click();
    await expect(page.getByText(a.pageOf(pageOfTarget, pages))).toBeVisible();

    const card = page.locator(`li[aria-labelledby="slot-${target.iCAE_Id}"]`);
    await expect(card).toContainText('Hong Kong Standard Time');
    await card.getByRole('button', { name: a.book }).click();
    const confirmBook = page.getByRole('dialog', { name: a.confirmTitle });
    await expect(confirmBook).toContainText(a.confirmBook);
    await confirmBook.getByRole('button', { name: a.yes }).click();
    await expect(page.getByText(a.bookedDone)).toBeVisible();
    await expect(card.getByText(a.booked, { exact: true })).toBeVisible();

    await card.getByRole('button', { name: a.cancel }).click();
    const confirmCancel = page.getByRole('dialog', { name: a.confirmTitle });
    await expect(confirmCancel).toContainText(a.confirmCancel);
    await confirmCancel.getByRole('button', { name: a.yes }).click();
    await expect(page.getByText(a.cancelledDone)).toBeVisible();
    await expect(card.getByRole('button', { name: a.book })).toBeVisible();
  });

  test('the date picker jumps to the page of a date with slots, and says when a date has none', async ({
    page,
  }) => {
    const all = await slotsOf(page.request);
    const entry =
      all.find((e) => e.slots.length > connectLimits.appointmentsPerPage) ??
      all.find((e) => e.slots.length > 0);
    expect(entry, 'an analyst with slots').toBeTruthy();
    const { analyst, slots } = entry!;
    const days = slots.map((s) => dayIn(s.dUTC_StartDateTime));
    const month = days[0]!.slice(0, 7);
    // The last day of the first slot's month that has slots (a later page when there is one), and a day without.
    const withSlots = [...new Set(days.filter((d) => d.startsWith(month)))];
    const day = withSlots[withSlots.length - 1]!;
    const expectedPage = Math.floor(days.indexOf(day) / connectLimits.appointmentsPerPage) + 1;
    const pages = Math.ceil(slots.length / connectLimits.appointmentsPerPage);
    const empty = Array.from({ length: 28 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`).find(
      (d) => !days.includes(d) && d >= days[0]!,
    );
    const label = (d: string) =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${d}T00:00:00Z`));

    await page.goto(`/connect/appointment/${analyst.id}`);
    await waitForSettled(page);
    await page.getByRole('button', { name: a.date }).click();
    await page.getByRole('button', { name: label(day), exact: true }).click();
    await expect(page.getByText(a.pageOf(expectedPage, pages))).toBeVisible();
    await expect(
      page.locator(`li[aria-labelledby="slot-${slots[days.indexOf(day)]!.iCAE_Id}"]`),
    ).toBeVisible();

    if (empty) {
      await page.getByRole('button', { name: a.date }).click();
      await page.getByRole('button', { name: label(empty), exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: a.noEventsOnDate });
      await expect(toast).toBeVisible();
      await expect(toast).not.toContainText('<p>');
    }
  });

  test('the open-slot page of the analyst lists Book or Cancel per slot', async ({ page }) => {
    const all = await slotsOf(page.request);
    const entry = all.find((e) =>
      e.slots.some((s) => s.notSubscribed === connectLimits.bitFalse && !s.booked),
    )!;
    await page.goto(`/connect/appointment/${entry.analyst.id}`);
    await page.getByRole('link', { name: a.openSlots }).click();
    await expect(page).toHaveURL(new RegExp(`/connect/slots/${entry.analyst.iCAO_ObjId}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: a.slotsTitle(entry.analyst.sPFN_FullName) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: a.book }).first()).toBeVisible();
  });
});

test('a meeting link nobody was given is refused', async ({ page }) => {
  await page.goto('/connect/join/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText(messagesConnect.meeting.invalid)).toBeVisible();
});
