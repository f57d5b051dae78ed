#!/usr/bin/env node
// Posts (issue 14) on PostgreSQL: the post page and the leave call under load against a bare Fastify ceiling, and
// the blog list's keyset pages with 10,000 posts in one blog against the demo's handful.
//   node bench/posts.mjs [--database-url postgres://postgres@127.0.0.1:55433/posts_bench] [--duration 10] [--no-write]
// The database is dropped and made again on every run (the demo seed, then 10,000 posts in one blog).
//
// 1. GET /api/post/{id} signed in as client@demo.test on a pi post it may read (each request records a visit), and
//    GET /api/post/leave/{id}?visit= with the CSRF header, each request closing one of the visits the first run
//    made (a closed visit answers 409, so every request needs its own). Side by side with bare-routes.mjs answering
//    the same URLs with the portal's own replies. Target: the post page >= 30% of its ceiling's req/s.
// 2. GET /api/blog/getPosts?key= first page, page 50 and the last page (following `next`), 200 requests each one
//    after the other, p99, with the demo's posts and again with 10,000 posts in that blog; with CACHE_TTL_MS=0 and
//    the default cache. EXPLAIN (ANALYZE) of the list's keyset query.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDir,
  createHarness,
  freePort,
  host,
  portalCommand,
  signIn,
  stopChild,
  waitFor,
} from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:55433/posts_bench' },
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const databaseUrl = String(args['database-url']);
const duration = Number(args.duration);
const connections = 50;
const sequential = 200;
const scalePosts = 10_000;
const energyKey = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const dbName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
const maintenanceUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();

/** @type {[string, Record<string, string>][]} */
const cacheModes = [
  ['cache off', { CACHE_TTL_MS: '0' }],
  ['default cache', {}],
];

const harness = createHarness('portal-bench-posts-');
/** @template T @param {string} url @param {(c: pg.Client) => Promise<T>} fn @returns {Promise<T>} */
const withClient = async (url, fn) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};
const baseEnv = () => {
  const env = { ...process.env };
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS']) delete env[key];
  return env;
};

const startPortal = async (/** @type {Record<string, string>} */ extra = {}) => {
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const proc = harness.start(`portal-${port}`, await portalCommand(), {
    ...baseEnv(),
    PORT: String(port),
    HOST: host,
    DATA_DIR: path.join(harness.workDir, 'data'),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    ...extra,
  });
  await waitFor(`${base}/api/health`, proc, 600_000);
  return { base, proc };
};

/** The CSRF header's token for a session (the SPA reads it from /users/me's header; the cookie holds another form). */
const csrfOf = async (/** @type {string} */ base, /** @type {string} */ cookie) => {
  const token = (await fetch(`${base}/api/users/me`, { headers: { cookie } })).headers.get('x-csrf-token');
  if (!token) throw new Error('GET /api/users/me gave no x-csrf-token header');
  return token;
};

/** @param {string} label @param {import('autocannon').Options} options */
const loadRow = async (label, options) => {
  // Every measured server (the portal and the ceiling alike) first takes 3 s of the same load, discarded: the
  // figures are of a warmed process (JIT, caches), not of its first seconds.
  if (!options.amount) await autocannon({ connections, ...options, duration: 3 });
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
    `${label.padEnd(44)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, ${row.failures} failed)`,
  );
  return row;
};

/** @param {string} url @param {Record<string, string>} headers */
const p99Of = async (url, headers) => {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < sequential; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(sequential * 0.5)] ?? 0, p99: times[Math.floor(sequential * 0.99)] ?? 0 };
};

/** The blog's first page, page 50 (or the last, if fewer) and the last page, following `next`. */
const listPages = async (/** @type {string} */ base, /** @type {string} */ cookie) => {
  const pages = [`/api/blog/getPosts?key=${energyKey}`];
  let url = pages[0];
  for (;;) {
    const body = await (await fetch(`${base}${url}`, { headers: { cookie } })).json();
    if (!body.next) break;
    url = `/api/blog/getPosts?key=${energyKey}&cursor=${encodeURIComponent(body.next)}`;
    pages.push(url);
  }
  return {
    first: pages[0],
    fiftieth: pages[Math.min(49, pages.length - 1)],
    last: pages.at(-1),
    count: pages.length,
  };
};

/** @param {string} label @param {string} base @param {string} cookie */
const measureList = async (label, base, cookie) => {
  const { first, fiftieth, last, count } = await listPages(base, cookie);
  const rows = [];
  for (const [name, url] of [
    ['first page', first],
    [`page ${Math.min(50, count)}`, fiftieth],
    [`last page (${count})`, last],
  ]) {
    const { p50, p99 } = await p99Of(`${base}${url}`, { cookie });
    rows.push({ label: `${label}, ${name}`, p50: p50.toFixed(1), p99: p99.toFixed(1) });
    console.log(`${`${label}, ${name}`.padEnd(44)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
  }
  return rows;
};

const main = async () => {
  console.log(`posts: making ${dbName} (demo seed, a minute or two)`);
  await withClient(maintenanceUrl, async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
  });
  let portal = await startPortal();
  // The process that seeded the database is not the one measured: a server started on a seeded database is.
  await stopChild(portal.proc.child);
  portal = await startPortal();
  const client = await signIn(portal.base);
  const csrf = await csrfOf(portal.base, client.cookie);
  const firstPage = await (
    await fetch(`${portal.base}/api/blog/getPosts?key=${energyKey}`, { headers: { cookie: client.cookie } })
  ).json();
  const postId = firstPage.data[0].id;
  const postUrl = `/api/post/${postId}`;
  const postReply = await (
    await fetch(`${portal.base}${postUrl}`, { headers: { cookie: client.cookie } })
  ).json();
  if (!postReply.data?.visit)
    throw new Error(`GET ${postUrl} gave no visit: ${JSON.stringify(postReply).slice(0, 300)}`);

  // 1. post page and leave. The load run reads no reply bodies (like the ceiling's run: a load generator that
  // buffers each 5 KB body shares the 2 cores with the server); the visits it opened are read from the database
  // afterwards, for the leave run to close one each.
  const postRow = await loadRow(`GET /api/post/${postId} (pi, signed in)`, {
    url: `${portal.base}${postUrl}`,
    headers: { cookie: client.cookie },
    duration,
  });
  // the server writes visits in batches every 50 ms: wait for the last one
  await new Promise((resolve) => setTimeout(resolve, 500));
  /** @type {string[]} */
  const visits = await withClient(databaseUrl, async (c) =>
    (
      await c.query(
        `select v.id from post_visits v join users u on u.id = v.user_id
         where v.post_id = $1 and lower(u.email) = $2 and v.exit_at is null`,
        [postId, 'client@demo.test'],
      )
    ).rows.map((row) => String(row.id)),
  );
  const leavePath = (/** @type {string} */ visit) => `/api/post/leave/${postId}?visit=${visit}`;
  const leaveSample = await fetch(`${portal.base}${leavePath(postReply.data.visit)}`, {
    headers: { cookie: client.cookie, 'x-csrf-token': csrf },
  });
  const leaveReply = await leaveSample.json();
  if (leaveSample.status !== 200)
    throw new Error(`leave: HTTP ${leaveSample.status} ${JSON.stringify(leaveReply)}`);
  let next = 0;
  const leaveRow = await loadRow('GET /api/post/leave/{id}?visit= (CSRF)', {
    url: portal.base,
    headers: { cookie: client.cookie, 'x-csrf-token': csrf },
    amount: visits.length,
    requests: [
      { setupRequest: (req) => ({ ...req, path: leavePath(visits[next++ % visits.length] ?? '') }) },
    ],
  });
  const bodiesFile = path.join(harness.workDir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ [postUrl]: postReply, [leavePath('x')]: leaveReply }));
  const barePort = await freePort();
  const bare = harness.start('bare', [process.execPath, path.join(benchDir, 'bare-routes.mjs')], {
    ...baseEnv(),
    PORT: String(barePort),
    BODIES_FILE: bodiesFile,
  });
  await waitFor(`http://${host}:${barePort}${postUrl}`, bare);
  const barePost = await loadRow('bare Fastify, same post JSON (ceiling)', {
    url: `http://${host}:${barePort}${postUrl}`,
    duration,
  });
  const bareLeave = await loadRow('bare Fastify, same leave JSON (ceiling)', {
    url: `http://${host}:${barePort}${leavePath('x')}`,
    duration,
  });
  const share = postRow.reqPerSec / barePost.reqPerSec;
  console.log(
    `post page: ${(share * 100).toFixed(0)}% of its ceiling (target >= 30%): ${share >= 0.3 ? 'MET' : 'NOT MET'}`,
  );

  // The uncached path (no target: a cache hides a slow query, it does not fix it): every read resolves the
  // session, the entitlement and the post from the database.
  await stopChild(portal.proc.child);
  portal = await startPortal({ CACHE_TTL_MS: '0' });
  const uncachedClient = await signIn(portal.base);
  const uncachedRow = await loadRow(`GET /api/post/${postId}, CACHE_TTL_MS=0`, {
    url: `${portal.base}${postUrl}`,
    headers: { cookie: uncachedClient.cookie },
    duration,
  });

  // 2. the blog list, with the demo's posts, then with 10,000 in the blog
  /** @type {{ label: string, p50: string, p99: string }[]} */
  const list = [];
  await stopChild(portal.proc.child);
  for (const [cache, env] of cacheModes) {
    portal = await startPortal(env);
    const session = await signIn(portal.base);
    list.push(...(await measureList(`demo posts, ${cache}`, portal.base, session.cookie)));
    await stopChild(portal.proc.child);
  }
  console.log(`posts: adding ${scalePosts} posts to the energy blog`);
  const explain = await withClient(databaseUrl, async (c) => {
    await c.query(
      `insert into posts (blog_key, title, html, draft, body_text, words, publish, created_at, updated_at, published_at)
       select $1, 'Scale note ' || g, '<p>Scale note ' || g || ' on grids and solar.</p>', '{"type":"doc"}'::jsonb,
              'Scale note ' || g || ' on grids and solar.', 7, g % 10 <> 0, now() - g * interval '1 hour',
              now() - g * interval '1 hour', case when g % 10 <> 0 then now() - g * interval '1 hour' end
       from generate_series(1, $2::int) g`,
      [energyKey, scalePosts],
    );
    await c.query('vacuum analyze posts');
    // The statement of posts.repository.ts listPostPage (its keyset condition as it sends it), at page 50 and at
    // the last page: a filter on the index scan grows with the depth, an index condition does not.
    /** @param {number} offset */
    const planAt = async (offset) => {
      const position = await c.query(
        `select to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, id from posts
         where blog_key = $1 and publish order by published_at desc nulls last, id desc offset $2 limit 1`,
        [energyKey, offset],
      );
      const { at, id } = position.rows[0];
      const plan = await c.query(
        `explain (analyze, costs off, timing off, summary on)
         select p.id, p.title, p.publish, p.words, p.image, left(p.body_text, 400) as text_start,
                b.topic, b.access_type, b.selected_sectors
         from posts p join blogs b on b.key = p.blog_key
         where p.publish = true and p.blog_key = $1
           and (p.published_at, p.id) < (($2::timestamp at time zone 'UTC'), $3)
         order by p.published_at desc nulls last, p.id desc nulls last limit 13`,
        [energyKey, at, id],
      );
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    const published = Number(
      (await c.query('select count(*) from posts where blog_key = $1 and publish', [energyKey])).rows[0]
        .count,
    );
    return `-- page 50\n${await planAt(49 * 12)}\n-- last page\n${await planAt(Math.max(0, published - 13))}`;
  });
  console.log(explain);
  for (const [cache, env] of cacheModes) {
    portal = await startPortal(env);
    const session = await signIn(portal.base);
    list.push(...(await measureList(`${scalePosts} posts, ${cache}`, portal.base, session.cookie)));
    await stopChild(portal.proc.child);
  }
  return { load: [postRow, barePost, leaveRow, bareLeave, uncachedRow], share, list, explain };
};

/** @param {Awaited<ReturnType<typeof main>>} result */
const record = ({ load, share, list, explain }) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '',
    `## Posts (issue 14), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`node bench/posts.mjs\`. Machine: ${os.availableParallelism()} cores (${cpu}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at the end), Node ${process.version}. Portal on PostgreSQL 15 (127.0.0.1:55433, database made for the run), LOG_LEVEL=warn; autocannon, ${connections} connections, ${duration} s per row (the leave row: one request per visit the post rows made), load generator on the same machine; each server is measured after 3 s of the same load (discarded), in a process started on the seeded database.`,
    '',
    '| target | req/s (mean) | p50 | p99 | requests |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...load.map((r) => `| ${r.label} | ${r.reqPerSec} | ${r.p50} ms | ${r.p99} ms | ${r.requests} |`),
    '',
    `Post page: ${(share * 100).toFixed(0)}% of its ceiling (target >= 30%): **${share >= 0.3 ? 'MET' : 'NOT MET'}**.`,
    '',
    `Blog list (GET /api/blog/getPosts?key=, keyset pages followed through \`next\`), ${sequential} requests one after the other per row:`,
    '',
    '| rows | p50 | p99 |',
    '| --- | ---: | ---: |',
    ...list.map((r) => `| ${r.label} | ${r.p50} ms | ${r.p99} ms |`),
    '',
    'EXPLAIN (ANALYZE) of the keyset page query at 10,000 posts (page 50):',
    '',
    '```',
    explain,
    '```',
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
};

let exitCode = 0;
try {
  const result = await main();
  if (!args['no-write']) record(result);
  if (result.share < 0.3) exitCode = 1;
} catch (err) {
  console.error(`posts: ${/** @type {Error} */ (err).stack}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
