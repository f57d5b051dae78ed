#!/usr/bin/env node
// GET /api/users/me under load: anonymous, signed in (client@demo.test), and a bare Fastify route returning the
// same JSON from memory as the ceiling. 50 connections for 10 s each (after a short warm-up), with autocannon,
// against servers this script starts on 127.0.0.1 (the portal on a fresh embedded database in a temp dir) and
// stops again. Prints req/s and latency, and appends a dated section to bench/RESULTS.md.
//   node bench/users-me.mjs [--no-write]
// With BENCH_DATABASE_URL=postgres://... the portal runs on that PostgreSQL database instead of PGlite.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDir, createHarness, freePort, host, portalCommand, signIn, waitFor } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const connections = 50;
const durationSeconds = 10;
const warmupSeconds = 3;
const databaseUrl = process.env.BENCH_DATABASE_URL;

const harness = createHarness('portal-bench-');
const { start, workDir } = harness;
const stopAll = () => harness.close();

/** @param {string} url @param {Record<string, string>} headers @param {number} duration */
const load = (url, headers, duration) => autocannon({ url, headers, connections, duration });

/** @param {string} label @param {string} url @param {Record<string, string>} [headers] */
const measure = async (label, url, headers = {}) => {
  await load(url, headers, warmupSeconds);
  const r = await load(url, headers, durationSeconds);
  const row = {
    label,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
  console.log(
    `${label.padEnd(34)} ${String(row.reqPerSec).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms` +
      `   (${row.requests} requests, ${row.failures} failed)`,
  );
  return row;
};

const main = async () => {
  const portalPort = await freePort();
  const barePort = await freePort();
  const base = `http://${host}:${portalPort}`;
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS']) delete env[key];
  const portal = start('portal', await portalCommand(), {
    ...env,
    PORT: String(portalPort),
    HOST: host,
    DATA_DIR: path.join(workDir, 'data'),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  await waitFor(`${base}/api/health`, portal);
  const session = await signIn(base);

  const bodyFile = path.join(workDir, 'users-me.json');
  writeFileSync(bodyFile, JSON.stringify(session.body));
  const bare = start('bare', [process.execPath, path.join(benchDir, 'bare-server.mjs')], {
    ...env,
    PORT: String(barePort),
    BODY_FILE: bodyFile,
  });
  await waitFor(`http://${host}:${barePort}/api/users/me`, bare);

  console.log(`${connections} connections, ${durationSeconds} s each (after ${warmupSeconds} s of warm-up)`);
  const rows = [
    await measure('GET /api/users/me anonymous', `${base}/api/users/me`),
    await measure('GET /api/users/me signed in', `${base}/api/users/me`, { cookie: session.cookie }),
    await measure('bare Fastify, same JSON (ceiling)', `http://${host}:${barePort}/api/users/me`),
  ];
  const failed = rows.filter((r) => r.failures > 0);
  if (failed.length > 0) throw new Error(`failed requests in: ${failed.map((r) => r.label).join(', ')}`);
  return rows;
};

/** @param {Awaited<ReturnType<typeof main>>} rows */
const record = (rows) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '',
    `## GET /api/users/me, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${databaseUrl ? 'BENCH_DATABASE_URL=postgres://... ' : ''}node bench/users-me.mjs\` (part of \`npm run bench\`). Machine: ${os.availableParallelism()} cores` +
      ` (${cpu}), Node ${process.version}, ${os.platform()} ${os.release()}. autocannon, ${connections} connections,` +
      ` ${durationSeconds} s per row after ${warmupSeconds} s of warm-up, load generator on the same machine.` +
      (databaseUrl
        ? ' Portal on PostgreSQL (`BENCH_DATABASE_URL`, same machine), LOG_LEVEL=warn.'
        : ' Portal on the embedded database (PGlite) in a fresh temp dir, LOG_LEVEL=warn.'),
    '',
    '| target | req/s (mean) | p50 | p99 | requests |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.label} | ${r.reqPerSec} | ${r.p50} ms | ${r.p99} ms | ${r.requests} |`),
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`users-me: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => stopAll().finally(() => process.exit(130)));
}
try {
  const rows = await main();
  if (!process.argv.includes('--no-write')) record(rows);
} catch (err) {
  console.error(`users-me: ${/** @type {Error} */ (err).message}`);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);
