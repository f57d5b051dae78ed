/**
 * The page's first requests (issue 22, how the web app loads): the server names a screen's first calls in the page
 * it sends and /config.js starts them, with the pdf.js worker on the report viewer, while the app's scripts are
 * still loading; the app takes those replies instead of asking again.
 */

import type { Page, Request } from '@playwright/test';
import type { ReportsReply } from '@portal/contract';
import { expect, test } from './support/fixtures.ts';

/** The calls the page started with it, and how many of them the app has not taken (each is taken once). */
const startedCalls = (page: Page) =>
  page.evaluate(() => ({
    started: Array.from(document.querySelectorAll('meta[name="portal-boot-call"]'), (m) =>
      m.getAttribute('content'),
    ),
    untaken: Object.keys(
      (window as { __PORTAL_BOOT__?: { calls: Record<string, unknown> } }).__PORTAL_BOOT__?.calls ?? {
        none: 1,
      },
    ),
  }));

/** Every request the page makes, by path, in the order made. */
const recordRequests = (page: Page) => {
  const made: Request[] = [];
  page.on('request', (request) => made.push(request));
  const paths = () => made.map((request) => new URL(request.url()).pathname);
  return {
    count: (path: string | RegExp) =>
      paths().filter((p) => (typeof path === 'string' ? p === path : path.test(p))).length,
    indexOf: (path: RegExp) => paths().findIndex((p) => path.test(p)),
  };
};

test.describe('signed in', () => {
  test.use({ account: 'client' });

  test('the viewer starts the session, the report and the pdf.js worker with the page, each asked once', async ({
    page,
  }) => {
    const reply = await page.request.get('/api/reports', { params: { type: 'all', pageSize: '50' } });
    const pdf = ((await reply.json()) as ReportsReply).data.find((r) => r.entitled && r.filetype === 'pdf');
    expect(pdf, 'a readable demo PDF').toBeTruthy();
    const requests = recordRequests(page);
    await page.goto(`/reports/${pdf!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: pdf!.title })).toBeVisible();
    await expect(page.locator('figure[data-page-number="1"] canvas')).toBeVisible();

    const report = new RegExp(`^/api/report/S-${pdf!.id}$`);
    expect(await startedCalls(page)).toEqual({
      started: ['/api/users/me', `/api/report/S-${pdf!.id}`],
      untaken: [],
    });
    // The page asked for the PDF the report's reply named, and the viewer took those bytes (asked once).
    const pdfOf = await page.evaluate(() => ({
      call: document.querySelector('meta[name="portal-boot-pdf-of"]')?.getAttribute('content'),
      untaken: Object.keys(
        (window as { __PORTAL_BOOT__?: { files?: Record<string, unknown> } }).__PORTAL_BOOT__?.files ?? {
          none: 1,
        },
      ),
    }));
    expect(pdfOf).toEqual({ call: `/api/report/S-${pdf!.id}`, untaken: [] });
    expect(requests.count(/^\/api\/files\//)).toBe(1);
    // Each asked once: the app took the replies the page had started.
    expect(requests.count('/api/users/me')).toBe(1);
    expect(requests.count(report)).toBe(1);
    expect(requests.count(/pdf\.worker[^/]*\.mjs$/)).toBe(1);
    // Started together, before the PDF was asked for: the worker is not waiting for the PDF's bytes.
    const file = requests.indexOf(/^\/api\/files\//);
    expect(file).toBeGreaterThan(-1);
    for (const first of [/^\/api\/users\/me$/, report, /pdf\.worker[^/]*\.mjs$/])
      expect(requests.indexOf(first), String(first)).toBeLessThan(file);
  });
});

test('the landing and About start their data with the session, and ask for neither again', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto('/');
  // The landing's loader gives way to the banner and the research ticker once the landing's data is in.
  await expect(page.locator('[data-loader="landing"]')).toHaveCount(0);
  await expect(page.locator('main section[aria-labelledby]').first()).toBeVisible();
  expect(await startedCalls(page)).toEqual({ started: ['/api/users/me', '/api/landing'], untaken: [] });
  expect(requests.count('/api/users/me')).toBe(1);
  expect(requests.count('/api/landing')).toBe(1);
  expect(requests.count(/pdf\.worker/)).toBe(0);

  const about = recordRequests(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Loading');
  expect(await startedCalls(page)).toEqual({ started: ['/api/users/me', '/api/content'], untaken: [] });
  expect(about.count('/api/users/me')).toBe(1);
  expect(about.count('/api/content')).toBe(1);
});
