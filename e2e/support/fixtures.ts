/**
 * The suite's `test` and `expect`. Every test ends with an axe-core scan of the page's final state (WCAG 2.0, 2.1 and 2.2
 * A and AA, with axe's experimental rules of those levels) and fails on any violation or on an uncaught error in the page, so every screen a journey reaches is
 * checked, including screens added later.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { harnessEnv } from './environment.ts';

export { expect };

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The axe-core that @axe-core/playwright injects into the page (its own dependency, so the same version).
const axeRequire = createRequire(import.meta.resolve('@axe-core/playwright'));
const axeCore = axeRequire('axe-core') as typeof import('axe-core');
const axeSource = readFileSync(axeRequire.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe runs a rule tagged `experimental` only when asked for by name, even when the scan selects its WCAG tags:
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name) was never run, so the header's badge showing "JM"
 * and named "Account settings" passed every scan (issue 21). Every experimental rule of our WCAG tags is
 * switched on by name (2.5.3, 1.3.4 orientation, 1.3.1's table and heading checks), taken from the installed
 * axe-core so that a rule added there is run too.
 */
export const experimentalWcagRules = axeCore
  .getRules(['experimental'])
  .filter((rule) => rule.tags.some((tag) => axeTags.includes(tag)))
  .map((rule) => rule.ruleId);

export const demoPassword = 'Portal-demo-1';
export const demoAccounts = {
  admin: 'admin@demo.test',
  client: 'client@demo.test',
  npi: 'npi@demo.test',
} as const;
/**
 * Accounts whose session a worker signs in once and shares between tests (see `account` below). npi is not one:
 * the password-reset journey resets its password, which revokes its sessions.
 */
export type SharedAccount = 'client' | 'admin';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
const describeViolations = (violations: AxeResults['violations']) =>
  violations.flatMap((v) => [
    `${v.impact ?? 'unknown'} ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map(
      (n) => `    at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s*\n\s*/g, '; ') ?? ''}`,
    ),
  ]);

/** The options of every scan: our WCAG tags, their experimental rules, details of violations only. */
const scanOptions = {
  runOnly: { type: 'tag', values: axeTags },
  rules: Object.fromEntries(experimentalWcagRules.map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
} satisfies import('axe-core').RunOptions;

/**
 * A page without frames is scanned by the axe-core it already holds when an earlier scan of the same document put
 * it there (the accessibility spec's screens, reached in-app, and a journey's scan before its closing one): putting
 * axe in costs about 0.5 s of a fresh page's CPU, its first run in a page more than the next (bench/RESULTS.md).
 */
const analyzeWithoutFrames = async (page: Page): Promise<Pick<AxeResults, 'violations'>> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe
        .run(document, options)
        .then(({ violations }) => ({ violations })),
    scanOptions,
  );
};

const analyze = async (page: Page) => {
  // A scan started while the page navigates loses its document; settle and try again once.
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      // A menu or dialog still fading in or out reads as text on its own background (a closing menu's items at
      // 1.04:1, CI run 11): scan once every finite transition and animation has ended (spinners and the ticker
      // run forever and do not count). One that never ends within 5 s is scanned as it is.
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
          undefined,
          { timeout: 5000 },
        )
        .catch(() => undefined);
      if (page.frames().length === 1) return await analyzeWithoutFrames(page);
      // A frame sandboxed without allow-scripts (the viewer's htm reports) never runs the callbacks axe schedules
      // inside it, so its scan would wait forever; such a frame holds a report document, not the portal's UI.
      // options() replaces the builder's options, so it comes before withTags (which adds runOnly to them).
      // Legacy mode runs axe in the page itself instead of aggregating in a blank page it opens per scan, and only
      // violations are detailed: 3-4 times faster (a research list: 7.1 s to 1.8 s, bench/RESULTS.md). Legacy mode
      // does not scan cross-origin frames (the YouTube player), which hold no portal UI.
      return await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ rules: scanOptions.rules, resultTypes: scanOptions.resultTypes })
        .withTags(axeTags)
        .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
        .analyze();
    } catch (err) {
      if (attempt > 0 || !/context was destroyed|navigat/i.test((err as Error).message)) throw err;
    }
  }
};

/**
 * The annotation of a test whose final screen another test of the same run scans as its own final state (the
 * accessibility spec's guard redirects end on /signup or /home, each visited and scanned by its own test).
 */
export const scannedElsewhere = 'final screen scanned by another test';

/** The ids of the rules axe finds violated in the page as it is now (the scanner's own test reads them). */
export const violatedRules = async (page: Page) => (await analyze(page)).violations.map((v) => v.id).sort();

/** Fails with a readable list when axe finds a WCAG 2.2 A/AA violation in the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  let state = await stateOf(page);
  let { violations } = await analyze(page);
  // A page that changed while axe read it (a notice closing on its own timer, fading out mid-scan: CI run of
  // 2026-11-28, connect-reader's toast) was scanned half in one state and half in another: scan the page as it
  // is now once more, and judge that scan.
  if (violations.length > 0 && (await stateOf(page)) !== state) {
    state = await stateOf(page);
    ({ violations } = await analyze(page));
  }
  expect(describeViolations(violations), `axe-core violations on ${page.url()} (${label})`).toEqual([]);
  scannedStates.set(page, state);
}

/**
 * What a scan's result depends on, hashed in the page: the address, the viewport, the scroll position and the whole
 * document. A journey that scans a state and ends in it (a shown error, a dialog) is not scanned twice.
 */
const stateOf = (page: Page) =>
  page.evaluate(() => {
    const text = `${location.href} ${innerWidth}x${innerHeight} ${scrollX},${scrollY} ${document.documentElement.outerHTML}`;
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return `${text.length}:${hash >>> 0}`;
  });
/** The last state of each page that a scan found clean. */
const scannedStates = new WeakMap<Page, string>();

// Chromium reports this benign notification as an error event; it is not a fault of the page.
const ignoredPageErrors = [/ResizeObserver loop/];

/** Header of every layout (the banner landmark). */
export const header = (page: Page) => page.getByRole('banner');
export const accountSettingsLink = (page: Page) =>
  header(page).getByRole('link', { name: 'Account settings' });
export const loginLink = (page: Page): Locator =>
  header(page).getByRole('link', { name: 'Login', exact: true });

const loaders = '[aria-busy="true"], [role="progressbar"], .mantine-Loader-root';

/**
 * Waits until the screen is drawn: the document has loaded, its main landmark is visible, and no loader shows
 * (the main landmark is aria-busy while any of the screen's data is on its way, see page-frame.tsx). It never
 * waits for the network to fall silent (media, pdf.js and frames keep it busy for reasons of their own).
 */
export async function waitForSettled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator(loaders).filter({ visible: true })).toHaveCount(0);
}

/** Signs in through the login form and waits until the header shows the signed-in state. */
export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(accountSettingsLink(page)).toBeVisible();
}

/** Fills and submits the login form already on screen. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const signedInState = async (browser: Browser, baseURL: string, email: string): Promise<StorageState> => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await signIn(page, email);
    return await context.storageState();
  } catch (err) {
    // This runs outside any test, so no screenshot is attached: say where the page was and what it showed.
    const text = await page
      .locator('body')
      .textContent({ timeout: 1000 })
      .catch(() => null);
    throw new Error(
      `Signing in ${email} through /login failed at ${page.url()}: ${(err as Error).message}\n` +
        `Page text: ${(text ?? '(no body)').replace(/\s+/g, ' ').slice(0, 600)}`,
    );
  } finally {
    await context.close();
  }
};

type TestFixtures = {
  /** Start the test signed in as this demo account (a session shared by the tests of a worker); null: anonymous. */
  account: SharedAccount | null;
  /**
   * The page whose final state the test's closing scan checks: the test's own `page` unless a spec says otherwise
   * (the accessibility spec visits its screens in one page per role and worker, and never asks for `page`).
   */
  pageUnderTest: Page;
  checkAccessibilityAtEnd: undefined;
};
type WorkerFixtures = {
  sessionOf: (account: SharedAccount) => Promise<StorageState>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring pattern.
  baseURL: async ({}, use) => {
    await use(harnessEnv().baseURL);
  },
  account: [null, { option: true }],
  sessionOf: [
    async ({ browser }, use) => {
      const sessions = new Map<SharedAccount, Promise<StorageState>>();
      await use((account) => {
        let session = sessions.get(account);
        if (!session) {
          session = signedInState(browser, harnessEnv().baseURL, demoAccounts[account]);
          sessions.set(account, session);
        }
        return session;
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account, storageState, sessionOf }, use) => {
    await use(account ? await sessionOf(account) : storageState);
  },
  pageUnderTest: async ({ page }, use) => {
    await use(page);
  },
  checkAccessibilityAtEnd: [
    async ({ pageUnderTest: page }, use, testInfo) => {
      const pageErrors: string[] = [];
      const onPageError = (err: Error) => {
        if (!ignoredPageErrors.some((re) => re.test(err.message))) pageErrors.push(err.stack ?? err.message);
      };
      page.on('pageerror', onPageError);
      try {
        await use(undefined);
        // A test that already failed keeps its own error; a scan on top would only add noise.
        if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || page.url() === 'about:blank')
          return;
        expect(pageErrors, 'uncaught errors in the page').toEqual([]);
        if (testInfo.annotations.some((a) => a.type === scannedElsewhere)) return;
        // A screen still fetching is not its final state (a redirect's target drawing its lists, issue 21's CI
        // run scanned /home half drawn): the main landmark is aria-busy until its queries have answered.
        await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
        if (scannedStates.get(page) === (await stateOf(page))) return;
        await expectAccessible(page, `final state of "${testInfo.title}"`);
      } finally {
        page.off('pageerror', onPageError);
      }
    },
    { auto: true },
  ],
});
