#!/usr/bin/env node
// Video replays (issue 25): GET /api/videos and a transcript (its signed transcript_path) at 50 connections,
// each beside its ceilings measured in the same run (the portal's own GET /api/health, and a bare Fastify
// answering the same URL with the same JSON: bare-routes.mjs); then a Range request for the middle of a 100 MB film
// (the time to the whole 1 MB answer, and the server's resident memory before and after, which must not grow by
// the file's size: the bytes are read from their offset and streamed, never buffered).
//   node bench/replays.mjs [--duration 10] [--no-write]
// The portal runs on PGlite in a fresh data folder (the demo seed with its four replays: ffmpeg and espeak-ng are
// needed; their encode is cached in the system's temporary folder). The 100 MB film replaces one replay's file on
// disk after the start (the server reads the file at each request).
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDir, createHarness, freePort, host, portalCommand, signIn, waitFor } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = 50;
const filmBytes = 100 * 1024 * 1024;

const harness = createHarness('portal-bench-replays-');
const baseEnv = () => {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS', 'CACHE_TTL_MS']) delete env[key];
  return env;
};

/** @param {string} label @param {import('autocannon').Options} options */
const loadRow = async (label, options) => {
  // Every measured server first takes 3 s of the same load, discarded (warmed process: JIT, caches).
  await autocannon({ connections, ...options, duration: 3 });
  const r = await autocannon({ connections, ...options });
  const row = {
    label,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts,
  };
  console.log(
    `${label.padEnd(52)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, ${row.failures} failed)`,
  );
  return row;
};

/** Resident memory of a process, in MB (Linux). */
const rssOf = (/** @type {number} */ pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

const main = async () => {
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const dataDir = path.join(harness.workDir, 'data');
  const portal = harness.start('portal', await portalCommand(), {
    ...baseEnv(),
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  });
  console.log(
    'replays: starting the portal on a fresh database (the demo seed and its replays, a few minutes)',
  );
  await waitFor(`${base}/api/health`, portal, 900_000);
  const session = await signIn(base);
  const headers = { cookie: session.cookie };
  const list = await (await fetch(`${base}/api/videos`, { headers })).json();
  const withTranscript = list.data.find(
    (/** @type {{ transcript_path: string | null }} */ v) => v.transcript_path,
  );
  if (!withTranscript)
    throw new Error('no demo replay with a transcript: are ffmpeg and espeak-ng installed?');
  const transcriptUrl = `/api${withTranscript.transcript_path}`;
  const transcript = await (await fetch(`${base}${transcriptUrl}`, { headers })).json();

  const listRow = await loadRow(`GET /api/videos (${list.data.length} replays)`, {
    url: `${base}/api/videos`,
    headers,
    duration,
  });
  const transcriptRow = await loadRow(
    `GET transcript_path: /api/videos/files/{token} (${transcript.data.length} lines)`,
    {
      url: `${base}${transcriptUrl}`,
      headers,
      duration,
    },
  );
  const healthRow = await loadRow('GET /api/health, same portal (ceiling)', {
    url: `${base}/api/health`,
    headers,
    duration,
  });

  const bodiesFile = path.join(harness.workDir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ '/api/videos': list, [transcriptUrl]: transcript }));
  const barePort = await freePort();
  const bare = harness.start('bare', [process.execPath, path.join(benchDir, 'bare-routes.mjs')], {
    ...baseEnv(),
    PORT: String(barePort),
    BODIES_FILE: bodiesFile,
  });
  await waitFor(`http://${host}:${barePort}/api/videos`, bare);
  const bareList = await loadRow('bare Fastify, same list JSON (ceiling)', {
    url: `http://${host}:${barePort}/api/videos`,
    duration,
  });
  const bareTranscript = await loadRow('bare Fastify, same transcript JSON (ceiling)', {
    url: `http://${host}:${barePort}${transcriptUrl}`,
    duration,
  });

  // A 100 MB film in place of the first replay's file, then a 1 MB Range from its middle, ten times.
  const film = path.join(dataDir, 'files', 'replays', `${withTranscript.doc_id.replace(/^RPL-/, '')}.mp4`);
  if (!existsSync(film)) throw new Error(`the replay's file is not at ${film}`);
  const handle = await open(film, 'w');
  await handle.write(
    Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]),
  );
  await handle.truncate(filmBytes);
  await handle.close();
  if (statSync(film).size !== filmBytes) throw new Error('the 100 MB film was not written');
  const fileUrl = `${base}/api${withTranscript.video_path}`;
  const middle = filmBytes / 2;
  const pid = portal.child.pid ?? 0;
  const rssBefore = rssOf(pid);
  /** @type {number[]} */
  const times = [];
  let rssMax = rssBefore;
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    const res = await fetch(fileUrl, {
      headers: { ...headers, range: `bytes=${middle}-${middle + 1024 * 1024 - 1}` },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    if (res.status !== 206 || body.length !== 1024 * 1024)
      throw new Error(`range: HTTP ${res.status}, ${body.length} bytes`);
    if (run > 0) times.push(ms);
    rssMax = Math.max(rssMax, rssOf(pid));
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  console.log(
    `Range bytes=${middle}-${middle + 1024 * 1024 - 1} of a 100 MB film: median ${median.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms; server RSS ${rssBefore} MB before, at most ${rssMax} MB during`,
  );
  return {
    rows: [listRow, healthRow, bareList, transcriptRow, bareTranscript],
    range: { median, max: times.at(-1) ?? Number.NaN, rssBefore, rssMax },
    listBytes: JSON.stringify(list).length,
    transcriptBytes: JSON.stringify(transcript).length,
  };
};

/** @param {Awaited<ReturnType<typeof main>>} result */
const record = ({ rows, range, listBytes, transcriptBytes }) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const [listRow, health, bareList, transcriptRow, bareTranscript] = rows;
  const pct = (/** @type {number} */ a, /** @type {number} */ b) => `${((a / b) * 100).toFixed(1)}%`;
  const lines = [
    '',
    `## Video replays: list, transcript and a Range read (issue 25), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`node bench/replays.mjs\`. Machine: ${os.availableParallelism()} cores (${cpu}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at the end, shared with other work), Node ${process.version}. Portal on PGlite (a fresh demo database with its four replays), LOG_LEVEL=warn, signed in as the demo client; autocannon, ${connections} connections, ${duration} s per row after 3 s of the same load (discarded), load generator on the same machine.`,
    '',
    '| target | req/s (mean) | p50 | p99 | requests | non-2xx/errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.label} | ${r.reqPerSec} | ${r.p50} ms | ${r.p99} ms | ${r.requests} | ${r.failures} |`,
    ),
    '',
    `The list (${listBytes} bytes) serves ${pct(listRow?.reqPerSec ?? 0, bareList?.reqPerSec ?? 1)} of its bare ceiling and ${pct(listRow?.reqPerSec ?? 0, health?.reqPerSec ?? 1)} of the portal's /api/health; the transcript (${transcriptBytes} bytes) ${pct(transcriptRow?.reqPerSec ?? 0, bareTranscript?.reqPerSec ?? 1)} of its bare ceiling. A 1 MB Range from the middle of a 100 MB film: median ${range.median.toFixed(1)} ms, worst ${range.max.toFixed(1)} ms over 10 requests (target: under 50 ms); the server's resident memory was ${range.rssBefore} MB before and at most ${range.rssMax} MB during them (the film is read from its offset and streamed, not buffered).`,
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => harness.close().finally(() => process.exit(130)));
}
try {
  const result = await main();
  if (!args['no-write']) record(result);
} catch (err) {
  console.error(`replays: ${/** @type {Error} */ (err).message}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
