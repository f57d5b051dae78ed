/** The signed-in home's own lists (issue 11) as the demo client: own sectors, continue reading, saved. */

import type { APIRequestContext, Page } from '@playwright/test';
import { homeConstants, type ReportsReply } from '@portal/contract';
import { csrfToken } from './support/api.ts';
import { expect, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'client' });

const section = (page: Page, name: string) => page.getByRole('region', { name });
const itemTitles = (page: Page, name: string) =>
  section(page, name).getByRole('listitem').getByRole('link').allTextContents();

/** The calls the viewer and the save button make, from the page's own context (its session and CSRF token). */
const api = async (request: APIRequestContext) => {
  const headers = { 'x-csrf-token': await csrfToken(request) };
  return {
    progress: async (id: number, fraction: number) => {
      const res = await request.put(`/api/report/S-${id}/progress`, { headers, data: { fraction } });
      expect(res.status(), await res.text()).toBe(200);
    },
    save: async (id: number, saved: boolean) => {
      const res = await request.post('/api/reports/save/', { headers, data: { id, status: saved ? 1 : 0 } });
      expect(res.status(), await res.text()).toBe(200);
    },
    myResearch: async () => {
      const res = await request.get('/api/reports', { params: { type: 'all', mine: '1', pageSize: '20' } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as ReportsReply).data;
    },
  };
};

test('the home lists the latest reports of the client’s own sectors above the banner', async ({ page }) => {
  await page.goto('/home');
  await waitForSettled(page);
  const latest = section(page, 'Latest in your sectors');
  await expect(latest).toBeVisible();
  const mine = await (await api(page.request)).myResearch();
  // the My Research tab's first reports, in its order
  expect(await itemTitles(page, 'Latest in your sectors')).toEqual(
    mine.slice(0, homeConstants.listSize).map((report) => report.title),
  );
  await expect(latest.getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/search?tab=mine');
  // the lists come before the firm's banner (the "Highlights" carousel)
  const banner = page.getByRole('region', { name: 'Highlights' });
  await expect(banner).toBeVisible();
  const listsTop = (await latest.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(listsTop).toBeLessThan((await banner.boundingBox())?.y ?? 0);
});

test('a report read part-way is under continue reading, a saved report under saved research', async ({
  page,
}) => {
  await page.goto('/home');
  await waitForSettled(page);
  const calls = await api(page.request);
  const mine = await calls.myResearch();
  // Reports the client may open that are not on the home's other lists already.
  const picked = mine.filter((report) => report.entitled && !report.saved).slice(-2);
  expect(picked).toHaveLength(2);
  const [reading, saving] = picked as [ReportsReply['data'][number], ReportsReply['data'][number]];
  await calls.progress(reading.id, 0.4);
  await calls.save(saving.id, true);
  try {
    await page.reload();
    await waitForSettled(page);
    const continueReading = section(page, 'Continue reading');
    const readingItem = continueReading.getByRole('listitem').filter({ hasText: reading.title });
    await expect(readingItem).toBeVisible();
    await expect(readingItem).toContainText('40% read');
    // Present, not necessarily first: the other worker's journeys read and save as the same client at any time
    // (the lists' order, newest first, is the reading API's tests' business).
    expect(await itemTitles(page, 'Saved research')).toContain(saving.title);
    await expect(section(page, 'Saved research').getByRole('link', { name: /See all/ })).toHaveAttribute(
      'href',
      '/SavedResearches',
    );
    // Finished: it leaves continue reading on the next visit.
    await calls.progress(reading.id, 1);
    await page.reload();
    await waitForSettled(page);
    await expect(section(page, 'Saved research')).toBeVisible();
    expect(await itemTitles(page, 'Continue reading')).not.toContain(reading.title);
  } finally {
    await calls.save(saving.id, false);
  }
});

test('at 375 px the lists stack in one column without overflowing the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/home');
  await waitForSettled(page);
  const latest = section(page, 'Latest in your sectors');
  const saved = section(page, 'Saved research');
  await expect(latest).toBeVisible();
  const a = await latest.boundingBox();
  const b = await saved.boundingBox();
  expect(a && b && Math.abs(a.x - b.x) < 1 && b.y > a.y).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
