/**
 * Every screen of the SPA route table, generated from the contract: a route added to `webRoutes` is visited
 * here without touching this file. Each visit waits for the screen to settle, checks where the access guard
 * left the browser; the suite's fixture then scans the final page with axe-core (WCAG 2.2 A/AA, 0 violations).
 */
import { messages, type WebRoute, webRoutes } from '@portal/contract';
import { expect, type SharedAccount, test, waitForSettled } from './support/fixtures.ts';

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
      test(`${path} (${route.screen}, ${route.access})`, async ({ page }) => {
        await page.goto(path);
        await waitForSettled(page);
        const redirect = expectedRedirect(route, viewer, path);
        if (redirect) {
          await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(redirect);
        }
      });
    }

    test('an unknown path shows the 404 page', async ({ page }) => {
      await page.goto('/no-such-page/anywhere');
      await waitForSettled(page);
      await expect(page.getByRole('heading', { name: messages.pages.notFound })).toBeVisible();
    });
  });
}
