/**
 * Ways in (issue 11): the research list and saved research one click from the header's menus (desktop and the
 * 375 px menu), sign-out landing on `/`, a refused report that says what it is with a working Back, and an
 * anonymous reader sent to sign in with the report as the redirect.
 */

import type { Page } from '@playwright/test';
import { messages, refusedReportMessages, viewerMessages } from '@portal/contract';
import { journeyData } from './support/environment.ts';
import {
  accountSettingsLink,
  demoAccounts,
  expect,
  fillLogin,
  header,
  loginLink,
  signIn,
  test,
  waitForSettled,
} from './support/fixtures.ts';

const links = messages.readerLinks;

/**
 * A report the demo client may not open, made by the harness in a sector outside the client's subscription and
 * published last, so first on the research list (e2e/support/harness.ts). The list must mark it `entitled: false`.
 */
async function lockedReport(page: Page) {
  const report = journeyData().lockedReport;
  const reply = await page.request.get('/api/reports?type=all');
  expect(reply.status()).toBe(200);
  const cards = (await reply.json()).data as { id: number; title: string; entitled: boolean }[];
  expect(cards.find((card) => card.id === report.id)).toEqual(
    expect.objectContaining({ id: report.id, title: report.title, entitled: false }),
  );
  return report;
}

const expectResearchList = async (page: Page) => {
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('tab', { name: 'My Research' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All Reports' })).toBeVisible();
};
const expectSavedResearch = async (page: Page) => {
  await expect(page).toHaveURL(/\/SavedResearches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saved research' })).toBeVisible();
};

test.describe('signed in as the demo client', () => {
  test.use({ account: 'client' });

  test('the research list and saved research are in the Research menu and the user menu (desktop)', async ({
    page,
  }) => {
    await page.goto('/home');
    const main = header(page).getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    await main.getByRole('menuitem', { name: links.researchList }).click();
    await expectResearchList(page);

    await page.goto('/home');
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    await main.getByRole('menuitem', { name: links.savedResearch }).click();
    await expectSavedResearch(page);

    const account = header(page).getByRole('navigation', { name: 'Account' });
    await account.getByRole('button', { name: links.menu }).click();
    await expect(account.getByRole('menuitem', { name: links.researchList })).toBeVisible();
    await account.getByRole('menuitem', { name: links.savedResearch }).click();
    await expectSavedResearch(page);

    // Settings links to both as well.
    await accountSettingsLink(page).click();
    await page.getByRole('main').getByRole('link', { name: links.researchList }).click();
    await expectResearchList(page);
    await waitForSettled(page);
  });

  test('the mobile menu (375 px) leads to the research list and saved research', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/home');
    const openMenu = () => header(page).getByRole('button', { name: 'Open navigation' }).click();
    const main = header(page).getByRole('navigation', { name: 'Main' });
    await openMenu();
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    await main.getByRole('menuitem', { name: links.researchList }).click();
    await expectResearchList(page);
    // The panel closes on the way.
    await expect(main).toBeHidden();

    await openMenu();
    await main.getByRole('button', { name: 'Research', exact: true }).click();
    await main.getByRole('menuitem', { name: links.savedResearch }).click();
    await expectSavedResearch(page);
    await waitForSettled(page);
  });

  test('a refused report shows what it is, how to ask for it, and a Back that works', async ({ page }) => {
    const report = await lockedReport(page);
    // Opened from the research list, inside the app: Back returns there.
    await page.goto('/search');
    await page.getByRole('main').getByRole('link', { name: report.title, exact: true }).first().click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
    await expect(main.getByText(viewerMessages.notEntitled)).toBeVisible();
    await expect(main.getByText(refusedReportMessages.published)).toBeVisible();
    await expect(main.getByText(refusedReportMessages.analysts)).toBeVisible();
    // Request access leads to the preferences screen; writing to client services stays as a second way.
    await expect(main.getByRole('link', { name: refusedReportMessages.requestAccess })).toHaveAttribute(
      'href',
      '/subscriptionPreference/home',
    );
    const href = (await main.locator('a[href^="mailto:"]').first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
    expect(decodeURIComponent(href.split('subject=')[1] ?? '')).toBe(
      `${refusedReportMessages.requestSubject}${report.title}`,
    );
    // Nothing of the document: no viewer, no frame, no file link.
    await expect(page.locator('iframe, canvas, video, audio')).toHaveCount(0);
    await expect(page.locator('a[href*="/files/"]')).toHaveCount(0);

    await main.getByRole('link', { name: refusedReportMessages.back }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: report.title, exact: true }).first(),
    ).toBeVisible();

    // Opened with no history behind it (a link in a mail): Back leads to the research list.
    await page.goto('/home');
    await page.goto(`/reports/${report.id}`);
    await main.getByRole('link', { name: refusedReportMessages.back }).click();
    await expectResearchList(page);
    await waitForSettled(page);
  });
});

test('signing out (Yes) lands on / and stays there', async ({ page }) => {
  // A session of its own: signing out must not end the session the other tests share.
  await signIn(page, demoAccounts.client);
  await page.goto('/home');
  await waitForSettled(page);
  await header(page).getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(loginLink(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Past the menu's reload (1.5 s): still the landing page, not /signup?redirectUrl=%2Fhome.
  await page.waitForTimeout(2000);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(accountSettingsLink(page)).toHaveCount(0);
  await waitForSettled(page);
});

test('an anonymous visitor to a report is asked to sign in and comes back to the report', async ({
  page,
  browser,
  baseURL,
}) => {
  // The id of a report the client may not open, found with a signed-in context of its own.
  const scout = await browser.newContext({ baseURL: baseURL });
  const scoutPage = await scout.newPage();
  await signIn(scoutPage, demoAccounts.client);
  const report = await lockedReport(scoutPage);
  await scout.close();

  await page.goto(`/reports/${report.id}`);
  await expect(page).toHaveURL(
    new RegExp(
      `/login\\?redirectUrl=${encodeURIComponent(`/reports/${report.id}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
    ),
  );
  await fillLogin(page, demoAccounts.client, 'Portal-demo-1');
  await expect(page).toHaveURL(new RegExp(`/reports/${report.id}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: report.title })).toBeVisible();
  await waitForSettled(page);
});
