#!/usr/bin/env node
// Stamped-copy cache (issue 23, "done when"): the first fetch of the 50-page demo PDF by a reader (stamped: the
// reader's watermarks and the invisible copy mark, then stored) against the second fetch of the same copy (served
// from storage). In process: the real app (buildApp) on an in-memory PGlite seeded with the demo data, requests
// through Fastify's inject with the signed-in demo client's cookies (no network). Each run bumps the report's
// file version first (as replacing the file does), so every run's first fetch makes a new copy.
//   node bench/stamped-pdf.mjs [--runs <n>] [--no-write]
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'no-write': { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 3 || runs > 200) {
  console.error('Usage: node bench/stamped-pdf.mjs [--runs <3..200>] [--no-write]');
  process.exit(2);
}

register();
const serverSrc = new URL('../apps/server/src/', import.meta.url);
/** @param {string} file */
const load = (file) => import(new URL(file, serverSrc).href);
const [{ createTestApp }, { TestClient }, { demoPassword }, viewerSeed, { sql }] = await Promise.all([
  load('test/test-app.ts'),
  load('test/client.ts'),
  load('seed/accounts.ts'),
  load('seed/viewer.ts'),
  import('drizzle-orm'),
]);

const loadStart = os.loadavg()[0] ?? 0;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-stamped-bench-'));
console.log('stamped-pdf: seeding the demo data (about a minute)…');
const t = await createTestApp({ catalogue: true, env: { DATA_DIR: dataDir } });
try {
  const client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
  const [row] = (
    await t.db.execute(sql`select id from reports where file_path = ${viewerSeed.yearbookKey} limit 1`)
  ).rows;
  if (!row) throw new Error('the 50-page demo report is not seeded');
  const reportId = Number(row.id);

  /** @param {string} url */
  const timed = async (url) => {
    const started = performance.now();
    const response = await client.get(url);
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`GET file: ${response.statusCode} ${response.body}`);
    return { ms, bytes: response.rawPayload };
  };

  /** @type {number[]} */ const first = [];
  /** @type {number[]} */ const second = [];
  let size = 0;
  for (let run = 0; run <= runs; run++) {
    await t.db.execute(sql`update reports set file_version = file_version + 1 where id = ${reportId}`);
    const reply = await client.get(`/api/report/S-${reportId}`);
    if (reply.statusCode !== 200) throw new Error(`GET report: ${reply.statusCode}`);
    const url = `/api${reply.json().data.report.fileUrl}`;
    const a = await timed(url);
    const b = await timed(url);
    if (!a.bytes.equals(b.bytes)) throw new Error('the second fetch is not the same copy');
    size = a.bytes.length;
    // run 0 warms up (module loading, the JIT)
    if (run === 0) continue;
    first.push(a.ms);
    second.push(b.ms);
  }
  const median = (/** @type {number[]} */ values) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  const m1 = median(first);
  const m2 = median(second);
  const ratio = m1 / m2;
  const loadEnd = os.loadavg()[0] ?? 0;
  console.log(
    `first fetch (stamp + store) median ${m1.toFixed(1)} ms, second fetch (stored copy) median ${m2.toFixed(1)} ms: ${ratio.toFixed(1)}x; load ${loadStart.toFixed(2)} -> ${loadEnd.toFixed(2)}`,
  );
  if (!args['no-write']) {
    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    const lines = [
      '',
      `## Stamped-copy cache: first and second fetch of the 50-page PDF, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Command: \`node bench/stamped-pdf.mjs --runs ${runs}\`. Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version},` +
        ` shared with other work (load average ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end). In process:` +
        ' the app on in-memory PGlite with the demo data, `GET /api/files/{token}` through Fastify inject as client@demo.test,' +
        ` the 50-page demo report (${(size / 1024).toFixed(0)} KB as served). Each run bumps the file version, fetches once (stamped and stored)` +
        ` and once more (the stored copy); ${runs} runs after one warm-up. Target: the second at least 10x faster.`,
      '',
      '| fetch | median | min | max |',
      '| --- | ---: | ---: | ---: |',
      `| first (stamp, store, record) | ${m1.toFixed(1)} ms | ${Math.min(...first).toFixed(1)} ms | ${Math.max(...first).toFixed(1)} ms |`,
      `| second (stored copy) | ${m2.toFixed(1)} ms | ${Math.min(...second).toFixed(1)} ms | ${Math.max(...second).toFixed(1)} ms |`,
      '',
      `The second fetch is ${ratio.toFixed(1)}x faster (median against median).`,
      '',
    ];
    if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
    appendFileSync(resultsFile, lines.join('\n'));
    formatResults();
    console.log(`stamped-pdf: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
  }
} finally {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
}
