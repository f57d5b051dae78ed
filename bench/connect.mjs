#!/usr/bin/env node
// CONNECT (issue 15) on PostgreSQL: booking throughput with 50 connections over distinct slots, then cancelling
// each of them, and GET /api/connect/events; each beside its ceilings measured in the same run: the portal's own
// GET /api/health (the stack with no work: session cookie, plugins, one reply) and a bare Fastify answering the
// same URL with the same JSON (bare-routes.mjs).
//   node bench/connect.mjs [--database-url postgres://postgres@127.0.0.1:55433/connect_bench] [--duration 10]
//     [--no-write]
// The database is dropped and made again on every run (the demo seed, then a calendar of 100,000 free slots of a
// bench analyst). Booking signs in as the demo admin (admins may always book, so the subscriber check is the
// cached entitlement's only for readers: see README); each request books a different free slot, so every one is
// a winning insert with its two outbox mails in one transaction; the cancel row then cancels each of them once.
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
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:55433/connect_bench' },
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const databaseUrl = String(args['database-url']);
const duration = Number(args.duration);
const connections = 50;
const slotCount = 100_000;
const admin = { email: 'admin@demo.test', password: 'Portal-demo-1' };
const dbName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`unexpected database name ${dbName}`);
const maintenanceUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();

const harness = createHarness('portal-bench-connect-');
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
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'SMTP_URL', 'CORS_ORIGINS', 'CACHE_TTL_MS']) delete env[key];
  return env;
};

const startPortal = async () => {
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
  });
  await waitFor(`${base}/api/health`, proc, 600_000);
  return { base, proc };
};

/** The CSRF header's token for a session (the SPA reads it from /users/me's header). */
const csrfOf = async (/** @type {string} */ base, /** @type {string} */ cookie) => {
  const token = (await fetch(`${base}/api/users/me`, { headers: { cookie } })).headers.get('x-csrf-token');
  if (!token) throw new Error('GET /api/users/me gave no x-csrf-token header');
  return token;
};

/** @param {string} label @param {import('autocannon').Options} options */
const loadRow = async (label, options) => {
  // Every measured server first takes 3 s of the same load, discarded (warmed process: JIT, caches, pool).
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
    `${label.padEnd(52)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, ${row.failures} failed)`,
  );
  return row;
};

const main = async () => {
  console.log(`connect: making ${dbName} (demo seed, a minute or two)`);
  await withClient(maintenanceUrl, async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
  });
  let portal = await startPortal();
  // The process that seeded the database is not the one measured: a server started on a seeded database is.
  await stopChild(portal.proc.child);
  const { calendar, person, slots } = await withClient(databaseUrl, async (c) => {
    const analyst = await c.query(
      `insert into analysts (id, name, email, job_category) values (9900001, 'Bench Analyst', 'bench.analyst@example.org', 'Analysts')
       returning id`,
    );
    const cal = await c.query(
      `insert into connect_calendars (analyst_id, time_zone) values ($1, 'Europe/Zurich') returning id`,
      [analyst.rows[0].id],
    );
    const calendarId = Number(cal.rows[0].id);
    // every 30 minutes from tomorrow on: none due for a reminder during the run
    const inserted = await c.query(
      `insert into connect_slots (calendar_id, starts_at, duration_minutes)
       select $1, date_trunc('hour', now()) + interval '2 days' + g * interval '30 minutes', 30
       from generate_series(1, $2::int) g
       returning id`,
      [calendarId, slotCount],
    );
    await c.query('vacuum analyze');
    const me = await c.query('select person_id from users where email = $1', [admin.email]);
    return {
      calendar: calendarId,
      person: Number(me.rows[0].person_id),
      slots: inserted.rows.map((row) => Number(row.id)).sort((a, b) => a - b),
    };
  });
  portal = await startPortal();
  const session = await signIn(portal.base, admin);
  const csrf = await csrfOf(portal.base, session.cookie);
  const headers = { cookie: session.cookie, 'x-csrf-token': csrf };
  const bookPath = (/** @type {number} */ slot) => `/api/connect/book/0/${person}/${slot}/${calendar}`;
  const cancelPath = (/** @type {number} */ slot) => `/api/connect/cancel/0/${person}/${slot}/${calendar}`;

  // Samples (their replies are the ceiling's bodies), on slots the load never takes.
  const sampleSlot = /** @type {number} */ (slots.pop());
  const bookSample = await fetch(`${portal.base}${bookPath(sampleSlot)}`, { headers });
  const bookReply = await bookSample.json();
  if (bookSample.status !== 200)
    throw new Error(`book: HTTP ${bookSample.status} ${JSON.stringify(bookReply)}`);
  const eventsSample = await fetch(`${portal.base}/api/connect/events`, {
    headers: { cookie: session.cookie },
  });
  const eventsReply = await eventsSample.json();
  if (eventsSample.status !== 200 || !Array.isArray(eventsReply.events))
    throw new Error(`events: HTTP ${eventsSample.status} ${JSON.stringify(eventsReply).slice(0, 300)}`);

  // 1. booking: each request a different free slot (warm-up included), then each booked slot cancelled once
  let next = 0;
  const bookRow = await loadRow('GET /api/connect/book/... (distinct free slots)', {
    url: portal.base,
    headers,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, path: bookPath(slots[next++] ?? 0) }) }],
  });
  const booked = slots.slice(0, next);
  const live = await withClient(databaseUrl, async (c) =>
    Number(
      (
        await c.query(
          `select count(*) from connect_bookings b join connect_slots s on s.id = b.slot_id
           where s.calendar_id = $1 and b.cancelled_at is null`,
          [calendar],
        )
      ).rows[0].count,
    ),
  );
  console.log(`booked: ${booked.length} requests sent, ${live} live bookings`);
  let cancelNext = 0;
  const cancelRow = await loadRow('GET /api/connect/cancel/... (each booked slot once)', {
    url: portal.base,
    headers,
    amount: booked.length,
    requests: [{ setupRequest: (req) => ({ ...req, path: cancelPath(booked[cancelNext++] ?? 0) }) }],
  });
  const eventsRow = await loadRow('GET /api/connect/events (signed in)', {
    url: `${portal.base}/api/connect/events`,
    headers: { cookie: session.cookie },
    duration,
  });
  const healthRow = await loadRow('GET /api/health, same portal (ceiling)', {
    url: `${portal.base}/api/health`,
    headers: { cookie: session.cookie },
    duration,
  });
  await stopChild(portal.proc.child);

  const bodiesFile = path.join(harness.workDir, 'bodies.json');
  writeFileSync(
    bodiesFile,
    JSON.stringify({ [bookPath(sampleSlot)]: bookReply, '/api/connect/events': eventsReply }),
  );
  const barePort = await freePort();
  const bare = harness.start('bare', [process.execPath, path.join(benchDir, 'bare-routes.mjs')], {
    ...baseEnv(),
    PORT: String(barePort),
    BODIES_FILE: bodiesFile,
  });
  await waitFor(`http://${host}:${barePort}/api/connect/events`, bare);
  const bareBook = await loadRow('bare Fastify, same booking JSON (ceiling)', {
    url: `http://${host}:${barePort}${bookPath(sampleSlot)}`,
    duration,
  });
  const bareEvents = await loadRow('bare Fastify, same events JSON (ceiling)', {
    url: `http://${host}:${barePort}/api/connect/events`,
    duration,
  });
  return {
    rows: [bookRow, cancelRow, healthRow, bareBook, eventsRow, bareEvents],
    booked: booked.length,
    live,
    events: eventsReply.events.length,
    eventsBytes: JSON.stringify(eventsReply).length,
  };
};

/** @param {Awaited<ReturnType<typeof main>>} result */
const record = ({ rows, booked, live, events, eventsBytes }) => {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const [book, cancel, health, bareBook, eventsRow, bareEvents] = rows;
  const pct = (/** @type {number} */ a, /** @type {number} */ b) => `${((a / b) * 100).toFixed(1)}%`;
  const lines = [
    '',
    `## CONNECT booking and events (issue 15), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`node bench/connect.mjs --database-url ${databaseUrl.replace(/\/\/[^@]*@/, '//')}\`. Machine: ${os.availableParallelism()} cores (${cpu}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at the end, shared with other work), Node ${process.version}. Portal on PostgreSQL 15 (database made for the run: demo seed plus ${slotCount.toLocaleString('en')} free slots of one calendar), LOG_LEVEL=warn, no SMTP (mail stays in the outbox); autocannon, ${connections} connections, ${duration} s per row (the cancel row: one request per slot the booking rows booked), load generator on the same machine; every server measured after 3 s of the same load (discarded), the portal in a process started on the seeded database.`,
    '',
    '| target | req/s (mean) | p50 | p99 | requests | non-2xx/errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(rows ?? []).map(
      (r) => `| ${r.label} | ${r.reqPerSec} | ${r.p50} ms | ${r.p99} ms | ${r.requests} | ${r.failures} |`,
    ),
    '',
    `Booking: ${book?.reqPerSec} req/s, ${pct(book?.reqPerSec ?? 0, health?.reqPerSec ?? 1)} of the portal's /api/health and ${pct(book?.reqPerSec ?? 0, bareBook?.reqPerSec ?? 1)} of the bare ceiling; each request is a winning insert on the live-booking index plus two outbox rows (the reader's and the analyst's mail with their invitation) in one transaction: ${booked} booking requests (warm-up included), ${live} live bookings before the cancel row. Cancelling: ${cancel?.reqPerSec} req/s. GET /api/connect/events (${events} events, ${eventsBytes} bytes): ${eventsRow?.reqPerSec} req/s, ${pct(eventsRow?.reqPerSec ?? 0, bareEvents?.reqPerSec ?? 1)} of its bare ceiling.`,
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
} catch (err) {
  console.error(`connect: ${/** @type {Error} */ (err).stack}`);
  exitCode = 1;
} finally {
  await harness.close();
}
process.exit(exitCode);
