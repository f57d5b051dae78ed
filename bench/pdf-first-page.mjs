#!/usr/bin/env node
// Time to the first rendered PDF page in the report viewer (issue 4, "done when"): the portal on a fresh demo
// database, Debian's Chromium driven by playwright-core, signed in as client@demo.test through the login form,
// opening the 50-page demo report. The viewer sets performance.mark('report-viewer:first-pdf-page') when the first
// page's canvas is painted; its startTime is the time from navigation start. 10 runs with an empty browser cache
// (a new context each run, same session) and 10 with a warm cache (one context), median and p90 of each.
// Only 127.0.0.1 traffic; everything it starts is stopped at the end, on error too.
//   node bench/pdf-first-page.mjs [--runs <n>] [--no-write] [--web-dist <dir>]
import { appendFileSync, cpSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createHarness, demoAccount, freePort, host, portalCommand, repoRoot, waitFor } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
    // another build of the web app (e.g. an older commit's, for a side-by-side measurement)
    'web-dist': { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error('Usage: node bench/pdf-first-page.mjs [--runs <1..100>] [--no-write]');
  process.exit(2);
}

/** The 50-page demo PDF, seeded by the server's viewer seed module. */
const reportTitle = 'Asia Semiconductor Yearbook: fifty pages on foundry, memory and the AI build-out';
const markName = 'report-viewer:first-pdf-page';
// The flags of e2e/playwright.config.ts.
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const viewport = { width: 1280, height: 800 };
const webDist = args['web-dist'] ? path.resolve(args['web-dist']) : path.join(repoRoot, 'apps/web/dist');

const harness = createHarness('portal-pdf-bench-');
/** @type {import('playwright-core').Browser | undefined} */
let browser;
const stopAll = async () => {
  await browser?.close().catch(() => undefined);
  await harness.close();
};

const quantile = (/** @type {number[]} */ values, /** @type {number} */ q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (at - lo);
};
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;

/**
 * One measured opening: navigation start to the first painted page, and for context when the report's JSON and
 * the PDF bytes had arrived (resource timing, also from navigation start).
 * @param {import('playwright-core').Page} page @param {string} url
 */
const measureOnce = async (page, url) => {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, markName, {
    timeout: 60_000,
  });
  // The server's picture of page one (issue 23), painted before the app's scripts have run: its element timing.
  const picture = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const read = (/** @type {PerformanceEntry[]} */ entries) => {
          const entry = /** @type {any} */ (
            entries.find((e) => /** @type {any} */ (e).identifier === 'report-first-page')
          );
          return entry ? entry.renderTime || entry.loadTime : undefined;
        };
        const observer = new PerformanceObserver((list) => {
          const at = read(list.getEntries());
          if (at !== undefined) {
            observer.disconnect();
            resolve(at);
          }
        });
        observer.observe({ type: 'element', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(Number.NaN);
        }, 2000);
      }),
  );
  const sample = await page.evaluate((name) => {
    const mark = performance.getEntriesByName(name)[0];
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    const find = (/** @type {RegExp} */ re) => resources.find((r) => re.test(new URL(r.name).pathname));
    const end = (/** @type {RegExp} */ re) => find(re)?.responseEnd;
    const start = (/** @type {RegExp} */ re) => find(re)?.startTime ?? Number.NaN;
    const firstApi = resources.find((r) => new URL(r.name).pathname.startsWith('/api/'));
    return {
      firstPage: mark?.startTime ?? Number.NaN,
      reportJson: end(/^\/api\/report\/[SH]-\d+$/) ?? Number.NaN,
      pdfBytes: end(/^\/api\/files\//) ?? Number.NaN,
      // The waterfall: when each request of the viewer's first paint started, and how many files came first.
      sessionStart: start(/^\/api\/users\/me$/),
      reportStart: start(/^\/api\/report\/[SH]-\d+$/),
      workerStart: start(/pdf\.worker[^/]*\.mjs$/),
      fileStart: start(/^\/api\/files\//),
      filesBeforeApi: firstApi
        ? resources.filter(
            (r) => r.startTime < firstApi.startTime && !new URL(r.name).pathname.startsWith('/api/'),
          ).length
        : Number.NaN,
    };
  }, markName);
  return { ...sample, picture: /** @type {number} */ (picture) };
};

/** @typedef {Awaited<ReturnType<typeof measureOnce>>} Sample */
const summarise = (/** @type {Sample[]} */ samples) => {
  const of = (/** @type {keyof Sample} */ key) => samples.map((s) => s[key]);
  return {
    sessionStart: quantile(of('sessionStart'), 0.5),
    reportStart: quantile(of('reportStart'), 0.5),
    workerStart: quantile(of('workerStart'), 0.5),
    fileStart: quantile(of('fileStart'), 0.5),
    filesBeforeApi: quantile(of('filesBeforeApi'), 0.5),
    picture: quantile(of('picture'), 0.5),
    pictureP90: quantile(of('picture'), 0.9),
    median: quantile(of('firstPage'), 0.5),
    p90: quantile(of('firstPage'), 0.9),
    min: Math.min(...of('firstPage')),
    max: Math.max(...of('firstPage')),
    reportJson: quantile(of('reportJson'), 0.5),
    pdfBytes: quantile(of('pdfBytes'), 0.5),
  };
};

const main = async () => {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w @portal/web` first');
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS']) delete env[key];
  // The server serves a copy of the build, so a rebuild while the benchmark runs changes nothing under it.
  const servedDist = path.join(harness.workDir, 'web-dist');
  cpSync(webDist, servedDist, { recursive: true });
  const portal = harness.start('portal', await portalCommand(), {
    ...env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: path.join(harness.workDir, 'data'),
    PUBLIC_URL: base,
    WEB_DIST: servedDist,
    LOG_LEVEL: 'warn',
  });
  await waitFor(`${base}/api/health`, portal, 300_000);

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
  const signInContext = await browser.newContext({ baseURL: base, viewport });
  const signInPage = await signInContext.newPage();
  await signInPage.goto('/login');
  await signInPage.getByLabel('Email', { exact: true }).fill(demoAccount.email);
  await signInPage.getByLabel('Password', { exact: true }).fill(demoAccount.password);
  await signInPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signInPage.getByRole('link', { name: 'Account settings' }).waitFor({ timeout: 30_000 });
  const search = await signInPage.request.get('/api/reports', {
    params: { type: 'all', q: 'Semiconductor Yearbook' },
  });
  /** @type {{ id: number, title: string } | undefined} */
  const report = (await search.json()).data?.find(
    (/** @type {{ title: string }} */ r) => r.title === reportTitle,
  );
  if (!report)
    throw new Error(`the demo report "${reportTitle}" was not found (is the viewer seed in place?)`);
  const detail = await (await signInPage.request.get(`/api/report/S-${report.id}`)).json();
  const fileUrl = detail?.data?.report?.fileUrl;
  const pdf = fileUrl ? await signInPage.request.get(`/api${fileUrl}`) : undefined;
  const pdfSize = pdf?.ok() ? (await pdf.body()).length : 0;
  const pageCount = detail?.data?.report?.pageCount ?? null;
  const storageState = await signInContext.storageState();
  await signInContext.close();
  const url = `/reports/${report.id}_asia-semiconductor-yearbook`;

  // Cold: a new context per run (empty HTTP cache, same session cookie); one warm-up run first, not counted.
  /** @type {Sample[]} */
  const cold = [];
  for (let run = -1; run < runs; run++) {
    const context = await browser.newContext({ baseURL: base, viewport, storageState });
    const page = await context.newPage();
    const sample = await measureOnce(page, url);
    await context.close();
    if (run >= 0) cold.push(sample);
    console.log(
      `cold run ${run < 0 ? 'warm-up' : run + 1}: page one's picture ${ms(sample.picture)}, pdf.js page ${ms(sample.firstPage)} (report JSON at ${ms(sample.reportJson)}, PDF bytes at ${ms(sample.pdfBytes)}; started: session ${ms(sample.sessionStart)}, report ${ms(sample.reportStart)}, worker ${ms(sample.workerStart)}, file ${ms(sample.fileStart)}; ${sample.filesBeforeApi} files before the first API call)`,
    );
  }
  // Warm: one context, the app's scripts and pdf.js in the HTTP cache (the report itself is never cached).
  const context = await browser.newContext({ baseURL: base, viewport, storageState });
  /** @type {Sample[]} */
  const warm = [];
  for (let run = -1; run < runs; run++) {
    const page = await context.newPage();
    const sample = await measureOnce(page, url);
    await page.close();
    if (run >= 0) warm.push(sample);
    console.log(
      `warm run ${run < 0 ? 'warm-up' : run + 1}: page one's picture ${ms(sample.picture)}, pdf.js page ${ms(sample.firstPage)} (report JSON at ${ms(sample.reportJson)}, PDF bytes at ${ms(sample.pdfBytes)}; started: session ${ms(sample.sessionStart)}, report ${ms(sample.reportStart)}, worker ${ms(sample.workerStart)}, file ${ms(sample.fileStart)}; ${sample.filesBeforeApi} files before the first API call)`,
    );
  }
  await context.close();
  return { cold: summarise(cold), warm: summarise(warm), pdfSize, pageCount, reportId: report.id };
};

/** @param {Awaited<ReturnType<typeof main>>} result */
const record = (result) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const row = (/** @type {string} */ label, /** @type {ReturnType<typeof summarise>} */ s) =>
    `| ${label} | ${ms(s.picture)} | ${ms(s.pictureP90)} | ${ms(s.median)} | ${ms(s.p90)} | ${ms(s.min)} | ${ms(s.max)} | ${ms(s.reportJson)} | ${ms(s.pdfBytes)} |`;
  const waterfall = (/** @type {string} */ label, /** @type {ReturnType<typeof summarise>} */ s) =>
    `| ${label} | ${Math.round(s.filesBeforeApi)} | ${ms(s.sessionStart)} | ${ms(s.reportStart)} | ${ms(s.workerStart)} | ${ms(s.fileStart)} | ${ms(s.median)} |`;
  const lines = [
    '',
    `## Report viewer: time to the first rendered PDF page, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`node bench/pdf-first-page.mjs\` (\`npm run bench:pdf -w @portal/bench\`, after \`npm run build -w @portal/web\`).` +
      ` Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}, ${os.platform()} ${os.release()},` +
      ` shared with other work. Debian Chromium (/usr/bin/chromium, headless, the e2e flags), viewport` +
      ` ${viewport.width}x${viewport.height}, portal on PGlite in a fresh temp dir (LOG_LEVEL=warn), client@demo.test` +
      ` signed in through the login form. Report: the 50-page demo PDF (S-${result.reportId},` +
      ` ${result.pageCount ?? '?'} pages, ${Math.round(result.pdfSize / 1024)} KB as served, stamped with the reader's` +
      ` watermark on every page). Measured from navigation start: when page one was first on screen, as the picture the` +
      ` server draws of the reader's stamped page one and sends in the viewer's page (element timing of` +
      ` 'report-first-page'), and performance.mark('${markName}'), set when pdf.js has painted the page's canvas;` +
      ` ${runs} runs each after one warm-up run. Cold: a new browser context per run (empty` +
      ` HTTP cache). Warm: one context (app scripts and pdf.js cached; the report JSON and PDF are never cached).` +
      ` The last two columns are medians of when the report JSON and the PDF bytes had arrived.`,
    '',
    '| cache | page one on screen (median) | p90 | pdf.js page (median) | p90 | min | max | report JSON at | PDF bytes at |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('cold', result.cold),
    row('warm', result.warm),
    '',
    'The waterfall (medians, from navigation start): files fetched before the first API call, and when the session,',
    "the report's JSON, the pdf.js worker and the PDF bytes were requested.",
    '',
    '| cache | files before the first API call | session | report JSON | pdf.js worker | PDF file | first page |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    waterfall('cold', result.cold),
    waterfall('warm', result.warm),
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`pdf-first-page: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => stopAll().finally(() => process.exit(130)));
}
try {
  const result = await main();
  console.log(
    `page one on screen: cold median ${ms(result.cold.picture)}, warm ${ms(result.warm.picture)}; pdf.js page: cold median ${ms(result.cold.median)} p90 ${ms(result.cold.p90)}; warm median ${ms(result.warm.median)} p90 ${ms(result.warm.p90)}`,
  );
  if (!args['no-write']) record(result);
} catch (err) {
  console.error(`pdf-first-page: ${/** @type {Error} */ (err).message}`);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
