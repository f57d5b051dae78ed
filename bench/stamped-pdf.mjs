#!/usr/bin/env node
// Stamped-copy cache (issue 23, "done when"): the first fetch of the 50-page demo PDF by a reader (stamped: the
// reader's watermarks and the invisible copy mark, then stored) against the second fetch of the same copy (served
// from storage). The real app (buildApp) on an in-memory PGlite seeded with the demo data, listening on a port of
// 127.0.0.1; the fetches are HTTP requests over one kept-alive connection with the signed-in demo client's cookies,
// as a browser makes them (Fastify's inject turns every binary reply into a string too: 1.4 ms of a 90 KB PDF that
// no browser pays). Each run bumps the report's file version first (as replacing the file does), so every run's
// first fetch makes a new copy.
//   node bench/stamped-pdf.mjs [--runs <n>] [--uncached] [--no-write]
// --uncached: CACHE_TTL_MS=0 (every cache off: each fetch reads the report row and the parameters again)
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'no-write': { type: 'boolean', default: false },
    uncached: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 3 || runs > 200) {
  console.error('Usage: node bench/stamped-pdf.mjs [--runs <3..200>] [--uncached] [--no-write]');
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
const t = await createTestApp({
  catalogue: true,
  env: { DATA_DIR: dataDir, ...(args.uncached ? { CACHE_TTL_MS: '0' } : {}) },
});
try {
  const client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
  const [row] = (
    await t.db.execute(sql`select id from reports where file_path = ${viewerSeed.yearbookKey} limit 1`)
  ).rows;
  if (!row) throw new Error('the 50-page demo report is not seeded');
  const reportId = Number(row.id);

  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  /** One GET over the kept-alive connection: its status and whole body. @param {string} url */
  const get = (url) =>
    new Promise((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port: address.port, path: url, agent, headers: { cookie } },
        (response) => {
          /** @type {Buffer[]} */ const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  /** @param {string} url */
  const timed = async (url) => {
    const started = performance.now();
    const response = /** @type {{ status: number, body: Buffer }} */ (await get(url));
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET file: ${response.status} ${response.body}`);
    return { ms, bytes: response.body };
  };

  /** @type {number[]} */ const first = [];
  /** @type {number[]} */ const second = [];
  /** @type {number[]} */ const backToBack = [];
  let size = 0;
  /** The viewer's page asks for the report's JSON, then its file (the signed URL in it), as a browser does. */
  const openReport = async () => {
    const reply = /** @type {{ status: number, body: Buffer }} */ (await get(`/api/report/S-${reportId}`));
    if (reply.status !== 200) throw new Error(`GET report: ${reply.status}`);
    return `/api${JSON.parse(reply.body.toString('utf8')).data.report.fileUrl}`;
  };
  for (let run = 0; run <= runs; run++) {
    // A new file version, as replacing the file makes it (and says so on the change feed).
    await t.db.execute(sql`update reports set file_version = file_version + 1 where id = ${reportId}`);
    t.app.services.changes.publish({ kind: 'report', ids: [reportId] });
    const a = await timed(await openReport());
    // Right after the stamping: that fetch also meets the stamping's garbage being collected.
    const now = await timed(await openReport());
    // A reader's second visit comes later: after 250 ms idle, the page's JSON, then the file.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const b = await timed(await openReport());
    if (!a.bytes.equals(b.bytes)) throw new Error('the second fetch is not the same copy');
    size = a.bytes.length;
    // run 0 warms up (module loading, the JIT)
    if (run === 0) continue;
    first.push(a.ms);
    second.push(b.ms);
    backToBack.push(now.ms);
  }
  const median = (/** @type {number[]} */ values) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  const m1 = median(first);
  const m2 = median(second);
  const ratio = m1 / m2;
  const m0 = median(backToBack);
  const loadEnd = os.loadavg()[0] ?? 0;
  console.log(
    `first fetch (stamp + store) median ${m1.toFixed(1)} ms, second fetch (stored copy, 250 ms later) median ${m2.toFixed(1)} ms: ${ratio.toFixed(1)}x; back to back ${m0.toFixed(1)} ms (${(m1 / m0).toFixed(1)}x); load ${loadStart.toFixed(2)} -> ${loadEnd.toFixed(2)}`,
  );
  if (!args['no-write']) {
    const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
    const lines = [
      '',
      `## Stamped-copy cache: first and second fetch of the 50-page PDF${args.uncached ? ' (caches off)' : ''}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Command: \`node bench/stamped-pdf.mjs --runs ${runs}${args.uncached ? ' --uncached' : ''}\`. Machine: ${os.availableParallelism()} cores (${cpu}), Node ${process.version},` +
        ` shared with other work (load average ${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end). In process:` +
        ' the app on in-memory PGlite with the demo data, `GET /api/files/{token}` over HTTP on 127.0.0.1 (one kept-alive connection) as client@demo.test,' +
        ` the 50-page demo report (${(size / 1024).toFixed(0)} KB as served). Each run bumps the file version; each fetch is timed after its page's` +
        ' report JSON (as the viewer asks): the first (stamped and stored), one at once (the stored copy, back to back) and one after 250 ms idle' +
        ' (the stored copy: a second visit);' +
        ` ${runs} runs after one warm-up. Target: the second at least 10x faster.`,
      '',
      '| fetch | median | min | max |',
      '| --- | ---: | ---: | ---: |',
      `| first (stamp, store, record) | ${m1.toFixed(1)} ms | ${Math.min(...first).toFixed(1)} ms | ${Math.max(...first).toFixed(1)} ms |`,
      `| stored copy, back to back | ${m0.toFixed(1)} ms | ${Math.min(...backToBack).toFixed(1)} ms | ${Math.max(...backToBack).toFixed(1)} ms |`,
      `| second (stored copy, 250 ms later) | ${m2.toFixed(1)} ms | ${Math.min(...second).toFixed(1)} ms | ${Math.max(...second).toFixed(1)} ms |`,
      '',
      `The second fetch is ${ratio.toFixed(1)}x faster (median against median); back to back with the stamping, ${(m1 / m0).toFixed(1)}x.`,
      '',
    ];
    if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
    appendFileSync(resultsFile, lines.join('\n'));
    formatResults();
    console.log(`stamped-pdf: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
  }
} finally {
  await t.close(); // closes the listening server too
  await rm(dataDir, { recursive: true, force: true });
}
