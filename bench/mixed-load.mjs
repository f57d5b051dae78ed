#!/usr/bin/env node
// The research list beside uncached searches, one DATABASE_PIPELINES setting against another (issue 26): the
// portal with CACHE_TTL_MS=0 on a PostgreSQL database of 100,000 reports, signed in as client@demo.test; page 1
// (`GET /api/reports?type=all`) on 40 connections while the search terms of search.mjs run round-robin on 10, then
// page 1 alone on 50. Pipelining writes a statement behind others on a shared connection, so what matters is
// whether a list waits behind a search. The settings alternate round by round (the machine's speed moves within
// minutes). Only 127.0.0.1 traffic; what it starts it stops.
//   node bench/mixed-load.mjs --database-url postgres://... [--pipelines 0,2] [--rounds 2] [--duration 8]
//     [--no-write]
// The database must be seeded with `npm run seed:scale -- --reports 100000` (the server migrates it at start).
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { autocannonFigures, createHarness, demoAccount, startPortal } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';
import { searchTerms } from './search-terms.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
    pipelines: { type: 'string', default: '0,2' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '8' },
    'no-write': { type: 'boolean', default: false },
  },
});
const databaseUrl = String(args['database-url']);
const settings = String(args.pipelines)
  .split(',')
  .map((s) => Number(s.trim()));
const rounds = Number(args.rounds);
const durationSeconds = Number(args.duration);
if (
  !databaseUrl.startsWith('postgres') ||
  settings.some((n) => !Number.isInteger(n) || n < 0 || n > 64) ||
  !(rounds >= 1 && rounds <= 10) ||
  !(durationSeconds >= 1 && durationSeconds <= 120)
) {
  console.error(
    'Usage: node bench/mixed-load.mjs --database-url postgres://... [--pipelines 0,2] [--rounds <1..10>] [--duration <1..120>]',
  );
  process.exit(2);
}

const listPath = '/api/reports?type=all';
const searchPaths = searchTerms.map((t) => `/api/reports?type=all&q=${encodeURIComponent(t)}`);
const listConnections = 40;
const searchConnections = 10;
const aloneConnections = 50;
const warmupSeconds = 3;

const harness = createHarness('portal-bench-mixed-');

/** @typedef {ReturnType<typeof autocannonFigures>} Load */

const measure = async (/** @type {string} */ base, /** @type {string} */ cookie) => {
  const list = { url: `${base}${listPath}`, headers: { cookie } };
  const search = {
    url: `${base}${searchPaths[0]}`,
    headers: { cookie },
    connections: searchConnections,
    requests: searchPaths.map((p) => ({ method: 'GET', path: p })),
  };
  const mixed = (/** @type {number} */ duration) =>
    Promise.all([
      autocannon({ ...list, connections: listConnections, duration }),
      autocannon({ ...search, duration }),
    ]);
  await mixed(warmupSeconds);
  const [l, s] = await mixed(durationSeconds);
  const alone = await autocannon({ ...list, connections: aloneConnections, duration: durationSeconds });
  return {
    list: autocannonFigures(l, durationSeconds),
    search: autocannonFigures(s, durationSeconds),
    alone: autocannonFigures(alone, durationSeconds),
  };
};

const run = async () => {
  /** @type {{ round: number, pipelines: number, list: Load, search: Load, alone: Load }[]} */
  const rows = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const pipelines of settings) {
      const { base, cookie } = await startPortal(harness, `portal-${pipelines}-${round}`, databaseUrl, {
        env: { CACHE_TTL_MS: '0', DATABASE_PIPELINES: String(pipelines), WEB_CONCURRENCY: '1' },
      });
      const m = await measure(base, cookie);
      const row = { round, pipelines, ...m };
      console.log(
        `round ${round}, DATABASE_PIPELINES=${pipelines}: page 1 ${m.list.reqPerSec} req/s p99 ${m.list.p99} ms` +
          ` beside searches ${m.search.reqPerSec} req/s (${m.search.refused} refused); page 1 alone` +
          ` ${m.alone.reqPerSec} req/s p99 ${m.alone.p99} ms`,
      );
      rows.push(row);
      await harness.stopChildren();
    }
  }
  return rows;
};

const record = (/** @type {Awaited<ReturnType<typeof run>>} */ rows, /** @type {string} */ load) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const cmd = `node bench/mixed-load.mjs ${process.argv
    .slice(2)
    .join(' ')
    .replace(/postgres:\/\/\S+/, 'postgres://...')}`.trim();
  const lines = [
    '',
    `## The research list beside uncached searches, PostgreSQL, 100,000 reports, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${cmd}\`. Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version}; load` +
      ` average before the run ${load}; autocannon and PostgreSQL on the same machine. The portal compiled, one` +
      ` process, \`CACHE_TTL_MS=0\`, signed in as ${demoAccount.email}. "beside searches": \`GET ${listPath}\` on` +
      ` ${listConnections} connections while ${searchConnections} connections ask \`?type=all&q=...\` over` +
      ` ${searchTerms.length} terms round-robin (search.mjs's), ${durationSeconds} s after ${warmupSeconds} s of` +
      ` warm-up; "alone": page 1 on ${aloneConnections} connections, ${durationSeconds} s. Settings alternated round by` +
      ' round. "refused": searches answered 429/503 by the bound on concurrent searches.',
    '',
    '| round | `DATABASE_PIPELINES` | page 1 beside searches | its p50 / p99 | searches | refused | page 1 alone | its p99 |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.round} | ${r.pipelines} | ${r.list.reqPerSec} req/s | ${r.list.p50} / ${r.list.p99} ms |` +
        ` ${r.search.reqPerSec} req/s | ${r.search.refused} | ${r.alone.reqPerSec} req/s | ${r.alone.p99} ms |`,
    ),
    '',
  ];
  const failed = rows.reduce((n, r) => n + r.list.errors + r.search.errors + r.alone.errors, 0);
  if (failed > 0)
    lines.push(`**${failed} requests failed** (errors, timeouts or answers other than 2xx/429/503).`, '');
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`mixed-load: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => harness.close().finally(() => process.exit(130)));
}
try {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  const rows = await run();
  if (!args['no-write']) record(rows, load);
} catch (err) {
  console.error(`mixed-load: ${/** @type {Error} */ (err).stack ?? err}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
