#!/usr/bin/env node
// The admin's users table at scale (issue 13, "Done when": 100,000 users and 2,000 firms, search by e-mail prefix
// and sort by last login, p99 under 50 ms on PostgreSQL). Fills its own PostgreSQL database once (the demo seed
// plus `npm run seed:scale -- --reports 0 --users 100000 --firms 2000 --contacts 20000`, then `vacuum analyze`) and
// reuses it while it holds those rows; then, for each cache setting (CACHE_TTL_MS=0: every request reaches the
// database; the default cache as shipped), starts the portal on it, signs in as the demo admin and asks each call
// `--requests` times one after the other (after one warm-up round over its probes): latency percentiles of single
// requests, i.e. what a query costs, not capacity under load.
//   node bench/admin-users.mjs [--database-url postgres://postgres@127.0.0.1:55433/users100k] [--requests 200]
//     [--reseed] [--no-write]
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createHarness, inheritedEnv, startPortal, tail } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:55433/users100k' },
    requests: { type: 'string', default: '200' },
    reseed: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const databaseUrl = String(args['database-url']);
const requests = Number(args.requests);
const scale = { users: 100_000, firms: 2_000, contacts: 20_000 };
/** ids of the generator's firms begin here (apps/server/src/seed/users-scale.ts) */
const syntheticFirmIdBase = 8_200_001;
const ceilingMs = 50;
const admin = { email: 'admin@demo.test', password: 'Portal-demo-1' };
if (!databaseUrl.startsWith('postgres') || !(requests >= 20)) {
  console.error(
    'usage: node bench/admin-users.mjs [--database-url postgres://...] [--requests <at least 20>] [--reseed] [--no-write]',
  );
  process.exit(2);
}
const dbName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`unexpected database name ${dbName}`);
const maintenanceUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();

const harness = createHarness('portal-bench-admin-users-');

/**
 * Runs `fn` with a client on `url`.
 * @template T
 * @param {string} url
 * @param {(c: pg.Client) => Promise<T>} fn
 * @returns {Promise<T>}
 */
const withClient = async (url, fn) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/** Whether the database holds the generator's client base at this scale. */
const isSeeded = () =>
  withClient(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `select (select count(*) from firms where id >= $1)::int as firms,
              (select count(*) from users where password_hash = '!synthetic-user')::int as users`,
      [syntheticFirmIdBase],
    );
    return rows[0].firms === scale.firms && rows[0].users === scale.users;
  }).catch(() => false);

const prepare = async () => {
  const exists = await withClient(maintenanceUrl, async (c) => {
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [dbName]);
    return rows.length > 0;
  });
  if (exists && !args.reseed) {
    if (await isSeeded()) {
      console.log(
        `${dbName}: reusing (${scale.users} users at ${scale.firms} firms; --reseed to start again)`,
      );
      return;
    }
    throw new Error(`${dbName} exists without the benchmark's users: pass --reseed to drop and fill it`);
  }
  await withClient(maintenanceUrl, async (c) => {
    if (exists) await c.query(`drop database ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
  });
  console.log(`${dbName}: seeding the demo content and ${scale.users} users at ${scale.firms} firms...`);
  const started = performance.now();
  const seed = harness.start(
    'seed',
    [
      'npm',
      'run',
      'seed:scale',
      '--',
      '--reports',
      '0',
      '--users',
      String(scale.users),
      '--firms',
      String(scale.firms),
      '--contacts',
      String(scale.contacts),
    ],
    { ...inheritedEnv(), DATABASE_URL: databaseUrl, DATA_DIR: path.join(harness.workDir, 'seed-files') },
  );
  const code = await new Promise((resolve) => seed.child.once('exit', resolve));
  if (code !== 0) throw new Error(`seed:scale failed (exit ${code}); its log: ${seed.log}`);
  // Statistics and visibility map as autovacuum would leave them in steady state.
  await withClient(databaseUrl, (c) => c.query('vacuum analyze'));
  console.log(`${dbName}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
};

/**
 * Probes taken from the data, the same on every run of the same seed: e-mail prefixes of users spread over the
 * table (frequent prefixes come up as often as people type them), and firm names' first words for the external
 * system's company search.
 */
const probes = () =>
  withClient(databaseUrl, async (c) => {
    /** @type {string[]} */
    const emails = [];
    for (const offset of [137, 7_919, 21_011, 38_873, 52_711, 66_457, 79_999, 91_291, 99_013]) {
      const r = await c.query(
        `select lower(email) as email from users where password_hash = '!synthetic-user' order by id offset $1 limit 1`,
        [offset],
      );
      emails.push(/** @type {string} */ (r.rows[0].email));
    }
    const firms = await c.query('select name from firms where id in ($1, $2, $3) order by id', [
      syntheticFirmIdBase + 3,
      syntheticFirmIdBase + 500,
      syntheticFirmIdBase + 1_700,
    ]);
    const prefix = (/** @type {number} */ n, /** @type {number} */ from) =>
      emails.slice(from, from + 3).map((e) => e.slice(0, n));
    return {
      one: prefix(1, 0),
      three: prefix(3, 3),
      six: prefix(6, 6),
      companies: firms.rows.map((f) => /** @type {string} */ (f.name).split(' ')[0] ?? ''),
    };
  });

/** @typedef {{ label: string, urls: string[], shown: string }} Row */

/** @returns {Promise<Row[]>} */
const rowsToRun = async () => {
  const p = await probes();
  const website = '/api/admin/users/website';
  const q = (/** @type {string} */ type, /** @type {string} */ term) =>
    `/api/admin/users/${type}?q=${encodeURIComponent(term)}`;
  const sorted = (/** @type {number} */ page) =>
    `${website}?sort=tLoingRecord_Time&dir=desc${page > 1 ? `&page=${page}` : ''}`;
  const list = (/** @type {string[]} */ terms) => terms.map((t) => `\`${t}\``).join(' ');
  return [
    {
      label: 'website, q = 1-character e-mail prefix',
      urls: p.one.map((t) => q('website', t)),
      shown: list(p.one),
    },
    {
      label: 'website, q = 3-character e-mail prefix',
      urls: p.three.map((t) => q('website', t)),
      shown: list(p.three),
    },
    {
      label: 'website, q = 6-character e-mail prefix',
      urls: p.six.map((t) => q('website', t)),
      shown: list(p.six),
    },
    { label: 'website, sort by last login desc, page 1', urls: [sorted(1)], shown: '' },
    { label: 'website, sort by last login desc, page 50', urls: [sorted(50)], shown: '' },
    { label: 'website, sort by last login desc, page 500', urls: [sorted(500)], shown: '' },
    { label: 'website, Import Suggestions, page 1', urls: [`${website}?suggestion=1`], shown: '' },
    {
      label: 'spyder, q = company name word',
      urls: p.companies.map((t) => q('spyder', t)),
      shown: list(p.companies),
    },
  ];
};

/** Nearest-rank percentile of sorted values. */
const percentile = (/** @type {number[]} */ sorted, /** @type {number} */ p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** @typedef {{ p50: number, p95: number, p99: number, hits: string }} Timing */

/** Starts the portal with `cacheEnv`, signs in as the admin, times every row; stops the portal. */
const measure = async (/** @type {Row[]} */ rows, /** @type {Record<string, string>} */ cacheEnv) => {
  const { base, cookie, portal } = await startPortal(
    harness,
    `portal-${cacheEnv.CACHE_TTL_MS ?? 'default'}`,
    databaseUrl,
    { env: cacheEnv, account: admin },
  );
  try {
    /** @type {Timing[]} */
    const out = [];
    for (const row of rows) {
      /** @type {Map<string, number>} */
      const totals = new Map();
      const ask = async (/** @type {string} */ url) => {
        const started = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { cookie } });
        const body = await res.json();
        const ms = performance.now() - started;
        if (!res.ok || !Array.isArray(body?.data))
          throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        if (body.data.length === 0) throw new Error(`${url}: an empty page (the probes should find rows)`);
        totals.set(url, body.total);
        return ms;
      };
      for (const url of row.urls) await ask(url); // warm-up: connections, plans, JIT of the handlers
      const times = [];
      for (let i = 0; i < requests; i++) times.push(await ask(row.urls[i % row.urls.length] ?? ''));
      times.sort((a, b) => a - b);
      out.push({
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        hits: row.urls.map((u) => totals.get(u)?.toLocaleString('en-US')).join(' / '),
      });
      const t = /** @type {Timing} */ (out.at(-1));
      console.log(
        `  ${row.label}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms (total ${t.hits})`,
      );
    }
    return out;
  } catch (error) {
    // the work folder (and the portal's log) goes at the end: show why the portal stopped answering
    throw new Error(`${/** @type {Error} */ (error).message}; the portal's log:\n${tail(portal.log)}`, {
      cause: error,
    });
  } finally {
    await harness.stopChildren();
  }
};

const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;

const table = (/** @type {Row[]} */ rows, /** @type {Timing[]} */ off, /** @type {Timing[]} */ on) => [
  `| call | probes | total (rows matched) | cache off p50 | p95 | p99 | cache on p50 | p95 | p99 | p99 < ${ceilingMs} ms |`,
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows.map((row, i) => {
    const a = /** @type {Timing} */ (off[i]);
    const b = /** @type {Timing} */ (on[i]);
    const met = Math.max(a.p99, b.p99) < ceilingMs;
    return (
      `| ${row.label} | ${row.shown} | ${a.hits} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.p99)} |` +
      ` ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.p99)} | ${met ? 'met' : '**not met**'} |`
    );
  }),
];

const record = (/** @type {string[]} */ lines, /** @type {string} */ load, /** @type {boolean} */ busy) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const cmd = `node bench/admin-users.mjs${
    process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''
  }`;
  const text = [
    '',
    `## Users table (issue 13), PostgreSQL, ${scale.users.toLocaleString('en-US')} users at ${scale.firms.toLocaleString('en-US')} firms, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`${cmd}\`. Machine: ${os.availableParallelism()} cores (${cpu}), Node` +
      ` ${process.version}; load average before the run ${load}${
        busy ? ' (other work was running on the same cores: read the figures as an upper bound)' : ''
      }. Data: the demo seed plus \`npm run seed:scale -- --reports 0 --users ${scale.users} --firms ${scale.firms}` +
      ` --contacts ${scale.contacts}\` (website users with their persons, about 8% e-mail not verified, 22% pending,` +
      ' 70% activated, most of those imported; last logins over two years; CRM contacts without a login), then' +
      ` \`vacuum analyze\`. Signed in as ${admin.email}; each call ${requests} times one after the other after one` +
      ' warm-up round over its probes (round-robin), timed at the client (HTTP on 127.0.0.1 included). "cache off":' +
      ' the portal with `CACHE_TTL_MS=0`; "cache on": the default cache as shipped. "total": the reply\'s `total`' +
      ' per probe.',
    '',
    ...lines,
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, text.join('\n'));
  formatResults();
  console.log(`admin-users: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
};

let exitCode = 0;
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(sig, () => harness.close().finally(() => process.exit(130)));
}
try {
  await prepare();
  const averages = os.loadavg();
  const load = averages.map((x) => x.toFixed(2)).join(' / ');
  const busy = (averages[0] ?? 0) > os.availableParallelism();
  const rows = await rowsToRun();
  console.log('cache off (CACHE_TTL_MS=0):');
  const off = await measure(rows, { CACHE_TTL_MS: '0' });
  console.log('cache on (as shipped):');
  const on = await measure(rows, {});
  const lines = table(rows, off, on);
  console.log(`\n${lines.join('\n')}`);
  const missed = rows.filter((_, i) => Math.max(off[i]?.p99 ?? 0, on[i]?.p99 ?? 0) >= ceilingMs);
  if (missed.length > 0) {
    console.log(`\nNOT MET (p99 >= ${ceilingMs} ms): ${missed.map((r) => r.label).join('; ')}`);
    exitCode = 1;
  }
  if (!args['no-write']) record(lines, load, busy);
} catch (err) {
  console.error(`admin-users: ${/** @type {Error} */ (err).stack ?? err}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
