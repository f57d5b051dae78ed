#!/usr/bin/env node
// Two builds' research list call side by side (issue 26). Runs the compiled research service's
// list call for `client@demo.test` (caches off, as with CACHE_TTL_MS=0) of build A and of build B, each in its own
// process with its own pool of 10 connections, in alternating rounds of 1,000 calls with 50 in flight, and prints
// for each build its process's CPU and PostgreSQL's CPU (every backend of the database, from /proc) per call. The
// machine's speed moves by 2x within minutes here, so two builds are only compared inside one run, round by round.
// (Two builds in one process do not compare: whichever runs second in a round paid 150 to 250 µs a call more, the
// same build against itself included.)
// Usage: DATABASE_URL=postgres://... node bench/list-call-ab.mjs <dist A> <dist B> [query, default type=all]
//   [--rounds 6]; a dist is a server build's folder (node scripts/server-build.mjs; for an older commit:
//   `git archive <rev> apps/server packages scripts tsconfig.base.json package.json | tar -x -C <dir>`, link the
//   node_modules folders, build there). Reads /proc: Linux only.

import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openResearchListCall } from './research-list-call.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '6' }, child: { type: 'string' } },
});
const databaseUrl = process.env.DATABASE_URL;
const perRound = 1000;
const inFlight = 50;

/** @param {string} dir @param {string} query */
const listCallOf = async (dir, query) => {
  const research = await openResearchListCall(dir, String(databaseUrl));
  const params = Object.fromEntries(new URLSearchParams(query));
  const call = () => research.list(params);
  // warm up: every connection of the pool opened, every statement prepared on it
  for (let i = 0; i < 5; i++) await Promise.all(Array.from({ length: inFlight }, call));
  return { call, reply: await call(), close: research.close };
};

if (options.child) {
  // A child: one build's list call, a round each time the parent asks.
  const build = await listCallOf(options.child, positionals[0] ?? 'type=all');
  const send = (/** @type {unknown} */ message) => process.send?.(message);
  process.on('message', async (/** @type {string} */ message) => {
    if (message === 'stop') {
      await build.close();
      process.exit(0);
    }
    let left = perRound;
    const worker = async () => {
      while (left-- > 0) await build.call();
    };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(Array.from({ length: inFlight }, worker));
    const cpu = process.cpuUsage(cpu0);
    send({ cpu: cpu.user + cpu.system, seconds: (performance.now() - t0) / 1000 });
  });
  send({ reply: JSON.stringify(build.reply) });
} else {
  const [distA, distB, query = 'type=all'] = positionals;
  if (!distA || !distB || !databaseUrl) {
    console.error('usage: DATABASE_URL=postgres://... node bench/list-call-ab.mjs <dist A> <dist B> [query]');
    process.exit(2);
  }
  const rounds = Number(options.rounds);
  const self = fileURLToPath(import.meta.url);
  const start = (/** @type {string} */ dist) => {
    const child = fork(self, [query, '--child', dist]);
    /** @type {(message: any) => void} */
    let waiting = () => {};
    child.on('message', (message) => waiting(message));
    const next = () => new Promise((resolve) => (waiting = resolve));
    return { child, next, ready: next() };
  };
  const a = start(distA);
  const b = start(distB);
  const same = (await a.ready).reply === (await b.ready).reply;

  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  /** user + system clock ticks (1/100 s) of every client backend of the database */
  const ticks = async () => {
    const { rows } = await monitor.query(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend'`,
    );
    return rows.reduce((sum, row) => {
      try {
        const fields = readFileSync(`/proc/${row.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return sum + Number(fields[11]) + Number(fields[12]);
      } catch {
        return sum;
      }
    }, 0);
  };
  const totals = new Map([
    [a, { server: 0, database: 0, perSecond: 0 }],
    [b, { server: 0, database: 0, perSecond: 0 }],
  ]);
  for (let i = 0; i < rounds; i++) {
    for (const build of [a, b]) {
      const pg0 = await ticks();
      const done = build.next();
      build.child.send('round');
      const { cpu, seconds } = await done;
      const t = totals.get(build);
      if (!t) continue;
      t.server += cpu / perRound;
      t.database += ((await ticks()) - pg0) * (10_000 / perRound);
      t.perSecond += perRound / seconds;
    }
  }
  await monitor.end();
  const [load1, load5] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(`list call ?${query}, ${rounds} alternated rounds of ${perRound} calls, ${inFlight} in flight`);
  for (const [build, name, dir] of /** @type {const} */ ([
    [a, 'A', distA],
    [b, 'B', distB],
  ])) {
    const t = totals.get(build) ?? { server: 0, database: 0, perSecond: 0 };
    console.log(
      `${name} ${dir}: server ${(t.server / rounds).toFixed(0)} µs, PostgreSQL ${(t.database / rounds).toFixed(0)} µs of CPU a call; ${(t.perSecond / rounds).toFixed(0)} calls/s`,
    );
  }
  console.log(`replies ${same ? 'identical' : 'DIFFER'}; load average ${load1} ${load5}`);
  a.child.send('stop');
  b.child.send('stop');
}
