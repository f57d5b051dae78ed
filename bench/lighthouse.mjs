#!/usr/bin/env node
// Lighthouse (npm `lighthouse`, Debian Chromium) on the landing page and on About Us against the built app served
// by the real server (started here on 127.0.0.1 on a fresh embedded database, stopped at the end). Issue 5's
// targets: performance >= 90 and accessibility >= 95 on both pages. Each page is measured several times (the
// machine is shared, so single runs are noisy) and the median performance run is reported; the full reports of
// every run are kept in bench/.tmp/lighthouse/ (JSON and HTML) for their audits.
//   node bench/lighthouse.mjs [--runs 3] [--preset mobile|desktop|both] [--base http://127.0.0.1:PORT] [--only /about] [--no-write]
// --base measures a server that is already running instead of starting one (e.g. to try a configuration);
// --only / or --only /about measures one of the two pages.
// The default preset is Lighthouse's own default: a mobile device with simulated slow 4G and a 4x slower CPU.
// Chromium comes from CHROME_PATH (default /usr/bin/chromium); nothing is downloaded.
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { benchDir, createHarness, freePort, host, portalCommand, repoRoot, waitFor } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const arg = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? /** @type {string} */ (process.argv[at + 1]) : fallback;
};
const runs = Math.max(1, Number(arg('--runs', '3')) || 3);
const presetArg = arg('--preset', 'mobile');
const givenBase = arg('--base', '');
const only = arg('--only', '');
/** @type {Array<'mobile' | 'desktop'>} */
const presets =
  presetArg === 'both' ? ['mobile', 'desktop'] : presetArg === 'desktop' ? ['desktop'] : ['mobile'];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const pages = [
  { label: 'Landing', path: '/' },
  { label: 'About Us', path: '/about' },
].filter((page) => !only || page.path === only);
const targets = { performance: 90, accessibility: 95 };
const reportDir = path.join(benchDir, '.tmp', 'lighthouse');
const webDist = path.join(repoRoot, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
// The started server's log, kept next to the reports (the work folder goes at the end).
const serverLog = path.join(reportDir, 'portal.log');
/** @type {string | undefined} */
let portalLog;

let lighthouseVersion = '?';
const harness = createHarness('portal-lighthouse-');
const { start, workDir } = harness;

/** @typedef {{ fcp: number, lcp: number, tbt: number, cls: number, si: number }} Metrics */
/** @typedef {{ performance: number, accessibility: number, metrics: Metrics, failing: string[], file: string }} Run */

const score = (/** @type {any} */ lhr, /** @type {string} */ id) =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (/** @type {any} */ lhr, /** @type {string} */ id) =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/** Audits of a category that did not pass, with their weight, for the report. */
const failingAudits = (/** @type {any} */ lhr, /** @type {string} */ category) =>
  (lhr.categories[category]?.auditRefs ?? [])
    .filter((/** @type {any} */ ref) => {
      const audit = lhr.audits[ref.id];
      return audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative';
    })
    .map((/** @type {any} */ ref) => {
      const audit = lhr.audits[ref.id];
      return `${category}: ${ref.id} (score ${Math.round(audit.score * 100)}, weight ${ref.weight}${audit.displayValue ? `, ${audit.displayValue}` : ''})`;
    });

const measure = async (
  /** @type {string} */ url,
  /** @type {'mobile' | 'desktop'} */ preset,
  /** @type {string} */ name,
) => {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: ['json', 'html'],
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, report } = result;
    lighthouseVersion = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const [json, html] = /** @type {string[]} */ (report);
    const file = path.join(reportDir, name);
    writeFileSync(`${file}.json`, json ?? '');
    writeFileSync(`${file}.html`, html ?? '');
    /** @type {Run} */
    const run = {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      metrics: {
        fcp: metric(lhr, 'first-contentful-paint'),
        lcp: metric(lhr, 'largest-contentful-paint'),
        tbt: metric(lhr, 'total-blocking-time'),
        cls: metric(lhr, 'cumulative-layout-shift'),
        si: metric(lhr, 'speed-index'),
      },
      failing: [...failingAudits(lhr, 'performance'), ...failingAudits(lhr, 'accessibility')],
      file: path.relative(repoRoot, file),
    };
    return run;
  } finally {
    await chrome.kill();
  }
};

const startPortal = async () => {
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS']) delete env[key];
  // A copy of the build is served: a `npm run build` (or `npm test`) in the checkout meanwhile empties and
  // rewrites apps/web/dist, which would change the measured page mid-run or take its files away (issue 10: two
  // runs stopped on a 500 for the page while index.html was missing).
  const servedDist = path.join(workDir, 'web');
  cpSync(webDist, servedDist, { recursive: true });
  if (!existsSync(path.join(servedDist, 'index.html')))
    throw new Error(
      'apps/web/dist has no index.html (a build in progress?): run the benchmark again after it',
    );
  const portal = start('portal', await portalCommand(), {
    ...env,
    PORT: String(port),
    HOST: host,
    WEB_DIST: servedDist,
    DATA_DIR: path.join(workDir, 'data'),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  });
  portalLog = portal.log;
  await waitFor(`${base}/api/health`, portal);
  return base;
};

/** Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP) on a busy machine: try such a run again. */
const measureWithRetry = async (
  /** @type {string} */ url,
  /** @type {'mobile' | 'desktop'} */ preset,
  /** @type {string} */ name,
) => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, preset, name);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(/** @type {Error} */ (err).message))
        throw err;
      console.log(`  (${/** @type {Error} */ (err).message.split(' ')[1]}: trying the run again)`);
    }
  }
};

const median = (/** @type {Run[]} */ list) =>
  /** @type {Run} */ ([...list].sort((a, b) => a.performance - b.performance)[Math.floor(list.length / 2)]);

const main = async () => {
  if (!existsSync(webIndex))
    throw new Error('apps/web/dist is missing: run `npm run build -w @portal/web` first');
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (set CHROME_PATH)`);
  mkdirSync(reportDir, { recursive: true });
  const base = givenBase ? givenBase.replace(/\/+$/, '') : await startPortal();
  // One unmeasured visit per page, so the server's first-request work (seeding, caches) is not measured.
  for (const page of pages) await fetch(`${base}${page.path}`).then((r) => r.text());

  const rows = [];
  for (const preset of presets) {
    for (const page of pages) {
      /** @type {Run[]} */
      const done = [];
      for (let i = 1; i <= runs; i++) {
        const slug = page.path === '/' ? 'landing' : page.path.slice(1).replaceAll('/', '-');
        const run = await measureWithRetry(
          `${base}${page.path}`,
          preset,
          `${slug}-${preset}-${givenBase ? 'given-' : ''}${i}`,
        );
        console.log(
          `${preset.padEnd(7)} ${page.label.padEnd(9)} run ${i}: performance ${run.performance}, accessibility ${run.accessibility}` +
            `  (FCP ${Math.round(run.metrics.fcp)} ms, LCP ${Math.round(run.metrics.lcp)} ms, TBT ${Math.round(run.metrics.tbt)} ms, CLS ${run.metrics.cls.toFixed(3)})`,
        );
        done.push(run);
      }
      const mid = median(done);
      rows.push({
        preset,
        page,
        median: mid,
        perfScores: done.map((r) => r.performance),
        a11yScores: done.map((r) => r.accessibility),
      });
    }
  }
  return rows;
};

const ok = (/** @type {number} */ value, /** @type {number} */ target) =>
  value >= target ? 'met' : '**missed**';

/** @param {Awaited<ReturnType<typeof main>>} rows */
const record = (rows) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '',
    `## Lighthouse, landing and About Us, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`npm run build -w @portal/web && node bench/lighthouse.mjs --runs ${runs} --preset ${presetArg}${only ? ` --only ${only}` : ''}${givenBase ? ` --base ${givenBase}` : ''}\` (\`npm run lighthouse -w @portal/bench\`).` +
      ` Lighthouse ${lighthouseVersion}, Debian Chromium (\`${chromePath}\`, flags \`${chromeFlags.join(' ')}\`), categories performance and accessibility,` +
      ' default throttling (simulated). ' +
      (givenBase
        ? `Measured against a server started separately (\`--base ${givenBase}\`).`
        : 'Portal built (`apps/web/dist`) and served by the real server from source on a fresh embedded database, LOG_LEVEL=warn, on 127.0.0.1.') +
      ` Machine: ${os.availableParallelism()} cores (${cpu}), shared with other work while measuring. ${runs} runs per page;` +
      ' the row shows the run with the median performance score. Targets (issue 5): performance >= 90, accessibility >= 95.',
    '',
    '| preset | page | performance (runs) | accessibility (runs) | FCP | LCP | TBT | CLS | targets |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.preset} | ${r.page.label} (\`${r.page.path}\`) | ${r.median.performance} (${r.perfScores.join(', ')}) | ${r.median.accessibility} (${r.a11yScores.join(', ')}) |` +
        ` ${Math.round(r.median.metrics.fcp)} ms | ${Math.round(r.median.metrics.lcp)} ms | ${Math.round(r.median.metrics.tbt)} ms | ${r.median.metrics.cls.toFixed(3)} |` +
        ` performance ${ok(r.median.performance, targets.performance)}, accessibility ${ok(r.median.accessibility, targets.accessibility)} |`,
    ),
    '',
  ];
  const misses = rows.filter((r) => r.median.failing.length > 0);
  if (misses.length > 0) {
    lines.push('Audits below 90 in the median runs:', '');
    for (const r of misses) lines.push(`- ${r.preset} ${r.page.label}: ${r.median.failing.join('; ')}`);
    lines.push('');
  }
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`lighthouse: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => harness.close().finally(() => process.exit(130)));
}
try {
  const rows = await main();
  for (const r of rows) {
    console.log(
      `${r.preset} ${r.page.label}: performance ${r.median.performance}, accessibility ${r.median.accessibility}` +
        (r.median.failing.length ? `\n  below 90: ${r.median.failing.join('\n             ')}` : ''),
    );
  }
  if (!process.argv.includes('--no-write')) record(rows);
  const missed = rows.filter(
    (r) => r.median.performance < targets.performance || r.median.accessibility < targets.accessibility,
  );
  if (missed.length > 0) {
    console.error(
      `lighthouse: targets missed on ${missed.map((r) => `${r.preset} ${r.page.label}`).join(', ')}`,
    );
    exitCode = 1;
  }
} catch (err) {
  console.error(`lighthouse: ${/** @type {Error} */ (err).message}`);
  exitCode = 1;
} finally {
  await harness.stopChildren();
  if (portalLog && existsSync(portalLog)) {
    copyFileSync(portalLog, serverLog);
    if (exitCode !== 0)
      console.error(`lighthouse: the server's log is in ${path.relative(process.cwd(), serverLog)}`);
  }
  await harness.close();
}
process.exit(exitCode);
