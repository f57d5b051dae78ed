import { defineConfig } from '@playwright/test';

const ci = Boolean(process.env.CI);
// Each run keeps its artefacts in a directory of its own: Playwright empties its outputDir when a run starts, and
// runs may overlap in one checkout. The runner sets the id; its workers inherit it with the environment.
process.env.PORTAL_E2E_RUN_ID ??= `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${process.pid}`;

/**
 * Chromium 156 opens the omnibox popup as a WebUI page of its own in every new window, headless too: one more
 * renderer process with two `browser_ui` targets for each page a test opens. Switched off, the same 39 journeys
 * took 320 s of test time instead of 448 s (bench/RESULTS.md). Chromium keeps only the last --disable-features,
 * so Playwright's own list (playwright-core's chromiumSwitches) is repeated here with ours added;
 * e2e/browser.spec.ts checks it against what Playwright passes by itself, and that no such page opens.
 */
export const disabledChromiumFeatures = [
  // Playwright's
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  // ours
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

// Browser journeys against the built app, served by the real server on a fresh database, with a real SMTP
// server receiving the mail (see support/harness.ts). Debian's Chromium: Playwright cannot download its own here.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: `test-results/${process.env.PORTAL_E2E_RUN_ID}`,
  fullyParallel: true,
  forbidOnly: ci,
  // Two cores: the server, the SMTP peer and two browsers share them.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // A ceiling, not a target (the suite took 9-20 min on 2 cores): a slow machine must not fail a green suite.
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${disabledChromiumFeatures.join(',')}`,
      ],
    },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    // Recording a trace of every test to keep the failing ones cost a third of the suite's time (content pages and
    // research, 20 tests: 331 s of test time with traces, 214 s without). A failure keeps its screenshot and the
    // server log; run `npx playwright test <file> --trace on` to record one while looking into it.
    trace: 'off',
  },
});
