#!/usr/bin/env node
// The uncached path of every search shape, one at a time (issue 11): the server with CACHE_TTL_MS=0 on the given
// database, signed in as the demo client, each query of bench/search.mjs asked `--runs` times in a row after one
// warm-up; prints the median and the slowest answer and the number of hits; last, the signed-in home's call (never
// cached). The load test (search.mjs) shows the cached configuration under 50 connections; this one shows what a
// cache miss costs for each shape alone.
//   node bench/search-shapes.mjs --database-url postgres://postgres@127.0.0.1:55432/bench100k [--runs 5]
import { parseArgs } from 'node:util';
import { createHarness, startPortal } from './harness.mjs';
import { searchTerms } from './search-terms.mjs';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '5' } },
});
const databaseUrl = String(args['database-url'] ?? '');
const runs = Number(args.runs);
if (!databaseUrl.startsWith('postgres') || !(runs > 0)) {
  console.error('usage: node bench/search-shapes.mjs --database-url postgres://... [--runs 5]');
  process.exit(2);
}

const harness = createHarness('portal-bench-shapes-');
try {
  const { base, cookie } = await startPortal(harness, 'portal', databaseUrl, { env: { CACHE_TTL_MS: '0' } });
  /** `runs` answers to `url` one after the other after one warm-up: sorted times (ms) and the last body. */
  const timed = async (/** @type {string} */ url) => {
    const times = [];
    let body;
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      body = await res.json();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      if (i > 0) times.push(performance.now() - started);
    }
    return { times: times.sort((a, b) => a - b), body };
  };
  const ms = (/** @type {number | undefined} */ v) => `${(v ?? 0).toFixed(0)} ms`;
  const row = (
    /** @type {string} */ label,
    /** @type {string | number} */ hits,
    /** @type {number[]} */ times,
  ) =>
    console.log(`| ${label} | ${hits} | ${ms(times[Math.floor(times.length / 2)])} | ${ms(times.at(-1))} |`);
  console.log('| query | hits (pages of 20) | median | slowest |\n| --- | ---: | ---: | ---: |');
  for (const term of searchTerms) {
    const { times, body } = await timed(`${base}/api/reports?type=all&q=${encodeURIComponent(term)}`);
    row(`\`${term}\``, body.pagination.total, times);
  }
  // The signed-in home (issue 11) is never cached: its four lists are read on every request.
  const home = await timed(`${base}/api/overall/home`);
  const lists = ['latest', 'continueReading', 'saved', 'mustRead']
    .map((k) => home.body[k].data.length)
    .join('/');
  row('GET /api/overall/home (no query)', `lists ${lists}`, home.times);
} finally {
  await harness.close();
}
