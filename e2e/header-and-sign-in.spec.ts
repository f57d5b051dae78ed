/**
 * Spec 1 sections 2.2, 2.3, 2.5 and 9 (issue 21 item 16): back one page after signing in and the redirect flag's
 * reload, the ?rfsUrl header mode, the header's social icons, the sign-in modal over a dummy page, and the
 * pager's ellipses above 6 pages. Screenshots go to SHOTS_DIR when it is set.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { connectLimits, messagesConnect, messagesSite } from '@portal/contract';
import {
  accountSettingsLink,
  demoAccounts,
  demoPassword,
  expect,
  fillLogin,
  header,
  loginLink,
  test,
} from './support/fixtures.ts';

const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}.png`) });
};
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

test.describe('after signing in (spec 1 section 2.2)', () => {
  test('a sign-in opened from a page goes back to that page; opened directly, to the signed-in home', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await loginLink(page).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, demoAccounts.client, demoPassword);
    await expect(accountSettingsLink(page)).toBeVisible();
    await expect.poll(() => pathAndQuery(page)).toBe('/about');

    // A sign-in page with no page of ours before it: the signed-in home, as before.
    const fresh = await page
      .context()
      .browser()!
      .newPage({ baseURL: new URL(page.url()).origin });
    await fresh.goto('/login');
    await fillLogin(fresh, demoAccounts.client, demoPassword);
    await expect.poll(() => pathAndQuery(fresh)).toBe('/home');
    await fresh.close();
  });

  test('with the redirect flag the page reloads 1000 ms after signing in', async ({ page }) => {
    // Counted from the page's own load events: the first is the sign-in page, a second one is the reload.
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/login?redirectUrl=%2Fabout&redirect=1');
    await expect.poll(() => loads).toBe(1);
    await fillLogin(page, demoAccounts.client, demoPassword);
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
    // The rest of the sign-in page's query is kept (spec 1 section 2.2), the flag with it, and the reader is signed in.
    await expect(accountSettingsLink(page)).toBeVisible();
    expect(pathAndQuery(page)).toBe('/about?redirect=1');
  });
});

test.describe('header', () => {
  for (const width of [1280, 375]) {
    test(`the firm's social icons at ${width} px (spec 1 section 2.3)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      if (width < 768) await header(page).getByRole('button', { name: 'Open navigation' }).click();
      const list = header(page).getByRole('list', { name: 'Harbourline Research on social media' });
      await expect(list).toBeVisible();
      const linkedIn = list.getByRole('link', {
        name: 'Harbourline Research on LinkedIn (opens in a new tab)',
      });
      await expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/company/harbourline-research');
      await expect(linkedIn).toHaveAttribute('target', '_blank');
      await expect(list.getByRole('link')).toHaveCount(3);
      // Fully inside the page's width (no sideways scrolling).
      const box = await list.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      await shot(page, 'header-social');
    });

    test(`?rfsUrl: the logo leads to sign-up and the footer links to sign-in at ${width} px (spec 1 section 2.2)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about?rfsUrl=%2Freports%2F1_x');
      const logo = header(page).getByRole('link', { name: 'Harbourline Research', exact: true });
      await expect(logo).toHaveAttribute('href', '/signup?redirectUrl=%2Freports%2F1_x');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
        'href',
        '/login?redirectUrl=%2Fprivacy',
      );
      await shot(page, 'rfsurl-footer');
      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      expect(pathAndQuery(page)).toBe('/login?redirectUrl=%2Fprivacy');
    });
  }
});

test.describe('the sign-in modal over a dummy page (spec 1 section 2.5)', () => {
  for (const width of [1280, 375]) {
    test(`a protected page sends a signed-out reader to it, and signing in there goes on, at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings');
      await expect.poll(() => pathAndQuery(page)).toBe('/signup?redirectUrl=%2Fsettings');
      const dialog = page.getByRole('dialog', { name: messagesSite.gateTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(messagesSite.gateText);
      await shot(page, 'signin-modal');
      await dialog.getByLabel('Email', { exact: true }).fill(demoAccounts.client);
      await dialog.getByLabel('Password', { exact: true }).fill(demoPassword);
      await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect.poll(() => pathAndQuery(page)).toBe('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    });
  }

  test('Create an account in the modal shows the sign-up form; /signup without route state shows it at once', async ({
    page,
  }) => {
    await page.goto('/settings');
    const dialog = page.getByRole('dialog', { name: messagesSite.gateTitle });
    await dialog.getByRole('link', { name: messagesSite.gateCreate }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('pagination (spec 1 section 9: ellipses above 6 pages)', () => {
  test.use({ account: 'client' });

  for (const width of [1280, 375]) {
    test(`the appointment pages of an analyst with more than 6 pages of slots at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const list = await page.request.get('/api/connect/analysts');
      const { analysts } = (await list.json()) as { analysts: { id: number; iCAO_ObjId: number }[] };
      let found: { id: number; pages: number } | undefined;
      for (const analyst of analysts) {
        const reply = await page.request.get(`/api/connect/appointments/${analyst.iCAO_ObjId}`);
        const { events } = (await reply.json()) as { events: unknown[] };
        const pages = Math.ceil(events.length / connectLimits.appointmentsPerPage);
        if (pages > 6) {
          found = { id: analyst.id, pages };
          break;
        }
      }
      expect(found, 'a demo analyst with more than 6 pages of slots').toBeTruthy();
      const { id, pages } = found!;
      const a = messagesConnect.appointment;
      await page.goto(`/connect/appointment/${id}`);
      const pager = page.getByRole('navigation', { name: a.pageOf(1, pages) });
      await expect(pager).toBeVisible();
      const pageButtons = pager.getByRole('button', { name: /^Page \d+ of \d+$/ });
      await expect(pageButtons).toHaveCount(5);
      await expect(pager.getByRole('button', { name: a.pageOf(pages, pages) })).toBeVisible();
      await expect(pager.getByRole('button', { name: a.pageOf(5, pages) })).toHaveCount(0);
      await expect(pager.locator('.mantine-Pagination-dots')).toHaveCount(1);
      await shot(page, 'pager-ellipses');

      await pager.getByRole('button', { name: a.pageOf(4, pages) }).click();
      const moved = page.getByRole('navigation', { name: a.pageOf(4, pages) });
      await expect(moved.getByRole('button', { name: a.pageOf(4, pages) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(moved.locator('.mantine-Pagination-dots')).toHaveCount(2);
      const box = await moved.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      // The cookie banner is sticky at the window's foot: with the pager in view at 375 px it lies over the
      // footer's first links (axe's target-size). A reader accepts it; the final state scanned is the pager in view.
      await page
        .getByRole('region', { name: 'Cookie consent' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await moved.scrollIntoViewIfNeeded();
    });
  }
});
