/**
 * The subscription preference screen (issue 12; spec 3 sections 2 and 4) as the demo client: the chips' three
 * looks and descriptions, the already-subscribed dialog and the Save rules, then a request through the pay dialog
 * whose notification mail reaches the reader, with a copy to their account managers, and its removal.
 */

import type { APIRequestContext, Page } from '@playwright/test';
import { subscriptionMessages } from '@portal/contract';
import { expect, expectAccessible, test, waitForSettled } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';

test.use({ account: 'client' });
// The journey changes the client's matrix: the tests of this file run one after the other.
test.describe.configure({ mode: 'serial' });

const text = subscriptionMessages.preferences;
const chips = (page: Page, look: 'subscribed' | 'selected' | 'available') =>
  page.locator(`main button[data-look="${look}"]`);

/** The account managers' addresses, as the server reports them for the reader's own person. */
const accountManagers = async (request: APIRequestContext) => {
  const me = await request.get('/api/users/me');
  const psnId = ((await me.json()) as { data: { iPSN_Id: number } }).data.iPSN_Id;
  const res = await request.get('/api/Relationships/GetAccountManager', { params: { pid: String(psnId) } });
  expect(res.status(), await res.text()).toBe(200);
  const xml = ((await res.json()) as { data: string }).data;
  return [...xml.matchAll(/<psn\b[^>]*\bemail="([^"]+)"/g)].map((m) => (m[1] ?? '').toLowerCase());
};

test('chips in categories with three looks, descriptions on hover and focus, the already-subscribed dialog, Save disabled without a change', async ({
  page,
}) => {
  await page.goto('/subscriptionPreference/settings');
  await waitForSettled(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // categories are labelled regions of chips
  const categories = page.getByRole('main').getByRole('region');
  await expect(categories.nth(1)).toBeVisible();
  await expect(chips(page, 'subscribed').first()).toBeVisible();
  await expect(chips(page, 'selected').first()).toBeVisible(); // the demo client's request
  await expect(chips(page, 'available').first()).toBeVisible();
  await expect(chips(page, 'subscribed').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(chips(page, 'available').first()).toHaveAttribute('aria-pressed', 'false');

  // the description (or 'No description') shows on hover, and on keyboard focus
  const available = chips(page, 'available').first();
  await available.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).not.toHaveText('');
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await available.focus();
  await expect(page.getByRole('tooltip')).toBeVisible();

  await expect(page.getByRole('button', { name: text.save })).toBeDisabled();
  await expect(page.getByRole('link', { name: text.back })).toHaveAttribute('href', '/settings');

  // selecting a subscribed item is blocked with the dialog; nothing changes
  await chips(page, 'subscribed').first().click();
  const dialog = page.getByRole('dialog', { name: text.alreadySubscribedTitle });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'already-subscribed dialog');
  await dialog.getByRole('button', { name: text.ok }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: text.save })).toBeDisabled();
});

test('a requested sector goes through the pay dialog, mails the reader with the account manager copied, stays requested after reload, and its removal skips the pay dialog', async ({
  page,
}) => {
  const managers = await accountManagers(page.request);
  expect(managers.length).toBeGreaterThan(0);

  await page.goto('/subscriptionPreference/settings');
  await waitForSettled(page);
  const chip = chips(page, 'available').last();
  // the chip's first span is its name (a hidden span after it holds the description)
  const name = (await chip.locator('span').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  const byName = page.getByRole('main').getByRole('button', { name, exact: true }).first();
  await chip.click();
  await expect(byName).toHaveAttribute('data-look', 'selected');
  await page.getByRole('button', { name: text.save }).click();

  const pay = page.getByRole('dialog', { name: text.payDialogTitle });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'pay dialog');
  await pay.getByRole('button', { name: text.yes }).click();
  const done = page.getByRole('dialog', { name: text.doneTitle });
  await expect(done).toContainText(text.contactedShortly);
  await done.getByRole('button', { name: text.ok }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // the notification reaches the reader, naming what was requested, and every account manager gets the copy of
  // the staff (the reader's own copy carries the reader's unsubscribe and preference links, theirs does not)
  const mail = await waitForMail('client@demo.test', /research preferences/i);
  expect(mail.text).toContain(name);
  const staffCopy = await waitForMail(managers[0]!, mail.subject);
  for (const manager of managers) expect(staffCopy.recipients).toContain(manager);
  expect(staffCopy.text).toContain(name);
  expect(staffCopy.text).not.toContain('token=');

  // a request shows selected (filled), never subscribed
  await page.goto('/subscriptionPreference/settings');
  await waitForSettled(page);
  await expect(byName).toHaveAttribute('data-look', 'selected');

  // removing it: only a removal, so no pay dialog
  await byName.click();
  await expect(byName).toHaveAttribute('data-look', 'available');
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByRole('dialog', { name: text.doneTitle })).toBeVisible();
  await expect(pay).toHaveCount(0);
  await page.getByRole('dialog', { name: text.doneTitle }).getByRole('button', { name: text.ok }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto('/subscriptionPreference/settings');
  await waitForSettled(page);
  await expect(byName).toHaveAttribute('data-look', 'available');
});
