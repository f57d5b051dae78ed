/**
 * Report Management (issue 23; spec 2 "Report Management"): an admin curates a report (the selected list, must
 * read, highlighted) and the demo client sees each change on the next load; the firm's branded selection cannot
 * be given to a report under 7 days old.
 */

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  messagesReportAdmin as m,
  type ReportManagementReply,
  type ReportManagementRow,
  type ReportsReply,
} from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { demoAccounts, expect, expectAccessible, signIn, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'admin' });

/** A second browser in a test starts signed out (contexts made in a test inherit the test's signed-in state). */
const signedOut = { cookies: [], origins: [] };

const managementRows = async (request: APIRequestContext, query: Record<string, string> = {}) => {
  const res = await request.get('/api/report/reportManagementAll', { params: { pageSize: '100', ...query } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as ReportManagementReply).data;
};

/** Sets a flag through the API (to put the report back as it was). */
const setFlag = async (request: APIRequestContext, id: number, flag: string, status: boolean) => {
  const res = await request.post(`/api/report/${id}/${flag}`, {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
};

const openManagement = async (page: Page, title: string) => {
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
  const response = page.waitForResponse(
    (r) => r.url().includes('/api/report/reportManagementAll?') && r.url().includes('q='),
  );
  await page.getByRole('searchbox', { name: m.searchLabel }).fill(title);
  await response;
  await waitForSettled(page);
};
const rowOf = (page: Page, title: string): Locator =>
  page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
/** The last notification (Mantine's toasts are alerts). */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

const readerTemp = async (request: APIRequestContext) => {
  const res = await request.get('/api/reports', { params: { type: 'temp', pageSize: '50' } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as ReportsReply).data.map((card) => card.id);
};

test('each curation flag reaches the demo client on the next load; Select waits 7 days', async ({
  page,
  browser,
  baseURL,
}) => {
  const now = Date.now();
  const rows = await managementRows(page.request);
  // The newest published report old enough for the selection: it heads every list it joins (newest first).
  const target = rows.find(
    (row) =>
      row.state === 'published' &&
      Date.parse(row.selectableFrom) <= now &&
      !row.isTempReport &&
      !row.mustRead &&
      row.type === 'latest',
  ) as ReportManagementRow;
  expect(target, 'a published report at least 7 days old with no flags').toBeTruthy();

  const reader = await browser.newContext({ baseURL, storageState: signedOut });
  const readerPage = await reader.newPage();
  try {
    await signIn(readerPage, demoAccounts.client);
    expect(await readerTemp(readerPage.request)).not.toContain(target.id);

    await openManagement(page, target.title);
    const row = rowOf(page, target.title);
    await expect(row).toHaveCount(1);

    // The selected list: the spec's confirmation, Cancel changes nothing, Yes adds.
    await row.getByRole('button', { name: `${m.actions.addTemp}: ${target.title}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(m.tempConfirm('add'))).toBeVisible();
    await expectAccessible(page, 'selected-list confirmation');
    await dialog.getByRole('button', { name: m.cancel }).click();
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: `${m.actions.addTemp}: ${target.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: m.yes }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toast(page, m.done.tempAdded)).toBeVisible();
    await expect(row.getByRole('button', { name: `${m.actions.removeTemp}: ${target.title}` })).toBeVisible();
    expect(await readerTemp(readerPage.request)).toContain(target.id);

    // Must read: in the reader's Must Read panel on the next load.
    const mustRead = row.getByRole('switch', { name: `${m.columns.mustRead}: ${target.title}` });
    await mustRead.click({ force: true });
    await expect(toast(page, m.done.mustReadOn)).toBeVisible();
    await expect(mustRead).toBeChecked();
    await readerPage.goto('/search');
    await waitForSettled(readerPage);
    const panel = readerPage.getByRole('region', { name: 'Must Read' });
    await expect(panel.getByRole('link', { name: target.title })).toBeVisible();

    // Highlighted: in the reader's Highlighted section on the next load; latest takes it out again.
    const highlight = row.getByRole('switch', { name: `${m.columns.highlighted}: ${target.title}` });
    await highlight.click({ force: true });
    await expect(toast(page, m.done.highlighted)).toBeVisible();
    await readerPage.reload();
    await waitForSettled(readerPage);
    const highlighted = readerPage.getByRole('region', { name: 'Highlighted' });
    await expect(highlighted.getByRole('link', { name: target.title })).toBeVisible();
    await highlight.click({ force: true });
    await expect(toast(page, m.done.latest)).toBeVisible();
    await readerPage.reload();
    await waitForSettled(readerPage);
    await expect(
      readerPage.getByRole('region', { name: 'Highlighted' }).getByRole('link', { name: target.title }),
    ).toHaveCount(0);

    // Removing from the selected list and the Must Read panel reach the reader too.
    await row.getByRole('button', { name: `${m.actions.removeTemp}: ${target.title}` }).click();
    await expect(page.getByRole('dialog').getByText(m.tempConfirm('remove'))).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: m.yes }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toast(page, m.done.tempRemoved)).toBeVisible();
    expect(await readerTemp(readerPage.request)).not.toContain(target.id);
    await mustRead.click({ force: true });
    await expect(toast(page, m.done.mustReadOff)).toBeVisible();
    await readerPage.reload();
    await waitForSettled(readerPage);
    await expect(
      readerPage.getByRole('region', { name: 'Must Read' }).getByRole('link', { name: target.title }),
    ).toHaveCount(0);
    await expectAccessible(readerPage, 'reader after curation');
  } finally {
    await setFlag(page.request, target.id, 'tempReport', false);
    await setFlag(page.request, target.id, 'mustRead', false);
    await setFlag(page.request, target.id, 'highlight', false);
    await reader.close();
  }

  // A report under 7 days old: the Select toggle is disabled with its reason, and the server refuses it.
  const fresh = rows.find((row) => Date.parse(row.selectableFrom) > now && !row.specialSelect);
  expect(fresh, 'a report published less than 7 days ago').toBeTruthy();
  await openManagement(page, fresh!.title);
  const freshRow = rowOf(page, fresh!.title).first();
  await expect(freshRow.getByRole('switch', { name: /Select: / })).toBeDisabled();
  await expect(freshRow.getByText(/^Available from /)).toBeVisible();
  const refused = await page.request.post(`/api/report/${fresh!.id}/select`, {
    headers: { 'x-csrf-token': await csrfToken(page.request) },
    data: { status: true },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(m.selectTooRecent);
});
