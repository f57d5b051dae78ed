#!/usr/bin/env node
// The research list at 100,000 reports (issue 3, "done when"): GET /api/reports?type=all page 1, the same with a
// sector filter, the 50th page reached through the keyset cursor, and GET /api/reports/suggestions over the probe
// terms, signed in as client@demo.test, each side by side with a bare Fastify app serving the portal's own reply
// for that request from memory (the ceiling, bare-routes.mjs). autocannon, 50 connections, on PGlite and on a
// throw-away PostgreSQL server. Only 127.0.0.1 traffic; everything it starts is stopped at the end, on error too.
//   node bench/reports.mjs [--db pglite|postgres|both] [--duration <seconds>] [--processes <n>] [--no-write]
// --processes n (PostgreSQL only) runs the portal as n server processes (WEB_CONCURRENCY, issue 26).
// Data: PGlite in bench/.tmp/pglite-100k, seeded once (`npm run seed:scale -- --reports 100000`) and reused;
// PostgreSQL in a temp dir (initdb as the postgres user, port 55440), seeded on every run and removed afterwards.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  demoAccount as account,
  benchDir,
  createHarness,
  freePort,
  host,
  portalCommand,
  portIsFree,
  repoRoot,
  signIn as signInWithBody,
  stopChild,
  tail,
  waitFor as waitForUrl,
} from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    processes: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
  },
});
const dbChoice = String(args.db);
const durationSeconds = Number(args.duration);
const processes = Number(args.processes);
if (
  !['pglite', 'postgres', 'both'].includes(dbChoice) ||
  !(durationSeconds >= 1 && durationSeconds <= 120) ||
  !(Number.isInteger(processes) && processes >= 1 && processes <= 16) ||
  (processes > 1 && dbChoice !== 'postgres')
) {
  console.error(
    'Usage: node bench/reports.mjs [--db pglite|postgres|both] [--duration <1..120 seconds>] [--processes <1..16, postgres only>]',
  );
  process.exit(2);
}
/** The portal's processes (PostgreSQL: the embedded database serves one). */
const processEnv = (/** @type {string} */ kind) =>
  kind === 'postgres' ? { WEB_CONCURRENCY: String(processes) } : {};
/** @type {('pglite' | 'postgres')[]} */
const databases =
  dbChoice === 'both' ? ['postgres', 'pglite'] : [/** @type {'pglite' | 'postgres'} */ (dbChoice)];

const connections = 50;
const warmupSeconds = 3;
/** Each suggestion term alone, for its median: this many requests one after the other (after 2 of warm-up). */
const termSamples = 30;
const reportCount = 100_000;
const deepPage = 50;
/** Mixed frequency: common title words, rare words, company and analyst name fragments, two typos, issue 11's shapes. */
const probeTerms = [
  { term: 'results', kind: 'common word' },
  { term: 'outlook', kind: 'common word' },
  { term: 'margins', kind: 'common word' },
  { term: 'strategy', kind: 'common word' },
  { term: 'vacancy', kind: 'rare word' },
  { term: 'refinancing', kind: 'rare word' },
  { term: 'oversupply', kind: 'rare word' },
  { term: 'takeaways', kind: 'rare word' },
  { term: 'Halvern', kind: 'company' },
  { term: 'Kestrel', kind: 'company' },
  { term: 'Meranti', kind: 'company' },
  { term: 'Mizuno', kind: 'analyst' },
  { term: 'Okafor', kind: 'analyst' },
  { term: 'Lakshmi', kind: 'analyst' },
  { term: 'outlok', kind: 'typo (outlook)' },
  { term: 'Halvren', kind: 'typo (Halvern)' },
  // issue 11's shapes: a prefix as typed, a slash token, a hashtag, a ticker prefix
  { term: 'semicond', kind: 'prefix' },
  { term: 'EV/EBITDA', kind: 'slash token' },
  { term: '#AssetQuality', kind: 'hashtag' },
  { term: 'HALV', kind: 'ticker prefix' },
];
const pg = {
  bin: '/usr/lib/postgresql/15/bin',
  port: 55440,
  database: 'portal',
  /** @type {string | null} */ root: null,
  running: false,
};

const tmpDir = path.join(benchDir, '.tmp');
const pgliteDir = path.join(tmpDir, 'pglite-100k');
const pgliteMarker = path.join(tmpDir, 'pglite-100k.seeded');
const harness = createHarness('portal-bench-reports-');
const { start, stopChildren, workDir } = harness;

/** @typedef {{ child: import('node:child_process').ChildProcess, log: string }} Proc */
/** Runs a command as the postgres user, bounded in time; throws with its output when it fails. */
const asPostgres = (/** @type {string} */ tool, /** @type {string[]} */ toolArgs) => {
  const res = spawnSync('runuser', ['-u', 'postgres', '--', path.join(pg.bin, tool), ...toolArgs], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (res.status !== 0)
    throw new Error(
      `${tool} failed (${res.error?.message ?? `exit ${res.status}`}): ${res.stderr}${res.stdout}`,
    );
  return res.stdout;
};

const stopPostgres = () => {
  if (pg.root && pg.running) {
    try {
      asPostgres('pg_ctl', ['-D', path.join(pg.root, 'data'), 'stop', '-m', 'fast', '-w', '-t', '60']);
    } catch (error) {
      console.error(`reports: could not stop PostgreSQL: ${/** @type {Error} */ (error).message}`);
    }
    pg.running = false;
  }
  if (pg.root) rmSync(pg.root, { recursive: true, force: true });
  pg.root = null;
};

const cleanUp = async () => {
  await harness.stopChildren();
  stopPostgres();
  await harness.close();
};

/** The portal on a 100k database needs longer than the default to start. */
const waitFor = (/** @type {string} */ url, /** @type {import('./harness.mjs').Proc} */ proc) =>
  waitForUrl(url, proc, 180_000);

/** Waits for a process to end (at most `ms`); throws with its log when it fails. */
const finish = async (/** @type {Proc} */ proc, /** @type {number} */ ms) => {
  const code = await new Promise((resolve) => {
    const timer = setTimeout(() => {
      void stopChild(proc.child);
      resolve('timeout');
    }, ms);
    proc.child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0)
    throw new Error(
      `${path.basename(proc.log)}: ${code === 'timeout' ? 'timed out' : `exit ${code}`}\n${tail(proc.log)}`,
    );
};

/** The environment of the portal and the seed, without what would change their behaviour. */
const baseEnv = () => {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'SMTP_URL', 'CORS_ORIGINS', 'PORT', 'HOST'])
    delete env[key];
  return env;
};

const seedScale = async (/** @type {string} */ name, /** @type {NodeJS.ProcessEnv} */ dbEnv) => {
  console.log(`${name}: seeding ${reportCount.toLocaleString('en-US')} reports (npm run seed:scale)...`);
  const started = performance.now();
  const proc = start(`seed-${name}`, ['npm', 'run', 'seed:scale', '--', '--reports', String(reportCount)], {
    ...baseEnv(),
    ...dbEnv,
  });
  await finish(proc, 20 * 60_000);
  console.log(`${name}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
};

/** PGlite data in bench/.tmp/pglite-100k, seeded once: the marker file is written when the seed succeeded. */
const preparePglite = async () => {
  const env = { DATA_DIR: pgliteDir };
  if (existsSync(pgliteMarker)) {
    console.log(
      `pglite: reusing ${path.relative(repoRoot, pgliteDir)} (${readFileSync(pgliteMarker, 'utf8').trim()})`,
    );
  } else {
    // a dir without the marker is from an interrupted seed: start again
    rmSync(pgliteDir, { recursive: true, force: true });
    mkdirSync(tmpDir, { recursive: true });
    await seedScale('pglite', env);
    writeFileSync(pgliteMarker, `${reportCount} synthetic reports added ${new Date().toISOString()}\n`);
  }
  return env;
};

/** A throw-away PostgreSQL 15 server in a temp dir owned by postgres, seeded on every run. */
const preparePostgres = async () => {
  if (!existsSync(path.join(pg.bin, 'initdb'))) throw new Error(`no PostgreSQL 15 in ${pg.bin}`);
  if (!(await portIsFree(pg.port)))
    throw new Error(`port ${pg.port} is taken: is another PostgreSQL running there?`);
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) throw new Error('there is no postgres user');
  pg.root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  chownSync(pg.root, Number(ids.stdout), Number(gids.stdout));
  const data = path.join(pg.root, 'data');
  console.log(`postgres: initdb in ${data}, port ${pg.port}`);
  asPostgres('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  pg.running = true; // from here on, stopPostgres tries to stop it
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(pg.root, 'server.log'),
    '-o',
    `-p ${pg.port} -k /tmp -c listen_addresses=${host}`,
    'start',
    '-w',
    '-t',
    '60',
  ]);
  asPostgres('createdb', ['-h', host, '-p', String(pg.port), '-U', 'postgres', pg.database]);
  const env = {
    DATABASE_URL: `postgres://postgres@${host}:${pg.port}/${pg.database}`,
    DATA_DIR: path.join(workDir, 'pg-files'),
  };
  await seedScale('postgres', env);
  // Statistics and visibility map as autovacuum would leave them in steady state; without this, autovacuum
  // analyses the 100,000 fresh rows at some point during the first rows and the figures depend on when.
  asPostgres('psql', [
    '-h',
    host,
    '-p',
    String(pg.port),
    '-U',
    'postgres',
    '-d',
    pg.database,
    '-qc',
    'vacuum analyze',
  ]);
  console.log('postgres: vacuum analyze done');
  return env;
};

const signIn = async (/** @type {string} */ base) => (await signInWithBody(base)).cookie;

/** The portal's reply to one signed-in GET (status 200 required), parsed. */
const capture = async (
  /** @type {string} */ base,
  /** @type {string} */ url,
  /** @type {string} */ cookie,
) => {
  const res = await fetch(`${base}${url}`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return /** @type {any} */ (JSON.parse(text));
};

/** @typedef {{ reqPerSec: number, p50: number, p99: number, requests: number, failures: number }} Load */

/**
 * autocannon against `base` for `seconds` after `warmup` seconds, one URL or a round-robin list of paths.
 * @param {string} base @param {string[]} paths @param {Record<string, string>} headers
 * @param {number} seconds @param {number} warmup @returns {Promise<Load>}
 */
const load = async (base, paths, headers, seconds, warmup) => {
  const options = {
    url: `${base}${paths[0]}`,
    headers,
    connections,
    ...(paths.length > 1 ? { requests: paths.map((p) => ({ method: 'GET', path: p })) } : {}),
  };
  // The server may still be answering requests that autocannon sent before it stopped (PGlite runs one query at a
  // time): one more request through the same queue waits for that backlog, so that no run inherits the previous one's.
  const drain = async () => {
    for (const p of paths)
      await fetch(`${base}${p}`, { headers, signal: AbortSignal.timeout(120_000) }).then((res) =>
        res.arrayBuffer(),
      );
  };
  if (warmup > 0) {
    await autocannon({ ...options, duration: warmup });
    await drain();
  }
  const r = await autocannon({ ...options, duration: seconds });
  await drain();
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
};

const medianOf = (/** @type {number[]} */ xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? 0
    : sorted.length % 2
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** One URL, `termSamples` requests one after the other (no other load): each request's own time, in ms. */
const sequential = async (
  /** @type {string} */ base,
  /** @type {string} */ url,
  /** @type {Record<string, string>} */ headers,
) => {
  const get = async () => {
    const res = await fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.status === 200;
  };
  await get();
  await get();
  /** @type {number[]} */
  const samples = [];
  let failures = 0;
  const deadline = Date.now() + 60_000;
  while (samples.length < termSamples && Date.now() < deadline) {
    const t0 = performance.now();
    if (!(await get())) failures++;
    samples.push(performance.now() - t0);
  }
  return { samples, median: medianOf(samples), max: Math.max(...samples), failures };
};

const fmtLoad = (/** @type {Load} */ l) =>
  `${String(l.reqPerSec).padStart(6)} req/s  p50 ${String(l.p50).padStart(3)} ms  p99 ${String(l.p99).padStart(3)} ms` +
  `  (${l.requests} requests${l.failures > 0 ? `, ${l.failures} FAILED` : ''})`;

/** @param {'pglite' | 'postgres'} kind */
const runDatabase = async (kind) => {
  const dbEnv = kind === 'pglite' ? await preparePglite() : await preparePostgres();
  const portalPort = await freePort();
  const barePort = await freePort();
  const base = `http://${host}:${portalPort}`;
  const bareBase = `http://${host}:${barePort}`;
  const portal = start(`portal-${kind}`, await portalCommand(), {
    ...baseEnv(),
    ...dbEnv,
    ...processEnv(kind),
    PORT: String(portalPort),
    HOST: host,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  });
  await waitFor(`${base}/api/health`, portal);
  const cookie = await signIn(base);

  // Capture the replies: page 1, the walk to page 50 by the keyset cursor, the biggest sector, the suggestions.
  const page1Url = '/api/reports?type=all';
  const page1 = await capture(base, page1Url, cookie);
  if (!Array.isArray(page1.data) || page1.data.length === 0) throw new Error(`${page1Url} listed no reports`);
  const sectorIds = new Set(page1.data.map((/** @type {any} */ r) => r.sectorId));
  let page = page1;
  // page 1 holds the 1st cursor; pages 2..49 are fetched by the next 48, and the 49th (page 49's) opens page 50
  for (let i = 2; i < deepPage; i++) {
    if (!page.pagination.next) throw new Error(`page ${i - 1} has no next cursor`);
    page = await capture(base, `/api/reports?type=all&cursor=${page.pagination.next}`, cookie);
    for (const r of page.data) sectorIds.add(r.sectorId);
  }
  if (!page.pagination.next) throw new Error(`page ${deepPage - 1} has no next cursor`);
  const deepUrl = `/api/reports?type=all&cursor=${page.pagination.next}`;
  const deep = await capture(base, deepUrl, cookie);
  if (deep.pagination.current !== deepPage || deep.data.length === 0)
    throw new Error(`the deep page says current=${deep.pagination.current} with ${deep.data.length} cards`);
  sectorIds.delete(null);
  /** @type {{ id: number, reports: number, name: string }[]} */
  const sectors = [];
  for (const id of sectorIds) {
    const one = await capture(base, `/api/reports?type=all&sector=${id}&pageSize=1`, cookie);
    const ref = one.data[0]?.sectors?.find((/** @type {any} */ s) => s.id === id);
    sectors.push({ id, reports: one.pagination.total, name: ref?.sName ?? String(id) });
  }
  sectors.sort((a, b) => b.reports - a.reports);
  const sector = sectors[0];
  if (!sector) throw new Error('no sector found on the first pages');
  const sectorUrl = `/api/reports?type=all&sector=${sector.id}`;
  const sectorReply = await capture(base, sectorUrl, cookie);
  // My Research: the reader's subscribed sectors (issue 26's uncached target)
  const myResearchUrl = '/api/reports?type=all&mine=1';
  const myResearchReply = await capture(base, myResearchUrl, cookie);
  const termUrls = probeTerms.map((p) => `/api/reports/suggestions?q=${encodeURIComponent(p.term)}`);
  /** @type {any[]} */
  const termReplies = [];
  for (const url of termUrls) termReplies.push(await capture(base, url, cookie));

  const bodiesFile = path.join(workDir, `bodies-${kind}.json`);
  const bodies = Object.fromEntries(
    [
      [page1Url, page1],
      [sectorUrl, sectorReply],
      [myResearchUrl, myResearchReply],
      [deepUrl, deep],
    ].concat(termUrls.map((u, i) => [u, termReplies[i]])),
  );
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = start(`bare-${kind}`, [process.execPath, path.join(benchDir, 'bare-routes.mjs')], {
    ...baseEnv(),
    PORT: String(barePort),
    BODIES_FILE: bodiesFile,
  });
  await waitFor(`${bareBase}${page1Url}`, bare);

  const info = {
    total: page1.pagination.total,
    pageSize: page1.data.length,
    deepCurrent: deep.pagination.current,
    deepFirstDate: deep.data[0]?.published_date,
    sector,
    sectorEntitled: sectorReply.data.filter((/** @type {any} */ r) => r.entitled).length,
    sectorCards: sectorReply.data.length,
    bytes: {
      page1: JSON.stringify(page1).length,
      sector: JSON.stringify(sectorReply).length,
      deep: JSON.stringify(deep).length,
    },
  };
  console.log(
    `\n${kind}: ${info.total} pages of ${info.pageSize}; sector ${sector.id} (${sector.name}, ${sector.reports} reports,` +
      ` ${info.sectorEntitled}/${sectorReply.data.length} cards entitled); deep page reply says current=${info.deepCurrent},` +
      ` first card ${info.deepFirstDate}`,
  );
  console.log(`${connections} connections, ${durationSeconds} s per row after ${warmupSeconds} s of warm-up`);

  const headers = { cookie };
  /** @type {{ label: string, portal: Load, ceiling: Load }[]} */
  const rows = [];
  const measure = async (/** @type {string} */ label, /** @type {string[]} */ paths) => {
    const portalLoad = await load(base, paths, headers, durationSeconds, warmupSeconds);
    console.log(`${`${label}`.padEnd(40)} ${fmtLoad(portalLoad)}`);
    const ceiling = await load(bareBase, paths, headers, durationSeconds, warmupSeconds);
    console.log(`${`  ceiling (bare Fastify)`.padEnd(40)} ${fmtLoad(ceiling)}`);
    rows.push({ label, portal: portalLoad, ceiling });
  };
  await measure('page 1 (type=all)', [page1Url]);
  await measure(`sector filter (sector=${sector.id})`, [sectorUrl]);
  await measure(`deep page (${deepPage}th, keyset cursor)`, [deepUrl]);
  await measure(`suggestions, ${probeTerms.length} terms round-robin`, termUrls);

  // The same portal with its in-memory caches off (CACHE_TTL_MS=0): what every request costs the database, and
  // each probe term's own query plan (with the cache on, all but the first request of a term are memory reads).
  await stopChild(portal.child);
  const uncachedPort = await freePort();
  const uncachedBase = `http://${host}:${uncachedPort}`;
  const uncachedPortal = start(`portal-${kind}-uncached`, await portalCommand(), {
    ...baseEnv(),
    ...dbEnv,
    ...processEnv(kind),
    PORT: String(uncachedPort),
    HOST: host,
    PUBLIC_URL: uncachedBase,
    LOG_LEVEL: 'warn',
    CACHE_TTL_MS: '0',
  });
  await waitFor(`${uncachedBase}/api/health`, uncachedPortal);
  const uncachedHeaders = { cookie: await signIn(uncachedBase) };
  // PostgreSQL: the list's own floor beside each uncached list row (list-floor-server.mjs: the compiled research
  // service for the same client, behind a bare Fastify route, without the session statement, hooks or reply schema).
  let floorBase = '';
  if (kind === 'postgres') {
    const floorPort = await freePort();
    floorBase = `http://${host}:${floorPort}`;
    const floorServer = start(
      'list-floor',
      [process.execPath, path.join(benchDir, 'list-floor-server.mjs')],
      {
        ...baseEnv(),
        ...dbEnv,
        PORT: String(floorPort),
      },
    );
    await waitFor(`${floorBase}${page1Url}`, floorServer);
  }
  /** @type {{ label: string, portal: Load, ceiling: Load, floor?: Load }[]} */
  const uncachedRows = [];
  for (const [label, paths] of /** @type {[string, string[]][]} */ ([
    ['page 1 (type=all), cache off', [page1Url]],
    [`sector filter (sector=${sector.id}), cache off`, [sectorUrl]],
    [`My Research (mine=1), cache off`, [myResearchUrl]],
    [`suggestions, ${probeTerms.length} terms round-robin, cache off`, termUrls],
  ])) {
    const portalLoad = await load(uncachedBase, paths, uncachedHeaders, durationSeconds, warmupSeconds);
    console.log(`${label.padEnd(40)} ${fmtLoad(portalLoad)}`);
    // the cached row's ceiling (the same URL), else measured now
    const ceiling =
      rows.find((r) => label.startsWith(r.label.split(' (')[0] ?? r.label))?.ceiling ??
      (await load(bareBase, paths, headers, durationSeconds, warmupSeconds));
    const floor =
      floorBase && !label.startsWith('suggestions')
        ? await load(floorBase, paths, {}, durationSeconds, warmupSeconds)
        : undefined;
    if (floor) console.log(`${'  list floor (service alone)'.padEnd(40)} ${fmtLoad(floor)}`);
    uncachedRows.push({ label, portal: portalLoad, ceiling, ...(floor ? { floor } : {}) });
  }

  console.log(
    `suggestions one term at a time, cache off: ${termSamples} requests in a row each, after 2 of warm-up`,
  );
  const terms = [];
  for (const [i, probe] of probeTerms.entries()) {
    const seq = await sequential(uncachedBase, /** @type {string} */ (termUrls[i]), uncachedHeaders);
    const reply = termReplies[i];
    const hits = ['analysts', 'companies', 'countries', 'sectors', 'reports']
      .map((g) => `${g[0]}${Array.isArray(reply[g]) ? reply[g].length : '?'}`)
      .join(' ');
    console.log(
      `  ${probe.term.padEnd(12)} ${probe.kind.padEnd(15)} ${hits}  median ${seq.median.toFixed(1)} ms` +
        `  max ${seq.max.toFixed(1)} ms (${seq.samples.length} requests${seq.failures > 0 ? `, ${seq.failures} FAILED` : ''})`,
    );
    terms.push({ ...probe, hits, ...seq });
  }
  await stopChildren();
  if (kind === 'postgres') stopPostgres();
  return { kind, info, rows, uncachedRows, terms };
};

/** @typedef {Awaited<ReturnType<typeof runDatabase>>} DbResult */

/** An uncached row's list floor (PostgreSQL), if it has one. */
const floorOf = (/** @type {{ label: string, floor?: Load }} */ row) => row.floor;

/** The figures and the issue's targets for one database. */
const evaluate = (/** @type {DbResult} */ res) => {
  const [page1, sector, deep, suggest] = res.rows;
  if (!page1 || !sector || !deep || !suggest) throw new Error('missing rows');
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b > 0 ? a / b : 0);
  // the median of every request of every term alone: what each term's median is compared with
  const overallMedian = medianOf(res.terms.flatMap((t) => t.samples));
  const worst = res.terms.reduce((w, t) => (t.median > w.median ? t : w));
  const slow = res.terms.filter((t) => t.median > 2 * overallMedian);
  const failures =
    [...res.rows, ...res.uncachedRows]
      .flatMap((r) => {
        const floor = floorOf(r);
        return floor ? [r.portal, r.ceiling, floor] : [r.portal, r.ceiling];
      })
      .reduce((n, l) => n + l.failures, 0) + res.terms.reduce((n, t) => n + t.failures, 0);
  const figures = {
    page1Ratio: ratio(page1.portal.reqPerSec, page1.ceiling.reqPerSec),
    deepShare: ratio(deep.portal.reqPerSec, page1.portal.reqPerSec),
    suggestP99: suggest.portal.p99,
    overallMedian,
    worst,
    worstRatio: ratio(worst.median, overallMedian),
    slow,
    failures,
  };
  const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(0)}%`;
  const targets =
    res.kind === 'postgres'
      ? [
          {
            target: 'page 1 >= 30% of the ceiling',
            measured: `${pct(figures.page1Ratio)} (${page1.portal.reqPerSec} of ${page1.ceiling.reqPerSec} req/s)`,
            met: figures.page1Ratio >= 0.3,
          },
          {
            target: `deep page (${deepPage}th) >= 80% of page 1`,
            measured: `${pct(figures.deepShare)} (${deep.portal.reqPerSec} of ${page1.portal.reqPerSec} req/s)`,
            met: figures.deepShare >= 0.8,
          },
          {
            target: 'suggestions p99 < 50 ms',
            measured: `${figures.suggestP99} ms`,
            met: figures.suggestP99 < 50,
          },
          // issue 26: the uncached path on its own
          ...res.uncachedRows
            .filter((r) => !r.label.startsWith('suggestions'))
            .map((r) => {
              const page1Row = r.label.startsWith('page 1');
              const floor = page1Row ? 2000 : 1500;
              return {
                target: `${r.label} >= ${floor.toLocaleString('en-US')} req/s${page1Row ? ', p99 < 50 ms' : ''}`,
                measured: `${r.portal.reqPerSec} req/s, p99 ${r.portal.p99} ms`,
                met: r.portal.reqPerSec >= floor && (!page1Row || r.portal.p99 < 50),
              };
            }),
          {
            target: 'no probe term slower than twice the median',
            measured:
              `worst ${worst.term}: median ${worst.median.toFixed(1)} ms = ${figures.worstRatio.toFixed(2)}x the ` +
              `overall median ${overallMedian.toFixed(1)} ms (terms alone)` +
              (slow.length > 0 ? `; over 2x: ${slow.map((t) => t.term).join(', ')}` : ''),
            met: slow.length === 0,
          },
        ]
      : [
          {
            target: 'page 1 >= 1,200 req/s',
            measured: `${page1.portal.reqPerSec} req/s`,
            met: page1.portal.reqPerSec >= 1200,
          },
        ];
  return { figures, targets };
};

const dbName = (/** @type {string} */ kind) =>
  kind === 'postgres'
    ? `PostgreSQL 15 (throw-away server on the same machine), ${processes} server process${processes > 1 ? 'es' : ''}`
    : 'PGlite (embedded)';

/** Markdown lines for one database. */
const sectionOf = (/** @type {DbResult} */ res) => {
  const { figures, targets } = evaluate(res);
  const pct = (/** @type {number} */ x) => `${(x * 100).toFixed(0)}%`;
  const { sector } = res.info;
  return [
    `### ${dbName(res.kind)}`,
    '',
    `Sector filter: sector ${sector.id} (${sector.name}, ${sector.reports} reports, the biggest; ${res.info.sectorEntitled}` +
      ` of ${res.info.sectorCards} cards entitled for the client). Deep page: \`?type=all&cursor=...\` after walking \`pagination.next\`` +
      ` ${deepPage - 1} times. Reply sizes: page 1 ${res.info.bytes.page1} B, sector ${res.info.bytes.sector} B, deep` +
      ` ${res.info.bytes.deep} B.${figures.failures > 0 ? ` **${figures.failures} requests failed.**` : ''}`,
    '',
    '| target | req/s | p50 | p99 | ceiling req/s | ratio to ceiling | list floor req/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[...res.rows, ...res.uncachedRows].map(
      (r) =>
        `| ${r.label} | ${r.portal.reqPerSec} | ${r.portal.p50} ms | ${r.portal.p99} ms | ${r.ceiling.reqPerSec} |` +
        ` ${pct(r.portal.reqPerSec / r.ceiling.reqPerSec)} | ${floorOf(r)?.reqPerSec ?? ''} |`,
    ),
    '',
    'The rows marked "cache off" come from the same portal restarted with `CACHE_TTL_MS=0` (every request goes' +
      ' to the database); the others run with the default (10 s, see the README), as in production.' +
      (res.kind === 'postgres'
        ? ' "List floor": the same list call of the compiled research service for the same client behind a bare' +
          ' Fastify route (`bench/list-floor-server.mjs`, one process whatever `--processes` says): no session' +
          ' statement, hooks or reply schema, what the list alone allows on this machine at this moment.'
        : ''),
    '',
    `Deep page: ${pct(figures.deepShare)} of page 1. Suggestions under load (${probeTerms.length} terms round-robin,` +
      ` ${connections} connections): p99 ${figures.suggestP99} ms. Each term alone: overall median` +
      ` ${figures.overallMedian.toFixed(1)} ms, worst term \`${figures.worst.term}\` at ${figures.worstRatio.toFixed(2)}x` +
      ' that median.',
    '',
    `Each term alone, cache off: ${termSamples} requests one after the other (after 2 of warm-up), no other load; hits as` +
      ' a/c/c/s/r = analysts/companies/countries/sectors/reports in the reply (at most 5 each); "slow" = median over' +
      ' twice the overall median (of all these requests):',
    '',
    '| term | kind | hits | median | max | slow |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...res.terms.map(
      (t) =>
        `| \`${t.term}\` | ${t.kind} | ${t.hits} | ${t.median.toFixed(1)} ms | ${t.max.toFixed(1)} ms |` +
        ` ${t.median > 2 * figures.overallMedian ? 'slow' : ''} |`,
    ),
    '',
    'Targets of issue 3:',
    '',
    '| target | measured | |',
    '| --- | --- | --- |',
    ...targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`),
    '',
  ];
};

// DATABASE_PIPELINES reaches the portal and the list floor from this process's environment (db/pipelined-pool.ts)
const commandLine = () =>
  `${process.env.DATABASE_PIPELINES ? `DATABASE_PIPELINES=${process.env.DATABASE_PIPELINES} ` : ''}npm run bench:reports -w @portal/bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

const record = (/** @type {DbResult[]} */ results) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '',
    `## GET /api/reports at 100,000 reports, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${commandLine()}\` (\`node bench/reports.mjs\`). Machine: ${os.availableParallelism()} cores (${cpu}),` +
      ` Node ${process.version}, ${os.platform()} ${os.release()}. autocannon, ${connections} connections,` +
      ` ${durationSeconds} s per row after ${warmupSeconds} s of warm-up, load generator on the same machine; signed in as` +
      ` ${account.email}; ${reportCount.toLocaleString('en-US')} synthetic reports (\`npm run seed:scale\`) plus the demo` +
      ' content (PostgreSQL: `vacuum analyze` after the seed; PGlite: as seeded); LOG_LEVEL=warn. Ceiling: a bare Fastify app (`bench/bare-routes.mjs`) answering each URL with the' +
      " portal's own reply to it from memory.",
    '',
    ...results.flatMap(sectionOf),
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`reports: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

const printSummary = (/** @type {DbResult} */ res) => {
  const { figures, targets } = evaluate(res);
  console.log(`\n== ${dbName(res.kind)}`);
  console.log('target                                    req/s    p50    p99  ceiling  ratio');
  for (const r of [...res.rows, ...res.uncachedRows])
    console.log(
      `${r.label.padEnd(40)} ${String(r.portal.reqPerSec).padStart(6)} ${String(r.portal.p50).padStart(4)}ms` +
        ` ${String(r.portal.p99).padStart(4)}ms ${String(r.ceiling.reqPerSec).padStart(8)} ` +
        `${((r.portal.reqPerSec / r.ceiling.reqPerSec) * 100).toFixed(0).padStart(5)}%` +
        (floorOf(r) ? `  list floor ${floorOf(r)?.reqPerSec}` : ''),
    );
  console.log(
    `deep page ${(figures.deepShare * 100).toFixed(0)}% of page 1; suggestions p99 ${figures.suggestP99} ms,` +
      ` worst term alone ${figures.worst.term} ${figures.worstRatio.toFixed(2)}x the median (${figures.overallMedian.toFixed(1)} ms)` +
      (figures.slow.length > 0 ? `; over 2x: ${figures.slow.map((t) => t.term).join(', ')}` : ''),
  );
  for (const t of targets) console.log(`  [${t.met ? 'met' : 'NOT MET'}] ${t.target}: ${t.measured}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => cleanUp().finally(() => process.exit(130)));
}
try {
  /** @type {DbResult[]} */
  const results = [];
  for (const kind of databases) results.push(await runDatabase(kind));
  for (const res of results) printSummary(res);
  if (!args['no-write']) record(results);
} catch (err) {
  console.error(`reports: ${/** @type {Error} */ (err).stack ?? err}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
