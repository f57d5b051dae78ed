/**
 * Every screen of the SPA route table, generated from the contract: a route added to `webRoutes` is visited
 * here without touching this file. Each visit waits for the screen to settle, checks where the access guard
 * left the browser; the suite's fixture then scans the final page with axe-core (WCAG 2.2 A/AA, 0 violations).
 *
 * Each worker visits the screens of a role in one page of its own (a full load per screen, in a context that
 * keeps the SPA's scripts cached and compiled): a fresh context per screen cost about 1.2 s more of each of 125
 * visits (bench/RESULTS.md). A visit that fails closes its page, so the next starts clean.
 */
import type { Page } from '@playwright/test';
import { messages, type WebRoute, webRoutes } from '@portal/contract';
import { harnessEnv } from './support/environment.ts';
import {
  test as base,
  expect,
  type SharedAccount,
  scannedElsewhere,
  waitForSettled,
} from './support/fixtures.ts';

const test = base.extend<
  { visitPage: Page },
  { screenPageOf: (account: SharedAccount | null) => Promise<Page> }
>({
  screenPageOf: [
    async ({ browser, sessionOf }, use) => {
      const pages = new Map<string, Promise<Page>>();
      await use((account) => {
        const key = account ?? 'anonymous';
        let page = pages.get(key);
        if (!page) {
          page = (async () => {
            const context = await browser.newContext({
              baseURL: harnessEnv().baseURL,
              viewport: { width: 1280, height: 800 },
              storageState: account ? await sessionOf(account) : undefined,
            });
            return context.newPage();
          })();
          pages.set(key, page);
          // A closed page (a failed visit's) is replaced on the next visit.
          void page.then((p) => p.once('close', () => pages.delete(key)));
        }
        return page;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: 'worker' },
  ],
  visitPage: async ({ account, screenPageOf }, use, testInfo) => {
    const page = await screenPageOf(account);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await page.context().close();
  },
  pageUnderTest: async ({ visitPage }, use) => {
    await use(visitPage);
  },
});

/** An address no route answers: the catch-all's 404 screen. */
const nowhere = '/no-such-page/anywhere';

/**
 * Opens `path` and waits for its screen to settle. A page's first visit loads the document; later ones go in-app,
 * as a reader's click does (the router follows popstate): by way of the 404 screen, whose heading must leave the
 * document before the target counts as drawn (a router keeps the old screen while a lazy one loads, so the
 * address alone would let the scan read the previous screen). A full load and a fresh axe per screen cost about
 * 2 s of each of 95 scans under the run's load (bench/RESULTS.md); the guard and the screens are the same code
 * either way, and the journeys load documents everywhere.
 */
async function visit(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    await waitForSettled(page);
    return;
  }
  const go = (to: string) =>
    page.evaluate((to) => {
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, to);
  await go(nowhere);
  const notFound = page.getByRole('heading', { name: messages.pages.notFound });
  await expect(notFound).toBeVisible();
  const marked = await notFound.evaluate((h) => {
    (window as { e2eLeftScreen?: Element }).e2eLeftScreen = h;
    return true;
  });
  expect(marked).toBe(true);
  await go(path);
  await expect
    .poll(() => page.evaluate(() => (window as { e2eLeftScreen?: Element }).e2eLeftScreen?.isConnected))
    .toBe(false);
  await waitForSettled(page);
}

/** Sample values for parameter segments; any other parameter gets `1`. */
const samples: Record<string, string> = {
  signupPreference: 'signupPreference',
  back: 'home',
  type: 'Investor',
  q: 'equity',
};
const samplePath = (route: WebRoute) =>
  route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => samples[name] ?? '1');

type Viewer = 'anonymous' | SharedAccount;

/** Where the guard of spec 1 section 2.2 must leave the viewer, when it redirects. */
const expectedRedirect = (route: WebRoute, viewer: Viewer, path: string) => {
  if (viewer === 'anonymous' && route.access === 'auth')
    return `/signup?redirectUrl=${encodeURIComponent(path)}`;
  if (viewer !== 'anonymous' && (route.access === 'guest' || route.path === '/')) return '/home';
  return null;
};

const viewersOf = (route: WebRoute): Viewer[] =>
  route.path === '/settings' || route.path.startsWith('/admin/')
    ? ['anonymous', 'client', 'admin']
    : ['anonymous', 'client'];

for (const viewer of ['anonymous', 'client', 'admin'] as const) {
  test.describe(`as ${viewer}`, () => {
    test.use({ account: viewer === 'anonymous' ? null : viewer });

    for (const route of webRoutes.filter((r) => viewersOf(r).includes(viewer))) {
      const path = samplePath(route);
      test(`${path} (${route.screen}, ${route.access})`, async ({ visitPage: page }) => {
        await visit(page, path);
        const redirect = expectedRedirect(route, viewer, path);
        if (redirect) {
          await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(redirect);
          // The guard's target draws after the redirect: settled, not half drawn. Its scan is its own visit's
          // (/signup, /home): 30 scans of the same two screens cost a minute of every run and checked nothing more.
          await waitForSettled(page);
          test.info().annotations.push({ type: scannedElsewhere, description: redirect });
        }
      });
    }

    test('an unknown path shows the 404 page', async ({ visitPage: page }) => {
      await page.goto('/no-such-page/anywhere');
      await waitForSettled(page);
      await expect(page.getByRole('heading', { name: messages.pages.notFound })).toBeVisible();
    });
  });
}
