#!/usr/bin/env node
// Resilience, measured (issue 26): the compiled portal (`portalCommand()`, as `npm start` runs it) as a child
// process on 127.0.0.1, put through five failures; each scenario prints its figures and a PASS/FAIL line, the
// script exits 1 when any fails, and appends a dated section to RESULTS.md (`--no-write` only prints).
//   node bench/resilience.mjs [--only smtp,pglite-kill,pg-restart,kill-mid-write,two-processes]
//     [--outage <seconds>] [--no-write]
// smtp            the SMTP server down with 100 sign-up mails queued, back after --outage s (default 60): every
//                 mail delivered exactly once (counted by recipient at bench/smtp-sink.mjs), and when the last came.
// pglite-kill     PGlite: SIGKILL amid 50 connections saving and unsaving reports; started again on the same data
//                 folder: the time to health 200, and every acknowledged save or unsave found in the saved lists.
// pg-restart      PostgreSQL (throwaway-postgres.mjs) stopped for 3 s and started again under 50 connections saving
//                 and reading lists: answers during the outage (status, latency), the first 2xx after the return,
//                 no acknowledged write lost.
// kill-mid-write  PostgreSQL: SIGKILL amid sign-ups (a user, its verification token and its mail in one
//                 transaction) and saves: no half-written sign-up, every acknowledged one whole (SQL through `pg`).
// two-processes   WEB_CONCURRENCY=2 on PostgreSQL: a reader's sector revoked; fresh connections ask for a report of
//                 the sector; per process (the pid of the log's request line), the time to the first 403.
// The PGlite scenarios start from a copy of one seeded data folder (the demo content, seeded once per run); the
// PostgreSQL ones share one throw-away server, each on its own copy of a seeded database (CREATE DATABASE ...
// TEMPLATE).
import { fork, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  createHarness,
  freePort,
  host,
  inheritedEnv,
  portalCommand,
  signIn,
  stopChild,
  waitFor,
} from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const allScenarios = ['smtp', 'pglite-kill', 'pg-restart', 'kill-mid-write', 'two-processes'];
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: allScenarios.join(',') },
    outage: { type: 'string', default: '60' },
    'no-write': { type: 'boolean', default: false },
  },
});
const only = String(args.only)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const outageSeconds = Number(args.outage);
if (only.some((s) => !allScenarios.includes(s)) || !(outageSeconds >= 1 && outageSeconds <= 3600)) {
  console.error(
    `Usage: node bench/resilience.mjs [--only ${allScenarios.join(',')}] [--outage <1..3600 s>] [--no-write]`,
  );
  process.exit(2);
}

const demoPassword = 'Portal-demo-1';
const client = { email: 'client@demo.test', password: demoPassword };
const npi = { email: 'npi@demo.test', password: demoPassword };
const admin = { email: 'admin@demo.test', password: demoPassword };
const connections = 50;
const pgBin = '/usr/lib/postgresql/15/bin';
const harness = createHarness('portal-resilience-');
const loadAtStart = os.loadavg();
const startedAt = new Date();

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
/** A number in letters (names may hold only letters and spaces): 0 a, 25 z, 26 ba... */
const letters = (/** @type {number} */ n) =>
  [...n.toString(26)].map((d) => String.fromCharCode(97 + Number.parseInt(d, 26))).join('');
const pct = (/** @type {number[]} */ values, /** @type {number} */ p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

// ---------------------------------------------------------------------------------------------------------------
// HTTP: node:http so that every request's connection is ours to choose (a kept-alive pool, or a fresh one).

/** @typedef {{ status: number, body: string, error?: string, start: number, end: number, headers: http.IncomingHttpHeaders }} Answer */

/**
 * One request; never throws: a connection failure answers status 0 with its code, no answer within `timeoutMs`
 * status 0 with error 'timeout'.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: unknown, timeoutMs?: number, agent?: http.Agent | false }} [options]
 * @returns {Promise<Answer>}
 */
const request = (url, options = {}) =>
  new Promise((resolve) => {
    const start = now();
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = { ...(options.headers ?? {}) };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    let settled = false;
    /** @param {Omit<Answer, 'start' | 'end'>} answer */
    const done = (answer) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, start, end: now() });
    };
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers, agent: options.agent },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', (error) => done({ status: 0, body: '', error: error.message, headers: {} }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => {
      done({ status: 0, body: '', error: 'timeout', headers: {} });
      req.destroy();
    });
    req.on('error', (/** @type {NodeJS.ErrnoException} */ error) =>
      done({ status: 0, body: '', error: error.code ?? error.message, headers: {} }),
    );
    req.end(body);
  });

/** Signs in (harness.mjs) and adds the CSRF header's token, which the SPA reads from /users/me's header. */
const session = async (
  /** @type {string} */ base,
  /** @type {{ email: string, password: string }} */ account,
) => {
  const { cookie, body } = await signIn(base, account);
  const me = await request(`${base}/api/users/me`, { headers: { cookie } });
  const csrf = me.headers['x-csrf-token'];
  if (typeof csrf !== 'string') throw new Error('GET /api/users/me gave no x-csrf-token header');
  return { cookie, userId: Number(body.data.id), headers: { cookie, 'x-csrf-token': csrf } };
};
/** @typedef {Awaited<ReturnType<typeof session>>} Session */

/** Every report id of a list (`type`), walking its keyset cursor 50 at a time. */
const listIds = async (/** @type {string} */ base, /** @type {Session} */ who, type = 'all') => {
  /** @type {number[]} */
  const ids = [];
  let cursor = '';
  for (let page = 0; page < 200; page += 1) {
    const res = await request(
      `${base}/api/reports?type=${type}&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: who.headers, timeoutMs: 30_000 },
    );
    if (res.status !== 200) throw new Error(`GET /api/reports?type=${type}: ${res.status} ${res.body}`);
    const reply = JSON.parse(res.body);
    for (const card of reply.data) ids.push(Number(card.id));
    cursor = reply.pagination.next;
    if (!cursor) break;
  }
  return ids;
};

// ---------------------------------------------------------------------------------------------------------------
// The portal as a child process

let portalCount = 0;
/**
 * Starts the portal (development mode: the demo accounts) on `dataDir` (and `databaseUrl` when given) and waits for
 * health 200; answers its base URL, process and the time from spawn to that first 200.
 * @param {{ dataDir: string, databaseUrl?: string, env?: Record<string, string>, port?: number }} options
 */
const startPortal = async (options) => {
  const port = options.port ?? (await freePort());
  const base = `http://${host}:${port}`;
  portalCount += 1;
  const spawned = now();
  const proc = harness.start(`portal-${portalCount}`, await portalCommand(), {
    ...inheritedEnv(),
    PORT: String(port),
    HOST: host,
    DATA_DIR: options.dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SIGNUP_PER_IP_HOUR: '10000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.env ?? {}),
  });
  await waitFor(`${base}/api/health`, proc, 600_000);
  return { base, port, proc, startMs: now() - spawned };
};
/** @typedef {Awaited<ReturnType<typeof startPortal>>} Portal */

/** SIGKILL to the portal's whole process group (the cluster's workers too); waits for it to be gone. */
const killPortal = async (/** @type {Portal} */ portal) => {
  const { child } = portal.proc;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
  } catch {
    // already gone
  }
  await exited;
};

// ---------------------------------------------------------------------------------------------------------------
// Shared fixtures, made on first use: a seeded PGlite data folder, and a throw-away PostgreSQL with a seeded
// database to copy.

/** @type {string | null} */
let pgliteTemplate = null;
const seededPgliteFolder = async (/** @type {string} */ name) => {
  if (!pgliteTemplate) {
    const dir = path.join(harness.workDir, 'pglite-seeded');
    console.log('fixture: seeding a PGlite data folder with the demo content (about half a minute)');
    const portal = await startPortal({ dataDir: dir });
    console.log(`fixture: seeded in ${s(portal.startMs)}`);
    await stopChild(portal.proc.child);
    pgliteTemplate = dir;
  }
  const copy = path.join(harness.workDir, name);
  cpSync(pgliteTemplate, copy, { recursive: true });
  return copy;
};

/** @type {{ url: string, stop(): void, port: number, dataDirectory: string } | null} */
let postgres = null;
const templateDb = 'resilience_seed';
/** @template T @param {string} url @param {(c: pg.Client) => Promise<T>} fn @returns {Promise<T>} */
const withPg = async (url, fn) => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};
const dbUrl = (/** @type {string} */ name) => {
  if (!postgres) throw new Error('no PostgreSQL');
  return Object.assign(new URL(postgres.url), { pathname: `/${name}` }).toString();
};
/** A fresh copy of the seeded database, named `name`. */
const seededPgDatabase = async (/** @type {string} */ name) => {
  if (!postgres) {
    const started = await startThrowawayPostgres(templateDb);
    const port = Number(new URL(started.url).port);
    const dataDirectory = await withPg(started.url, async (c) => {
      const { rows } = await c.query('show data_directory');
      return String(rows[0].data_directory);
    });
    postgres = { ...started, port, dataDirectory };
    console.log('fixture: seeding a PostgreSQL database with the demo content');
    const portal = await startPortal({
      dataDir: path.join(harness.workDir, 'pg-seed-files'),
      databaseUrl: postgres.url,
    });
    console.log(`fixture: seeded in ${s(portal.startMs)}`);
    await stopChild(portal.proc.child);
  }
  await withPg(dbUrl('postgres'), async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} template ${templateDb}`);
  });
  return dbUrl(name);
};

/** pg_ctl as the postgres user (the throw-away server's owner). */
const pgCtl = (/** @type {string[]} */ toolArgs) => {
  if (!postgres) throw new Error('no PostgreSQL');
  const res = spawnSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, 'pg_ctl'), ...toolArgs], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (res.status !== 0) throw new Error(`pg_ctl ${toolArgs.join(' ')} failed: ${res.stderr}${res.stdout}`);
};
const stopPostgres = () => {
  if (!postgres) throw new Error('no PostgreSQL');
  pgCtl(['-D', postgres.dataDirectory, 'stop', '-m', 'fast', '-w', '-t', '60']);
};
const startPostgres = () => {
  if (!postgres) throw new Error('no PostgreSQL');
  pgCtl([
    ...['-D', postgres.dataDirectory, '-l', path.join(postgres.dataDirectory, '..', 'restart.log')],
    ...['-o', `-p ${postgres.port} -k /tmp -c listen_addresses=${host}`, 'start', '-w', '-t', '60'],
  ]);
};

// ---------------------------------------------------------------------------------------------------------------
// Saves under load: each (reader, report) pair belongs to one connection, which flips it (save, unsave, save...)
// one request at a time. So a pair's state afterwards is exactly its last acknowledged write, or the value of the
// write that was in flight when the failure came (which may or may not have committed).

/**
 * @typedef {{ user: number, report: number, session: Session, acked: boolean, inFlight: boolean | null, acks: number }} Pair
 * @typedef {{ kind: 'save' | 'list', status: number, error?: string, start: number, end: number }} Outcome
 */

const makePairs = async (/** @type {string} */ base, /** @type {Session[]} */ readers) => {
  const reports = await listIds(base, /** @type {Session} */ (readers[0]));
  /** @type {Pair[]} */
  const pairs = [];
  for (const reader of readers) {
    const saved = new Set(await listIds(base, reader, 'saved'));
    for (const report of reports)
      pairs.push({
        user: reader.userId,
        report,
        session: reader,
        acked: saved.has(report),
        inFlight: null,
        acks: 0,
      });
  }
  return pairs;
};

/**
 * `connections` loops over their own pairs until `stop()`; with `lists`, each save is followed by a read of the
 * reader's saved list (first page). Every answer is kept in `outcomes`.
 * @param {() => string} baseOf
 * @param {Pair[]} pairs
 */
const runSaveLoad = (baseOf, pairs, { lists = false, timeoutMs = 15_000 } = {}) => {
  let running = true;
  /** @type {Outcome[]} */
  const outcomes = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const loop = async (/** @type {number} */ index) => {
    const mine = pairs.filter((_, i) => i % connections === index);
    let turn = 0;
    while (running && mine.length > 0) {
      const pair = /** @type {Pair} */ (mine[turn % mine.length]);
      turn += 1;
      const want = !pair.acked;
      pair.inFlight = want;
      const res = await request(`${baseOf()}/api/reports/save/`, {
        method: 'POST',
        headers: pair.session.headers,
        body: { id: pair.report, status: want ? 1 : 0 },
        agent,
        timeoutMs,
      });
      outcomes.push({ kind: 'save', status: res.status, error: res.error, start: res.start, end: res.end });
      if (res.status >= 200 && res.status < 300) {
        pair.acked = want;
        pair.inFlight = null;
        pair.acks += 1;
      } else if (res.status >= 400) {
        // an answer that refused: nothing was written
        pair.inFlight = null;
      }
      // no answer (status 0): the write may or may not have committed; stays in flight
      if (res.status === 0 && running) await sleep(50);
      if (lists && running) {
        const list = await request(`${baseOf()}/api/reports?type=saved&pageSize=20`, {
          headers: pair.session.headers,
          agent,
          timeoutMs,
        });
        outcomes.push({
          kind: 'list',
          status: list.status,
          error: list.error,
          start: list.start,
          end: list.end,
        });
        if (list.status === 0 && running) await sleep(50);
      }
    }
  };
  const loops = Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
  const stopOnError = () => {
    running = false;
    agent.destroy();
  };
  activeLoads.add(stopOnError);
  loops.finally(() => activeLoads.delete(stopOnError));
  return {
    outcomes,
    acked: () => outcomes.filter((o) => o.kind === 'save' && o.status >= 200 && o.status < 300).length,
    async stop() {
      running = false;
      await loops;
      agent.destroy();
    },
    abandon() {
      running = false;
      agent.destroy();
    },
    loops,
  };
};

/** The save loads running, stopped when a scenario fails half-way. @type {Set<() => void>} */
const activeLoads = new Set();

/** Compares each pair's state now (`savedNow`: user -> saved report ids) with what was acknowledged. */
const checkPairs = (/** @type {Pair[]} */ pairs, /** @type {Map<number, Set<number>>} */ savedNow) => {
  let lost = 0;
  let uncertain = 0;
  let inFlightCommitted = 0;
  /** @type {string[]} */
  const examples = [];
  for (const pair of pairs) {
    const state = savedNow.get(pair.user)?.has(pair.report) ?? false;
    if (pair.inFlight !== null) {
      uncertain += 1;
      if (state === pair.inFlight && state !== pair.acked) inFlightCommitted += 1;
      continue;
    }
    if (state !== pair.acked) {
      lost += 1;
      if (examples.length < 5)
        examples.push(`user ${pair.user} report ${pair.report}: acknowledged ${pair.acked}, found ${state}`);
    }
  }
  return { lost, uncertain, inFlightCommitted, examples };
};

const countBy = (/** @type {Outcome[]} */ outcomes) => {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const o of outcomes) {
    const key = o.status === 0 ? `no answer (${o.error})` : String(o.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
};

// ---------------------------------------------------------------------------------------------------------------
// Scenarios. Each answers { pass, summary (one line for the table), details (markdown lines) }.

/** @typedef {{ pass: boolean, summary: string, details: string[] }} Verdict */

/** 1. The SMTP server down with 100 mails queued, back after --outage seconds. */
const smtpScenario = async () => {
  const mails = 100;
  const domain = 'smtp-outage.test';
  const smtpPort = await freePort();
  const portal = await startPortal({
    dataDir: await seededPgliteFolder('pglite-smtp'),
    env: { SMTP_URL: `smtp://${host}:${smtpPort}` },
  });
  const me = await request(`${portal.base}/api/users/me`);
  const csrf = String(me.headers['x-csrf-token']);
  const csrfCookie = (me.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('csrf_token='));
  const headers = { cookie: String(csrfCookie), 'x-csrf-token': csrf };
  const queuedFrom = now();
  let accepted = 0;
  /** @type {string[]} */
  const refused = [];
  for (let batch = 0; batch < mails; batch += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const i = batch + k;
        const res = await request(`${portal.base}/api/users/signup`, {
          method: 'POST',
          headers,
          timeoutMs: 60_000,
          body: {
            firstName: 'Outage',
            lastName: `Reader ${letters(i)}`,
            companyName: 'Resilience Bench',
            email: `reader${i}@${domain}`,
            password: 'Outage-bench-1',
            confirmPassword: 'Outage-bench-1',
            acceptTandC: true,
          },
        });
        if (res.status === 201) accepted += 1;
        else refused.push(`${res.status} ${res.body.slice(0, 200)}`);
      }),
    );
  }
  const queuedMs = now() - queuedFrom;
  console.log(
    `smtp: ${accepted} sign-ups accepted in ${s(queuedMs)} (a verification mail each), SMTP server down; waiting ${outageSeconds} s`,
  );
  if (refused.length > 0) console.log(`smtp: refused sign-ups: ${refused.slice(0, 3).join('; ')}`);
  await sleep(outageSeconds * 1000);
  const failedAttempts = () =>
    readFileSync(portal.proc.log, 'utf8')
      .split('\n')
      .filter((line) => line.includes('Mail delivery failed')).length;
  const failuresDuringOutage = failedAttempts();
  /** @type {import('node:child_process').ChildProcess} */
  const sink = await new Promise((resolve, reject) => {
    const child = fork(new URL('./smtp-sink.mjs', import.meta.url), [String(smtpPort)], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
    child.once('message', () => resolve(child));
  });
  const back = now();
  const counts = () =>
    /** @type {Promise<Map<string, number>>} */ (
      new Promise((resolve) => {
        sink.once('message', (/** @type {any} */ message) =>
          resolve(
            new Map(
              message.counts.filter((/** @type {[string, number]} */ [to]) => to.endsWith(`@${domain}`)),
            ),
          ),
        );
        sink.send('counts');
      })
    );
  let received = new Map();
  let lastArrival = null;
  /** @type {number | null} */
  let firstArrival = null;
  const deadline = back + (2 * outageSeconds + 180) * 1000;
  while (now() < deadline) {
    received = await counts();
    if (received.size > 0 && firstArrival === null) firstArrival = now() - back;
    if (received.size >= accepted) {
      lastArrival = now() - back;
      break;
    }
    await sleep(100);
  }
  // Some time more, past the next poll passes, for a mail sent twice to show.
  await sleep(10_000);
  received = await counts();
  sink.removeAllListeners('exit');
  sink.disconnect();
  await stopChild(portal.proc.child);
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const missing = accepted - received.size;
  const pass = accepted === mails && missing === 0 && duplicates === 0 && lastArrival !== null;
  const lastText = lastArrival === null ? 'never (timed out)' : s(lastArrival);
  const firstText = firstArrival === null ? 'never' : s(firstArrival);
  console.log(
    `smtp: ${received.size} of ${accepted} delivered, ${duplicates} more than once, ${missing} missing; ` +
      `${failuresDuringOutage} failed delivery attempts logged during the outage; the first mail arrived ${firstText}, the last ${lastText} after the SMTP server's return`,
  );
  return {
    pass,
    summary: `${received.size}/${accepted} delivered, ${duplicates} twice, ${missing} missing; first ${firstText}, last ${lastText} after the return`,
    details: [
      `100 sign-ups (each queues a verification mail in the same transaction) on a seeded PGlite portal whose \`SMTP_URL\` names a port where nothing listens, queued in ${s(queuedMs)}; ` +
        `the SMTP server (\`bench/smtp-sink.mjs\`) started on that port ${outageSeconds} s later. ` +
        `Failed delivery attempts logged during the outage: ${failuresDuringOutage} (the worker's back-off: 10 s, 20 s, 40 s, 80 s... after each failure). ` +
        `Delivered: ${received.size} of ${accepted} recipients, ${duplicates} received more than once, ${missing} missing (counted again 10 s after the last arrived). ` +
        `The first mail arrived ${firstText} and the last ${lastText} after the SMTP server's return: the wait is the back-off after each mail's last failure (all 100 failed together, so they are retried together), not a fault.`,
    ],
  };
};

/** 2. PGlite: SIGKILL amid 50 connections of saves; started again on the same data folder. */
const pgliteKillScenario = async () => {
  const dataDir = await seededPgliteFolder('pglite-kill');
  const portal = await startPortal({ dataDir });
  const readers = [await session(portal.base, client), await session(portal.base, npi)];
  const pairs = await makePairs(portal.base, readers);
  const load = runSaveLoad(() => portal.base, pairs);
  const loadFrom = now();
  // past the warm-up, at a moment that is not a round number of writes
  while (load.acked() < 400 + Math.floor(Math.random() * 200) && now() - loadFrom < 60_000) await sleep(5);
  const ackedBefore = load.acked();
  const killAt = now();
  await killPortal(portal);
  load.abandon();
  await Promise.race([load.loops, sleep(20_000)]);
  const inFlight = pairs.filter((p) => p.inFlight !== null).length;
  const rate = ackedBefore / ((killAt - loadFrom) / 1000);
  console.log(
    `pglite-kill: SIGKILL after ${load.acked()} acknowledged writes (${rate.toFixed(0)}/s over ${connections} connections), ${inFlight} in flight`,
  );
  const again = await startPortal({ dataDir, port: portal.port });
  const lockWait = readFileSync(again.proc.log, 'utf8').includes('taking it over once its lock is stale');
  console.log(
    `pglite-kill: started again on the same data folder: health 200 after ${s(again.startMs)}` +
      `${lockWait ? " (it waited for the killed process's data-folder lock to go stale, at most 15 s)" : ''}`,
  );
  const after = [await session(again.base, client), await session(again.base, npi)];
  /** @type {Map<number, Set<number>>} */
  const savedNow = new Map();
  for (const reader of after)
    savedNow.set(reader.userId, new Set(await listIds(again.base, reader, 'saved')));
  const check = checkPairs(pairs, savedNow);
  await stopChild(again.proc.child);
  const pass = check.lost === 0 && again.startMs < 30_000;
  console.log(
    `pglite-kill: ${pairs.length} reader-report pairs, ${load.acked()} acknowledged writes: ${check.lost} lost; ` +
      `${check.uncertain} in flight at the kill (${check.inFlightCommitted} of them committed)${check.examples.length ? `; ${check.examples.join('; ')}` : ''}`,
  );
  return {
    pass,
    summary: `restart to health 200 ${s(again.startMs)}; ${load.acked()} acknowledged writes, ${check.lost} lost`,
    details: [
      `Seeded PGlite portal; ${connections} kept-alive connections saving and unsaving reports (\`POST /api/reports/save/\`, idempotent: status 1 saves, 0 unsaves) as client@demo.test and npi@demo.test, ` +
        `${pairs.length} reader-report pairs, each flipped by one connection one request at a time (so its state afterwards is its last acknowledged write, or the write in flight at the kill). ` +
        `SIGKILL after ${load.acked()} acknowledged writes (${rate.toFixed(0)} writes/s), ${inFlight} in flight. ` +
        `Started again on the same data folder: health 200 after ${s(again.startMs)} from spawn` +
        `${lockWait ? " (most of it waiting for the killed process's data-folder lock to go stale: at most 15 s, by design)" : ''}; no repair needed. ` +
        `The saved lists read through the API (\`GET /api/reports?type=saved\`, every page): ${check.lost} acknowledged writes lost; ` +
        `of the ${check.uncertain} writes in flight, ${check.inFlightCommitted} had committed.`,
    ],
  };
};

/** 3. PostgreSQL stopped for 3 s and started again under load. */
const pgRestartScenario = async () => {
  const databaseUrl = await seededPgDatabase('pg_restart');
  const portal = await startPortal({ dataDir: path.join(harness.workDir, 'pg-restart-files'), databaseUrl });
  const readers = [await session(portal.base, client), await session(portal.base, npi)];
  const pairs = await makePairs(portal.base, readers);
  const hangMs = 10_000;
  const load = runSaveLoad(() => portal.base, pairs, { lists: true, timeoutMs: 30_000 });
  await sleep(3000);
  const stopFrom = now();
  stopPostgres();
  const down = now();
  console.log(
    `pg-restart: PostgreSQL stopped (pg_ctl stop -m fast: ${s(down - stopFrom)}); starting it in 3 s`,
  );
  await sleep(3000);
  startPostgres();
  const up = now();
  console.log(`pg-restart: PostgreSQL accepting connections again (pg_ctl start -w: ${s(up - down - 3000)})`);
  await sleep(10_000);
  await load.stop();
  const during = load.outcomes.filter((o) => o.end >= stopFrom && o.start <= up);
  const latencies = during.map((o) => o.end - o.start);
  const hung = during.filter((o) => o.end - o.start > hangMs || o.error === 'timeout').length;
  const fiveHundreds = during.filter((o) => o.status === 500).length;
  const unavailable = during.filter((o) => o.status === 503).length;
  const firstOk = load.outcomes
    .filter((o) => o.end >= up && o.status >= 200 && o.status < 300)
    .reduce((min, o) => Math.min(min, o.end), Number.POSITIVE_INFINITY);
  const firstOkMs = firstOk - up;
  const failuresAfterReturn = load.outcomes.filter(
    (o) => o.start >= up && (o.status === 0 || o.status >= 500),
  );
  const lastFailureAfter = failuresAfterReturn.reduce((max, o) => Math.max(max, o.end - up), 0);
  // The acknowledged writes, read back through the API.
  /** @type {Map<number, Set<number>>} */
  const savedNow = new Map();
  for (const reader of readers)
    savedNow.set(reader.userId, new Set(await listIds(portal.base, reader, 'saved')));
  const check = checkPairs(pairs, savedNow);
  // What the server logged for its 5xx answers: the error's type and codes (its own, its cause's).
  /** @type {Map<string, number>} */
  const causes = new Map();
  for (const line of readFileSync(portal.proc.log, 'utf8').split('\n')) {
    if (!line.includes('Request failed') && !line.includes('Database unavailable')) continue;
    try {
      const { err } = JSON.parse(line);
      const key = `${err?.type ?? '?'} code=${err?.code ?? '-'} cause=${err?.cause?.code ?? err?.cause?.message?.slice(0, 60) ?? '-'}`;
      causes.set(key, (causes.get(key) ?? 0) + 1);
    } catch {
      // not a JSON line
    }
  }
  const causeText = [...causes].map(([k, v]) => `${k}: ${v}`).join('; ');
  await stopChild(portal.proc.child);
  const pass =
    check.lost === 0 && hung === 0 && fiveHundreds === 0 && Number.isFinite(firstOkMs) && firstOkMs <= 5000;
  const statusLine = countBy(during);
  console.log(
    `pg-restart: during the outage (${s(up - stopFrom)}) ${during.length} answers: ${statusLine}; latency p50 ${pct(latencies, 50).toFixed(0)} ms, ` +
      `p99 ${pct(latencies, 99).toFixed(0)} ms, max ${Math.max(0, ...latencies).toFixed(0)} ms; ${hung} past ${hangMs / 1000} s`,
  );
  console.log(
    `pg-restart: first 2xx ${Number.isFinite(firstOkMs) ? s(firstOkMs) : 'never'} after PostgreSQL's return; requests started after the return that failed: ${failuresAfterReturn.length} (the last ended ${s(lastFailureAfter)} after the return)`,
  );
  console.log(
    `pg-restart: ${load.acked()} acknowledged writes: ${check.lost} lost; ${check.uncertain} without an answer (${check.inFlightCommitted} committed)${check.examples.length ? `; ${check.examples.join('; ')}` : ''}`,
  );
  if (causeText) console.log(`pg-restart: the server's logged failures: ${causeText}`);
  return {
    pass,
    summary: `outage ${s(up - stopFrom)}: ${statusLine}; max latency ${Math.max(0, ...latencies).toFixed(0)} ms; first 2xx ${Number.isFinite(firstOkMs) ? s(firstOkMs) : 'never'} after the return; ${check.lost} of ${load.acked()} acknowledged writes lost`,
    details: [
      `Portal on a throw-away PostgreSQL 15; ${connections} kept-alive connections, each saving or unsaving a report (its own reader-report pairs, as in pglite-kill) then reading the reader's saved list, ` +
        `3 s of load, then \`pg_ctl stop -m fast\` (${s(down - stopFrom)}), 3 s down, \`pg_ctl start -w\` (${s(up - down - 3000)}), 10 s more load.`,
      '',
      `- Answers to requests in flight between the stop and the return (${s(up - stopFrom)}): ${during.length}: ${statusLine}. ` +
        `Latency p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, max ${Math.max(0, ...latencies).toFixed(0)} ms; ${hung} past ${hangMs / 1000} s. 503: ${unavailable}, 500: ${fiveHundreds} (target: 503, none hanging).`,
      `- Serving again: first 2xx ${Number.isFinite(firstOkMs) ? s(firstOkMs) : 'never'} after PostgreSQL accepted connections (target within 5 s); ` +
        `${failuresAfterReturn.length} requests started after the return failed (the last ended ${s(lastFailureAfter)} after it).`,
      `- Writes: ${load.acked()} acknowledged, ${check.lost} lost (read back through the API); ${check.uncertain} without an answer, of which ${check.inFlightCommitted} had committed.`,
      ...(causeText
        ? [`- The server's logged failures (error type, code, cause's code): ${causeText}.`]
        : []),
    ],
  };
};

/** 4. SIGKILL amid sign-ups (three rows in one transaction) and saves, on PostgreSQL. */
const killMidWriteScenario = async () => {
  const databaseUrl = await seededPgDatabase('kill_mid_write');
  const portal = await startPortal({
    dataDir: path.join(harness.workDir, 'kill-mid-write-files'),
    databaseUrl,
  });
  const readers = [await session(portal.base, client), await session(portal.base, npi)];
  const pairs = await makePairs(portal.base, readers);
  const domain = 'kill-mid-write.test';
  const me = await request(`${portal.base}/api/users/me`);
  const csrfCookie = (me.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .find((c) => c?.startsWith('csrf_token='));
  const anonymous = { cookie: String(csrfCookie), 'x-csrf-token': String(me.headers['x-csrf-token']) };
  // 40 connections of saves (runSaveLoad uses all 50 slots of pairs; fine) and 20 of sign-ups at once.
  const saves = runSaveLoad(() => portal.base, pairs);
  let signing = true;
  let next = 0;
  /** @type {Set<string>} */
  const signupsAcked = new Set();
  /** @type {Set<string>} */
  const signupsUnanswered = new Set();
  /** @type {string[]} */
  const signupRefusals = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const signupLoop = async () => {
    while (signing && next < 280) {
      const email = `reader${next}@${domain}`;
      next += 1;
      signupsUnanswered.add(email);
      const res = await request(`${portal.base}/api/users/signup`, {
        method: 'POST',
        headers: anonymous,
        agent,
        timeoutMs: 30_000,
        body: {
          firstName: 'Kill',
          lastName: `Reader ${letters(next)}`,
          companyName: 'Resilience Bench',
          email,
          password: 'Kill-bench-1',
          confirmPassword: 'Kill-bench-1',
          acceptTandC: true,
        },
      });
      if (res.status !== 0) signupsUnanswered.delete(email);
      if (res.status === 201) signupsAcked.add(email);
      else if (res.status !== 0 && signupRefusals.length < 3)
        signupRefusals.push(`${res.status} ${res.body.slice(0, 200)}`);
    }
  };
  const signups = Promise.all(Array.from({ length: 20 }, signupLoop));
  const from = now();
  while (
    signupsAcked.size < 40 + Math.floor(Math.random() * 20) &&
    now() - from < 60_000 &&
    signupRefusals.length < 3
  )
    await sleep(5);
  signing = false; // the sign-ups in flight stay in flight; no new one starts
  await killPortal(portal);
  saves.abandon();
  agent.destroy();
  await Promise.race([Promise.all([signups, saves.loops]), sleep(20_000)]);
  if (signupRefusals.length >= 3) throw new Error(`sign-ups refused: ${signupRefusals.join('; ')}`);
  console.log(
    `kill-mid-write: SIGKILL after ${signupsAcked.size} acknowledged sign-ups (${signupsUnanswered.size} unanswered) and ${saves.acked()} acknowledged saves`,
  );
  const checks = await withPg(databaseUrl, async (c) => {
    const q = async (/** @type {string} */ text) => (await c.query(text, [`%@${domain}`])).rows;
    const users = await q('select id, lower(email) as email from users where email like $1');
    const perUser = await q(`
      select u.email,
        (select count(*)::int from auth_tokens t where t.user_id = u.id and t.purpose = 'verify') as tokens,
        (select count(*)::int from email_outbox m where m."to" = u.email) as mails
      from users u where u.email like $1`);
    const orphanMails = await q(
      'select count(*)::int as n from email_outbox m where m."to" like $1 and not exists (select 1 from users u where u.email = m."to")',
    );
    const broken = perUser.filter((r) => r.tokens !== 1 || r.mails !== 1);
    const found = new Set(users.map((r) => String(r.email)));
    const ackedMissing = [...signupsAcked].filter((email) => !found.has(email));
    const unansweredCommitted = [...signupsUnanswered].filter((email) => found.has(email)).length;
    const saved = (await c.query('select user_id, report_id from saved_reports')).rows;
    /** @type {Map<number, Set<number>>} */
    const savedNow = new Map();
    for (const row of saved) {
      const set = savedNow.get(Number(row.user_id)) ?? new Set();
      set.add(Number(row.report_id));
      savedNow.set(Number(row.user_id), set);
    }
    return {
      users: users.length,
      broken,
      orphanMails: Number(orphanMails[0]?.n ?? 0),
      ackedMissing,
      unansweredCommitted,
      pairs: checkPairs(pairs, savedNow),
    };
  });
  const pass =
    checks.broken.length === 0 &&
    checks.orphanMails === 0 &&
    checks.ackedMissing.length === 0 &&
    checks.pairs.lost === 0;
  console.log(
    `kill-mid-write: ${checks.users} bench users in the database: ${checks.broken.length} without exactly one verification token and one mail, ` +
      `${checks.orphanMails} mails without their user; ${checks.ackedMissing.length} acknowledged sign-ups missing, ${checks.unansweredCommitted} unanswered ones committed; ` +
      `saves: ${checks.pairs.lost} of ${saves.acked()} acknowledged lost`,
  );
  return {
    pass,
    summary: `${checks.users} sign-ups in the database, ${checks.broken.length + checks.orphanMails} half-written; ${checks.ackedMissing.length} acknowledged missing; saves ${checks.pairs.lost} lost`,
    details: [
      `Portal on a throw-away PostgreSQL 15; ${connections} connections saving and unsaving reports and 20 more signing up new readers ` +
        `(\`POST /api/users/signup\`: a user, its verification token and its verification mail in the outbox, in one transaction), ` +
        `SIGKILL to the process after ${signupsAcked.size} acknowledged sign-ups (${signupsUnanswered.size} in flight) and ${saves.acked()} acknowledged saves. ` +
        `Checked with SQL through \`pg\` on the database afterwards: each of the ${checks.users} bench users has exactly one verification token and one mail (${checks.broken.length} do not), ` +
        `no mail to a bench address without its user (${checks.orphanMails}), every acknowledged sign-up is there (${checks.ackedMissing.length} missing; of the in-flight ones ${checks.unansweredCommitted} committed, whole), ` +
        `and each reader-report pair of the saves holds its last acknowledged state (${checks.pairs.lost} lost).`,
    ],
  };
};

/** 5. Two processes on PostgreSQL: a sector revoked in one is refused by both on their next request. */
const twoProcessesScenario = async () => {
  const databaseUrl = await seededPgDatabase('two_processes');
  const portal = await startPortal({
    dataDir: path.join(harness.workDir, 'two-processes-files'),
    databaseUrl,
    env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
  });
  const reader = await session(portal.base, client);
  const adminSession = await session(portal.base, admin);
  // A report of one sector that the reader may not read yet; the sector is granted, then revoked.
  const candidates = await withPg(databaseUrl, async (c) => {
    const { rows } = await c.query(`
      select rs.report_id, min(rs.sector_id) as sector_id from report_sectors rs
      join reports r on r.id = rs.report_id
      group by rs.report_id having count(*) = 1 order by rs.report_id desc limit 200`);
    const person = await c.query('select person_id from users where email = $1', [client.email]);
    return { rows, personId: Number(person.rows[0].person_id) };
  });
  const open = (/** @type {number} */ report, /** @type {string} */ probe = '') =>
    request(`${portal.base}/api/report/S-${report}${probe}`, {
      headers: { cookie: reader.cookie },
      agent: false,
      timeoutMs: 10_000,
    });
  /** @type {{ report: number, sector: number } | null} */
  let target = null;
  for (const row of candidates.rows) {
    if ((await open(Number(row.report_id))).status === 403) {
      target = { report: Number(row.report_id), sector: Number(row.sector_id) };
      break;
    }
  }
  if (!target) throw new Error('two-processes: no single-sector report that client@demo.test may not read');
  const matrix = async (/** @type {'insertXml' | 'deleteXml'} */ param, /** @type {string} */ xml) => {
    const res = await request(
      `${portal.base}/api/Repository/UpdateMatrix?psnId=${candidates.personId}&psnEntity=U&${param}=${encodeURIComponent(xml)}`,
      { headers: adminSession.headers, agent: false },
    );
    if (res.status !== 200) throw new Error(`UpdateMatrix ${param}: ${res.status} ${res.body}`);
    return res;
  };
  await matrix(
    'insertXml',
    `<matrix><x id="300001"><y id="${target.sector}"><z value="2120300001"/></y></x></matrix>`,
  );
  // Both processes serve the report (and hold the entitlement in their caches).
  let opened = 0;
  for (let i = 0; i < 200 && opened < 20; i += 1)
    opened = (await open(target.report)).status === 200 ? opened + 1 : 0;
  if (opened < 20) throw new Error('two-processes: the granted sector did not open the report');
  let probe = 0;
  /** @type {{ n: number, status: number, start: number, end: number }[]} */
  const probes = [];
  let probing = true;
  const probeLoop = async () => {
    while (probing) {
      probe += 1;
      const n = probe;
      const res = await open(target.report, `?probe=${n}`);
      probes.push({ n, status: res.status, start: res.start, end: res.end });
    }
  };
  const loops = Promise.all(Array.from({ length: 8 }, probeLoop));
  await sleep(500);
  const revoke = await matrix('deleteXml', `<matrix><x id="300001"><y id="${target.sector}"/></x></matrix>`);
  const revoked = revoke.end;
  await sleep(1500);
  probing = false;
  await loops;
  await sleep(500);
  // Which process answered each probe: the pid of its request line in the log (JSON lines).
  /** @type {Map<number, number>} */
  const pidOf = new Map();
  for (const line of readFileSync(portal.proc.log, 'utf8').split('\n')) {
    if (!line.includes('probe=')) continue;
    try {
      const entry = JSON.parse(line);
      const match = /probe=(\d+)/.exec(String(entry.url ?? ''));
      if (entry.kind === 'request' && match) pidOf.set(Number(match[1]), Number(entry.pid));
    } catch {
      // not a JSON line
    }
  }
  await stopChild(portal.proc.child);
  const pids = [...new Set(pidOf.values())].sort((a, b) => a - b);
  const perProcess = pids.map((pid) => {
    const mine = probes.filter((p) => pidOf.get(p.n) === pid);
    const first403 = mine.filter((p) => p.status === 403).reduce((min, p) => Math.min(min, p.end), Infinity);
    // answers still 200 to requests sent after the revoke had been answered
    const stale = mine.filter((p) => p.start > revoked && p.status === 200);
    const lastStale = stale.reduce((max, p) => Math.max(max, p.start - revoked), 0);
    const after = mine.filter((p) => p.start > revoked).length;
    return {
      pid,
      first403Ms: first403 - revoked,
      stale: stale.length,
      lastStaleMs: lastStale,
      after,
      total: mine.length,
    };
  });
  const unmatched = probes.filter((p) => !pidOf.has(p.n)).length;
  const other = probes.filter((p) => p.status !== 200 && p.status !== 403).length;
  const pass =
    perProcess.length === 2 &&
    perProcess.every((p) => p.first403Ms <= 100 && p.lastStaleMs <= 100) &&
    other === 0;
  for (const p of perProcess)
    console.log(
      `two-processes: pid ${p.pid}: first 403 ${p.first403Ms.toFixed(1)} ms after the revoke's answer; ${p.after} requests sent after it, ${p.stale} of them still 200` +
        `${p.stale ? ` (the last sent ${p.lastStaleMs.toFixed(1)} ms after)` : ''}; ${p.total} probes in all`,
    );
  console.log(
    `two-processes: ${probes.length} probes over fresh connections, ${unmatched} not found in the log, ${other} answered neither 200 nor 403`,
  );
  const perText = perProcess
    .map(
      (p) =>
        `pid ${p.pid}: first 403 ${p.first403Ms.toFixed(1)} ms after, ${p.stale} of ${p.after} later requests still 200`,
    )
    .join('; ');
  return {
    pass,
    summary: perProcess.length === 2 ? perText : `only ${perProcess.length} process(es) answered`,
    details: [
      `\`WEB_CONCURRENCY=2\` on a throw-away PostgreSQL 15 (default cache TTL). client@demo.test granted the sector ${target.sector} (the only sector of report ${target.report}) through \`GET /api/Repository/UpdateMatrix?insertXml=\`, ` +
        `the report opened 20 times in a row, then 8 loops asking \`GET /api/report/S-${target.report}\` each over a fresh connection (\`agent: false\`, so both processes answer) while the admin revokes the sector (\`deleteXml\`). ` +
        `Each answer's process is the pid of its request line in the log. ${perText}. Target: both refuse within 100 ms of the revoke's answer.`,
    ],
  };
};

// ---------------------------------------------------------------------------------------------------------------

/** @type {Record<string, () => Promise<Verdict>>} */
const scenarios = {
  smtp: smtpScenario,
  'pglite-kill': pgliteKillScenario,
  'pg-restart': pgRestartScenario,
  'kill-mid-write': killMidWriteScenario,
  'two-processes': twoProcessesScenario,
};

/** @type {{ name: string, verdict: Verdict, seconds: number }[]} */
const results = [];
try {
  for (const name of allScenarios.filter((n) => only.includes(n))) {
    console.log(`\n== ${name}`);
    const from = now();
    /** @type {Verdict} */
    let verdict;
    try {
      verdict = await /** @type {() => Promise<Verdict>} */ (scenarios[name])();
    } catch (error) {
      console.error(error);
      verdict = {
        pass: false,
        summary: `error: ${String(/** @type {Error} */ (error).message).split('\n')[0]}`,
        details: [],
      };
      for (const stopLoad of activeLoads) stopLoad();
      await harness.stopChildren();
    }
    const seconds = (now() - from) / 1000;
    results.push({ name, verdict, seconds });
    console.log(`${verdict.pass ? 'PASS' : 'FAIL'} ${name} (${seconds.toFixed(0)} s): ${verdict.summary}`);
  }
} finally {
  await harness.stopChildren();
  /** @type {{ stop(): void } | null} */ (postgres)?.stop();
  await harness.close();
}

const loadAtEnd = os.loadavg();
const loadText = (/** @type {number[]} */ l) => l.map((v) => v.toFixed(2)).join(' / ');
console.log('\nresilience:');
for (const r of results) console.log(`  ${r.verdict.pass ? 'PASS' : 'FAIL'} ${r.name}: ${r.verdict.summary}`);

if (!args['no-write'] && results.length > 0) {
  const command = [
    'node bench/resilience.mjs',
    ...process.argv.slice(2).filter((a) => a !== '--no-write'),
  ].join(' ');
  const lines = [
    '',
    `## Resilience (issue 26), ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${command}\` (\`npm run resilience\`). The compiled portal as a child process on 127.0.0.1 (development mode, for the demo accounts). ` +
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, shared with other work; ` +
      `load average ${loadText(loadAtStart)} at the start, ${loadText(loadAtEnd)} at the end. Total ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s.`,
    '',
    '| scenario | verdict | figures | time |',
    '| --- | --- | --- | ---: |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.verdict.pass ? 'PASS' : 'FAIL'} | ${r.verdict.summary.replaceAll('|', '/')} | ${r.seconds.toFixed(0)} s |`,
    ),
    '',
    ...results.flatMap((r) => [`**${r.name}.** ${r.verdict.details.join('\n') || r.verdict.summary}`, '']),
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`appended to ${path.relative(process.cwd(), resultsFile)}`);
}
if (results.some((r) => !r.verdict.pass)) process.exitCode = 1;
