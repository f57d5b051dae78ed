#!/usr/bin/env node
import { fork } from 'node:child_process';
// Outbox delivery (issue 23, "done when"): the outbox delivers at least 200 mails/s to a local SMTP server. In
// process: the server's own outbox worker (apps/server/src/modules/mail/outbox.worker.ts, run by tsx) as `npm start`
// runs it (`start()`, polling every OUTBOX_POLL_MS, default 2000 ms, with the SMTP sender of SMTP_URL), on a
// migrated database holding N queued publish alerts (the template's real size, about 3 KB each), delivering to an
// SMTP server on 127.0.0.1 (smtp-sink.mjs: npm `smtp-server` in a child process) that accepts every mail.
// Times from `start()` until the outbox holds no unsent mail; checks that every mail arrived exactly once.
//   node bench/outbox-delivery.mjs [--db postgres|pglite] [--mails 2000] [--poll-ms 2000] [--no-write]
// PostgreSQL: a throw-away PostgreSQL 15 server (throwaway-postgres.mjs). PGlite: in memory.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { freePort, host } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    mails: { type: 'string', default: '2000' },
    'poll-ms': { type: 'string', default: '2000' },
    'no-write': { type: 'boolean', default: false },
  },
});
const mailCount = Number(args.mails);
const pollMs = Number(args['poll-ms']);
if (
  !['postgres', 'pglite'].includes(String(args.db)) ||
  !(mailCount >= 1 && mailCount <= 100_000) ||
  !(pollMs >= 100 && pollMs <= 60_000)
) {
  console.error(
    'Usage: node bench/outbox-delivery.mjs [--db postgres|pglite] [--mails <n>] [--poll-ms <100..60000>] [--no-write]',
  );
  process.exit(2);
}
const targetPerSecond = 200;
const timeoutMs = 10 * 60_000;

register();
const serverSrc = new URL('../apps/server/src/', import.meta.url);
/** @param {string} file */
const load = (file) => import(new URL(file, serverSrc).href);
const [client, { migrate }, testApp, drizzle, outboxMod, workerMod, templates] = await Promise.all([
  load('db/client.ts'),
  load('db/migrate.ts'),
  load('test/test-app.ts'),
  import('drizzle-orm'),
  load('modules/mail/outbox.service.ts'),
  load('modules/mail/outbox.worker.ts'),
  load('modules/mail/templates.ts'),
]);
const { sql } = drizzle;
/** @type {Map<string, number>} recipient -> mails received */
let received = new Map();
/** The SMTP sink (smtp-sink.mjs) in a process of its own, listening on `port`. */
const startSmtp = (/** @type {number} */ port) =>
  /** @type {Promise<import('node:child_process').ChildProcess>} */ (
    new Promise((resolve, reject) => {
      const child = fork(new URL('./smtp-sink.mjs', import.meta.url), [String(port)], { stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
      child.once('message', () => resolve(child));
    })
  );
const countsOf = (/** @type {import('node:child_process').ChildProcess} */ child) =>
  /** @type {Promise<Map<string, number>>} */ (
    new Promise((resolve) => {
      child.once('message', (/** @type {any} */ message) => resolve(new Map(message.counts)));
      child.send('counts');
    })
  );

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-outbox-'));
/** @type {{ db: any, close(): Promise<void> } | null} */
let handle = null;
/** @type {{ url: string, stop(): void } | null} */
let pg = null;
/** @type {any} */
let smtp = null;
try {
  const usePostgres = args.db === 'postgres';
  if (usePostgres) pg = await startThrowawayPostgres('outbox');
  const opened = pg ? await client.openPostgres(pg.url) : await client.openPglite();
  handle = opened;
  const db = opened.db;
  await migrate(opened);
  const config = testApp.testConfig({ DATA_DIR: dataDir });
  const clock = () => new Date();
  const log = testApp.silentLog;

  // N publish alerts, as publishing queues them (their size and headers), to N distinct addresses.
  const outbox = outboxMod.createOutbox({ clock, log, smtpConfigured: true });
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  const mails = Array.from({ length: mailCount }, (_, i) => {
    const token = `${'t'.repeat(40)}${i}`;
    const list = {
      unsubscribeUrl: `${config.publicUrl}/unsubscribe/0?token=${token}`,
      preferencesUrl: `${config.publicUrl}/subscriptionPreference/home?token=${token}p`,
    };
    return {
      to: `reader${i}@outbox-bench.test`,
      mail: templates.publishAlertMail(config.firm, {
        name: `Reader ${i}`,
        reportTitle: 'Foundry capacity: the 2031 squeeze',
        summary:
          'Leading-edge capacity runs short in 2031. We raise our capex estimates for three foundries and lower the memory cycle peak.',
        analysts: ['Mei Tanaka', 'Arjun Rao'],
        url: `${config.publicUrl}/rfs.htm?rfsUrl=%2Freports%2F1_foundry&rcptId=${i}&docId=1&a=${token}k`,
        expiresAt,
        list,
      }),
      envelope: {
        headers: {
          'List-Unsubscribe': `<${config.publicUrl}/api/unsubscribe/oneClick?token=${token}>, <mailto:${config.firm.email}?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Publication-Type': 'Research Update',
        },
      },
      links: [],
    };
  });
  await db.transaction((/** @type {any} */ tx) => outbox.enqueueMany(tx, mails));
  const sample = mails[0]?.mail ?? { html: '', text: '' };
  const size = Buffer.byteLength(sample.html) + Buffer.byteLength(sample.text);
  console.log(`${mailCount} mails queued (${(size / 1024).toFixed(1)} KB of text and HTML each)`);

  const port = await freePort();
  smtp = await startSmtp(port);
  const worker = workerMod.createOutboxWorker({
    db,
    sender: workerMod.smtpSender(`smtp://${host}:${port}`, config.mailFrom),
    clock,
    log,
    pollMs,
  });
  const unsent = async () =>
    client.rowsOf(
      await db.execute(sql`select count(*)::int as n from email_outbox where status <> 'sent'`),
    )[0].n;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  worker.start();
  while ((await unsent()) > 0) {
    if (performance.now() - started > timeoutMs)
      throw new Error('the outbox was not delivered in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU time of this process (the worker and its SMTP client) per mail: what delivery costs whatever the load
  const cpuMsPerMail = (cpu.user + cpu.system) / 1000 / mailCount;
  await worker.stop();
  received = await countsOf(smtp);
  const perSecond = mailCount / seconds;
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const exact = received.size === mailCount && duplicates === 0;
  const met = perSecond >= targetPerSecond && exact;
  console.log(
    `${mailCount} mails delivered in ${seconds.toFixed(2)} s: ${perSecond.toFixed(0)} mails/s; ` +
      `${received.size} recipients received, ${duplicates} more than once; worker CPU ${cpuMsPerMail.toFixed(2)} ms per mail; target >= ${targetPerSecond}/s: ${met ? 'MET' : 'NOT MET'}`,
  );

  if (!args['no-write']) {
    const database = usePostgres
      ? 'PostgreSQL 15 (throw-away server started by the script)'
      : 'PGlite in memory';
    const lines = [
      '',
      `## Outbox delivery to a local SMTP server, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Command: \`node bench/outbox-delivery.mjs --db ${args.db} --mails ${mailCount} --poll-ms ${pollMs}\` (\`npm run bench:outbox -w @portal/bench\`). ` +
        `${database}; ${mailCount} publish alerts queued (${(size / 1024).toFixed(1)} KB each), delivered by the server's outbox worker ` +
        `(\`start()\`, polling every ${pollMs} ms as OUTBOX_POLL_MS's default, nodemailer's SMTP sender) to npm \`smtp-server\` on 127.0.0.1 in a child process (\`bench/smtp-sink.mjs\`) accepting every mail, ` +
        'timed from `start()` until no mail is left unsent. ' +
        `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, shared with other work. ` +
        `Load average at the end: ${os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(', ')}. Target (issue 23): at least ${targetPerSecond} mails/s.`,
      '',
      '| mails | time | mails/s | received | received twice | worker CPU per mail | target |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      `| ${mailCount} | ${seconds.toFixed(2)} s | ${perSecond.toFixed(0)} | ${received.size} | ${duplicates} | ${cpuMsPerMail.toFixed(2)} ms | ${met ? 'met' : 'NOT met'} |`,
      '',
    ];
    appendFileSync(resultsFile, lines.join('\n'));
    formatResults();
    console.log(`appended to ${path.relative(process.cwd(), resultsFile)}`);
  }
  if (!met) process.exitCode = 1;
} finally {
  if (smtp?.connected) smtp.disconnect();
  await handle?.close();
  pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
