/**
 * The browser the journeys run in (playwright.config.ts): the omnibox popup's WebUI page is off, and the features
 * Playwright switches off by itself still are (Chromium keeps only the last --disable-features, so the config
 * repeats Playwright's list; an upgrade that adds to it fails here instead of changing the browser unseen).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { disabledChromiumFeatures } from './playwright.config.ts';
import { expect, test } from './support/fixtures.ts';

/** The command lines (arguments) of the processes below `pid`. */
const descendants = (pid: number) => {
  const procs = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return [{ pid: Number(name), ppid, args: readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0') }];
      } catch {
        return [];
      }
    });
  const found = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (found.has(p.ppid) && !found.has(p.pid)) {
        found.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => p.pid !== pid && found.has(p.pid)).map((p) => p.args);
};

test('opens no browser UI page beside a test page, and keeps the features Playwright switches off', async ({
  browser,
  page,
}) => {
  await page.goto('/terms');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  expect(targetInfos.filter((t) => t.type === 'browser_ui').map((t) => t.url)).toEqual([]);

  // Playwright's own list, from a browser launched with its defaults only.
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const plain = await chromium.connect(server.wsEndpoint());
    await (await plain.newPage()).setContent('<p>renderer</p>');
    // A zygote's child rewrites its command line as one string: read it joined.
    const child = descendants(server.process().pid!)
      .map((args) => args.join(' '))
      .find((line) => line.includes('--disable-features='));
    expect(child, 'a child process of the plain browser with its features').toBeTruthy();
    const playwrights = /--disable-features=(\S+)/.exec(child!)![1]!.split(',');
    expect(playwrights.length).toBeGreaterThan(3);
    expect(disabledChromiumFeatures).toEqual(expect.arrayContaining(playwrights));
    await plain.close();
  } finally {
    await server.close();
  }
});
