/** The research catalogue screens (spec 1 section 2.6) against the seeded demo catalogue, as the demo client. */

import type { Page } from '@playwright/test';
import { keyChartsSectorId, messagesResearch } from '@portal/contract';
import { expect, expectAccessible, header, test, waitForSettled } from './support/fixtures.ts';

test.use({ account: 'client' });

const reportList = (page: Page) => page.getByRole('list', { name: 'Research reports' });
const cards = (page: Page) => reportList(page).getByRole('article');
const lastReportsQuery = async (page: Page, run: () => Promise<unknown>) => {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/reports');
  await run();
  return new URL((await request).url()).searchParams;
};

test.describe('research list', () => {
  test('lists reports with the side panel, switches to grid and loads more on demand', async ({ page }) => {
    await page.goto('/search');
    await waitForSettled(page);
    await expect(page.getByRole('heading', { name: 'Must Read' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Most Viewed' })).toBeVisible();
    await expect(page.getByLabel('Period')).toHaveValue('Past Month');
    await expect(page.getByRole('tab', { name: 'All Reports' })).toHaveAttribute('aria-selected', 'true');
    const first = await cards(page).count();
    expect(first).toBeGreaterThan(0);
    await expect(cards(page).first().getByRole('link').first()).toBeVisible();

    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(cards(page).first()).toHaveAttribute('data-view', 'grid');
    const box = await cards(page).first().boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(600);
    await page.getByRole('button', { name: 'List view' }).click();

    const more = page.getByRole('button', { name: 'Load more' });
    if (await more.isVisible()) {
      const query = await lastReportsQuery(page, () => more.click());
      expect(query.get('cursor')).toBeTruthy();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(first);
    }
    await expectAccessible(page, 'grid and list');
  });

  test('My Research asks for the own matrix', async ({ page }) => {
    await page.goto('/search');
    await waitForSettled(page);
    const query = await lastReportsQuery(page, () => page.getByRole('tab', { name: 'My Research' }).click());
    expect(query.get('mine')).toBe('1');
    await waitForSettled(page);
  });
});

test.describe('tags', () => {
  test('tags and date ranges filter the list, hashtags add tags, Backspace removes the last', async ({
    page,
  }) => {
    await page.goto('/search');
    await waitForSettled(page);
    const tags = page.getByLabel('Tags', { exact: true });
    let query = await lastReportsQuery(page, async () => {
      await tags.fill('Date Range: 2026-01-01 - 2026-12-31');
      await tags.press('Enter');
    });
    expect(query.get('dStart')).toBe('2026-01-01');
    expect(query.get('dEnd')).toBe('2026-12-31');
    await waitForSettled(page);

    // The first card with a hashtag (the journeys' own fixture report, the newest, has none).
    const hashtagButtons = page.getByRole('button', { name: /^Filter by #/ });
    const hashtag = cards(page)
      .filter({ has: hashtagButtons })
      .first()
      .getByRole('button', { name: /^Filter by #/ })
      .first();
    const label = (await hashtag.textContent()) ?? '';
    query = await lastReportsQuery(page, () => hashtag.click());
    expect(query.get('tags')).toBe(label);
    const active = page.getByRole('list', { name: 'Active tags' }).getByRole('listitem');
    await expect(active).toHaveCount(2);
    expect(await page.evaluate(() => sessionStorage.getItem('TagsInput'))).toContain(label);
    await waitForSettled(page);
    for (const card of await cards(page).all()) {
      await expect(card.getByRole('button', { name: `Filter by ${label}` })).toBeVisible();
    }

    await tags.focus();
    await tags.press('Backspace');
    await expect(active).toHaveCount(1);
    await page.getByRole('button', { name: /^Remove tag Date Range/ }).click();
    await expect(page.getByRole('list', { name: 'Active tags' })).toHaveCount(0);
    await waitForSettled(page);
  });
});

test.describe('search', () => {
  test('the header search suggests pages and submits text to /search', async ({ page }) => {
    await page.goto('/SavedResearches');
    await waitForSettled(page);
    const box = header(page).getByRole('combobox', { name: 'Search research' });
    await box.fill('bank');
    const options = page.getByRole('listbox', { name: 'Search research suggestions' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expectAccessible(page, 'suggestions open');
    await box.press('Escape');
    await expect(options.first()).toBeHidden();

    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/(analysts|companies|regions|sectors|reports)\//);

    await box.fill('bank');
    await expect(options.first()).toBeVisible();
    await box.press('Escape');
    await expect(options.first()).toBeHidden();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=bank$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “bank”');
    await waitForSettled(page);
    await expect(cards(page).first()).toBeVisible();
  });

  test('/search/{q} searches the path text', async ({ page }) => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/reports');
    await page.goto('/search/bank');
    expect(new URL((await request).url()).searchParams.get('q')).toBe('bank');
    await waitForSettled(page);
  });
});

test.describe('subject pages', () => {
  test('analyst, sector, company and region pages show their reports', async ({ page }) => {
    await page.goto('/search');
    await waitForSettled(page);
    const card = cards(page).first();
    const analyst = card.getByRole('link').first();
    const name = (await analyst.textContent()) ?? '';
    await analyst.click();
    await expect(page).toHaveURL(/\/analysts\/\d+_/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Research by ${name}` })).toBeVisible();
    await waitForSettled(page);
    await expectAccessible(page, 'analyst page');

    await page.goto('/analysts/999999999');
    await expect(page.getByRole('heading', { name: messagesResearch.analystMissing })).toBeVisible();

    await page.goto('/search');
    await waitForSettled(page);
    const sector = cards(page)
      .filter({ has: page.locator('a[href^="/sectors/"]') })
      .first()
      .locator('a[href^="/sectors/"]');
    const sectorName = (await sector.textContent()) ?? '';
    await sector.click();
    await expect(page).toHaveURL(/\/sectors\/\d+_/);
    await expect(page.getByRole('heading', { level: 1, name: sectorName })).toBeVisible();
    await waitForSettled(page);

    await page.goto('/companies');
    await waitForSettled(page);
    const company = page.getByRole('list', { name: 'Companies' }).getByRole('link').first();
    const companyName = (await company.textContent()) ?? '';
    await company.click();
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await waitForSettled(page);

    await page.goto('/regions/Hong%20Kong');
    await expect(page.getByRole('heading', { level: 1, name: 'Hong Kong' })).toBeVisible();
    await waitForSettled(page);
    await expect(
      page.getByRole('list', { name: 'Hong Kong reports' }).getByRole('article').first(),
    ).toBeVisible();
  });

  test(`sector ${keyChartsSectorId} has a Charts tab with accessible charts`, async ({ page }) => {
    await page.goto(`/sectors/${keyChartsSectorId}`);
    await waitForSettled(page);
    await expect(page.getByRole('heading', { name: 'The team' })).toBeVisible();
    await page.getByRole('tab', { name: 'Charts' }).click();
    await waitForSettled(page);
    await expect(page.getByRole('tab', { name: 'Global IP' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img').first()).toBeVisible();
    await page.getByText('Show data table').first().click();
    await expect(page.getByRole('table').first()).toBeVisible();
  });

  test('Our People has category tabs and sector sub-tabs', async ({ page }) => {
    await page.goto('/people');
    await waitForSettled(page);
    const categories = page.getByRole('tablist', { name: 'Job category' }).getByRole('tab');
    await expect(categories.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const people = page.getByRole('tabpanel').getByRole('article');
    const all = await people.count();
    await page.getByRole('tablist', { name: 'Sector' }).getByRole('tab').nth(1).click();
    await expect.poll(() => people.count()).toBeLessThanOrEqual(all);
  });
});

test.describe('saving', () => {
  test('saves a report, finds it under Saved research and removes it again', async ({ page }) => {
    await page.goto('/search');
    await waitForSettled(page);
    const card = cards(page)
      .filter({ has: page.getByRole('button', { name: messagesResearch.saveReport }) })
      .first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/reports/save/') && r.ok());
    await card.getByRole('button', { name: messagesResearch.saveReport }).click();
    await saved;
    await expect(
      cards(page)
        .filter({ hasText: title })
        .first()
        .getByRole('button', { name: messagesResearch.unsaveReport }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/SavedResearches');
    await waitForSettled(page);
    const savedCards = page.getByRole('list', { name: 'Saved reports' }).getByRole('article');
    const savedCard = savedCards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(savedCard).toHaveCount(1);
    const removed = page.waitForResponse((r) => r.url().endsWith('/api/reports/save/') && r.ok());
    await savedCard.getByRole('button', { name: messagesResearch.unsaveReport }).click();
    await removed;
    await page.reload();
    await waitForSettled(page);
    await expect(
      cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
    ).toHaveCount(0);
  });
});
