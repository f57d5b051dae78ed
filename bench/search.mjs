#!/usr/bin/env node
// Full-text search under load with /api/health measured alongside (issue 10, fault 8): GET /api/reports?type=all&q=
// over `semiconductor demand` and the research probe terms (reports.mjs) round-robin, signed in as
// client@demo.test, autocannon at 50 connections; at the same time a second autocannon asks /api/health on 2
// connections. Once with the default cache (as in production) and once with CACHE_TTL_MS=0 (every search reaches
// the database and passes the bound on concurrent searches). Only 127.0.0.1 traffic; what it starts it stops.
//   node bench/search.mjs [--db pglite|postgres] [--database-url postgres://...] [--duration <s>] [--no-write]
// pglite: a fresh embedded database in a temp dir, seeded with the demo content (300 reports) by the server.
// postgres: --database-url (or BENCH_DATABASE_URL) names a database seeded with
// `npm run seed:scale -- --reports 100000` (the server migrates it at start).
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  autocannonFigures,
  createHarness,
  demoAccount,
  freePort,
  host,
  portalCommand,
  signIn,
  waitFor,
} from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';
import { searchTerms as terms } from './search-terms.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const kind = String(args.db);
const databaseUrl = String(args['database-url']);
const durationSeconds = Number(args.duration);
if (
  !['pglite', 'postgres'].includes(kind) ||
  (kind === 'postgres' && !databaseUrl.startsWith('postgres')) ||
  !(durationSeconds >= 1 && durationSeconds <= 120)
) {
  console.error(
    'Usage: node bench/search.mjs [--db pglite | --db postgres --database-url postgres://...] [--duration <1..120>]',
  );
  process.exit(2);
}

const connections = 50;
const healthConnections = 2;
const warmupSeconds = 3;
const searchPaths = terms.map((t) => `/api/reports?type=all&q=${encodeURIComponent(t)}`);
const targets =
  kind === 'pglite' ? { searchReqPerSec: 500, healthP99: 50 } : { searchP99: 100, healthP99: 50 };

const harness = createHarness('portal-bench-search-');

const baseEnv = () => {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'SMTP_URL', 'CORS_ORIGINS', 'PORT', 'HOST'])
    delete env[key];
  return env;
};

/** @typedef {{ reqPerSec: number, okPerSec: number, p50: number, p99: number, requests: number, refused: number, errors: number }} Load */
/** Search load and health at the same time; warm-up first (search only). */
const measure = async (/** @type {string} */ base, /** @type {string} */ cookie) => {
  const search = {
    url: `${base}${searchPaths[0]}`,
    headers: { cookie },
    connections,
    requests: searchPaths.map((p) => ({ method: 'GET', path: p })),
  };
  await autocannon({ ...search, duration: warmupSeconds });
  const [s, h] = await Promise.all([
    autocannon({ ...search, duration: durationSeconds }),
    autocannon({ url: `${base}/api/health`, connections: healthConnections, duration: durationSeconds }),
  ]);
  return { search: autocannonFigures(s, durationSeconds), health: autocannonFigures(h, durationSeconds) };
};

const fmt = (/** @type {Load} */ l) =>
  `${String(l.reqPerSec).padStart(6)} req/s (2xx ${l.okPerSec}/s)  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms` +
  `  (${l.requests} requests${l.refused > 0 ? `, ${l.refused} refused 429/503` : ''}${l.errors > 0 ? `, ${l.errors} FAILED` : ''})`;

const run = async () => {
  /** @type {NodeJS.ProcessEnv} */
  const dbEnv =
    kind === 'pglite'
      ? { DATA_DIR: path.join(harness.workDir, 'data') }
      : { DATABASE_URL: databaseUrl, DATA_DIR: path.join(harness.workDir, 'pg-files') };
  /** @type {{ label: string, search: Load, health: Load }[]} */
  const rows = [];
  let info = '';
  for (const [label, cacheTtl] of /** @type {[string, string | null][]} */ ([
    ['cache on (default 10 s)', null],
    ['cache off (CACHE_TTL_MS=0)', '0'],
  ])) {
    const port = await freePort();
    const base = `http://${host}:${port}`;
    const portal = harness.start(`portal-${cacheTtl ?? 'default'}`, await portalCommand(), {
      ...baseEnv(),
      ...dbEnv,
      PORT: String(port),
      HOST: host,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ...(cacheTtl === null ? {} : { CACHE_TTL_MS: cacheTtl }),
    });
    // the first start seeds the demo (PGlite) or migrates (PostgreSQL: 0005 backfills passages at 100,000)
    await waitFor(`${base}/api/health`, portal, 600_000);
    const { cookie } = await signIn(base);
    if (!info) {
      const res = await fetch(`${base}${searchPaths[0]}`, { headers: { cookie } });
      const body = await res.json();
      const all = await (
        await fetch(`${base}/api/reports?type=all&pageSize=1`, { headers: { cookie } })
      ).json();
      const withBody = body.data.filter(
        (/** @type {any} */ c) => c.entitled && c.snippet?.includes('<mark>'),
      );
      info =
        `${all.pagination.total} reports; \`semiconductor demand\` has ${body.pagination.total * body.data.length > 0 ? `${body.pagination.total} pages of hits` : 'no hits'},` +
        ` ${withBody.length} of the first ${body.data.length} cards entitled with a marked snippet`;
      console.log(`${kind}: ${info}`);
    }
    const m = await measure(base, cookie);
    console.log(`${label}\n  search ${fmt(m.search)}\n  health ${fmt(m.health)}`);
    rows.push({ label, ...m });
    await harness.stopChildren();
  }
  return { rows, info };
};

const evaluate = (/** @type {{ label: string, search: Load, health: Load }[]} */ rows) => {
  const main = rows[0];
  if (!main) throw new Error('no rows');
  return 'searchReqPerSec' in targets
    ? [
        {
          target: `search >= ${targets.searchReqPerSec} req/s`,
          measured: `${main.search.okPerSec} req/s answered 200`,
          met: main.search.okPerSec >= (targets.searchReqPerSec ?? 0) && main.search.errors === 0,
        },
        {
          target: `health p99 < ${targets.healthP99} ms during the search load`,
          measured: `${main.health.p99} ms`,
          met: main.health.p99 < targets.healthP99,
        },
      ]
    : [
        {
          target: `search p99 < ${targets.searchP99} ms`,
          measured: `${main.search.p99} ms`,
          met: main.search.p99 < (targets.searchP99 ?? 0) && main.search.errors === 0,
        },
        {
          target: `health p99 < ${targets.healthP99} ms during the search load`,
          measured: `${main.health.p99} ms`,
          met: main.health.p99 < targets.healthP99,
        },
      ];
};

const record = (
  /** @type {Awaited<ReturnType<typeof run>>} */ result,
  /** @type {string} */ load,
  /** @type {boolean} */ busy,
) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const cmd = `npm run bench:search -w @portal/bench${
    process.argv.length > 2
      ? ` -- ${process.argv
          .slice(2)
          .join(' ')
          .replace(/postgres:\/\/\S+/, 'postgres://...')}`
      : ''
  }`;
  const lines = [
    '',
    `## Full-text search with /api/health alongside, ${kind === 'pglite' ? 'PGlite, demo data' : 'PostgreSQL, 100,000 reports'}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${cmd}\` (\`node bench/search.mjs\`). Machine: ${os.availableParallelism()} cores (${cpu}), Node` +
      ` ${process.version}; load average before the run ${load}${
        busy
          ? ' (other work was running on the same cores: read the figures as a floor)'
          : ' (a quiet machine)'
      }; autocannon runs on the same machine. autocannon, ${connections} connections on \`GET /api/reports?type=all&q=...\`` +
      ` over ${terms.length} queries round-robin (\`semiconductor demand\`, the research probe terms and issue 11's shapes: ${terms.slice(-6).join(', ')}), signed in as` +
      ` ${demoAccount.email}, ${durationSeconds} s after ${warmupSeconds} s of warm-up; meanwhile ${healthConnections}` +
      ` connections on \`GET /api/health\`. ${result.info}. "refused" = 429/503 answers of the bound on concurrent searches.`,
    '',
    '| run | search req/s | 200s/s | p50 | p99 | refused | health p50 | health p99 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map(
      (r) =>
        `| ${r.label} | ${r.search.reqPerSec} | ${r.search.okPerSec} | ${r.search.p50} ms | ${r.search.p99} ms |` +
        ` ${r.search.refused} | ${r.health.p50} ms | ${r.health.p99} ms |`,
    ),
    '',
    'Targets of issue 10 (on the first row, the configuration as shipped):',
    '',
    '| target | measured | |',
    '| --- | --- | --- |',
    ...evaluate(result.rows).map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`),
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`search: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => harness.close().finally(() => process.exit(130)));
}
try {
  const averages = os.loadavg();
  const load = averages.map((x) => x.toFixed(2)).join(' / ');
  // More runnable work than cores before the start: something else competed with the run.
  const busy = (averages[0] ?? 0) > os.availableParallelism();
  const result = await run();
  for (const t of evaluate(result.rows))
    console.log(`  [${t.met ? 'met' : 'NOT MET'}] ${t.target}: ${t.measured}`);
  if (!args['no-write']) record(result, load, busy);
} catch (err) {
  console.error(`search: ${/** @type {Error} */ (err).stack ?? err}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
