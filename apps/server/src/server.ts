import { buildApp } from './app.ts';
import { bannerFields, startupBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { demoPassword } from './db/seed/accounts.ts';
import { presentDemoAccounts, runPendingSeeds } from './db/seed/index.ts';
import { createConnectReminders } from './modules/connect/reminders.ts';
import { createOutboxWorker, smtpSender } from './modules/mail/outbox.worker.ts';
import { systemClock } from './modules/runtime.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const database = await openDatabase(config);
const app = await buildApp({ config, db: database.db });
const worker = createOutboxWorker({
  db: database.db,
  sender: config.smtpUrl ? smtpSender(config.smtpUrl, config.mailFrom) : null,
  clock: systemClock,
  log: app.log,
  pollMs: config.outboxPollMs,
});
// CONNECT's automatic reminders (issue 15): each process polls; the database's claim sends each reminder once.
const reminders = createConnectReminders({
  db: database.db,
  clock: systemClock,
  log: app.log,
  firm: config.firm,
  publicUrl: config.publicUrl,
  outbox: app.services.outbox,
});

let shuttingDown = false;
const shutdown = async (reason: string, exitCode: number) => {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ reason }, 'Shutting down');
  setTimeout(() => {
    app.log.error({}, 'Shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    await reminders.stop();
    await worker.stop();
    await app.close();
    await app.services.deferred.drain();
    await database.close();
    app.log.info({}, 'Stopped');
  } catch (error) {
    app.log.error({ err: error }, 'Error during shutdown');
    exitCode = 1;
  }
  process.exit(exitCode);
};
process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

try {
  await migrate(database);
  const seeded = await runPendingSeeds({ db: database.db, config, clock: systemClock, log: app.log });
  app.log.debug({ database: database.kind, seeded }, 'Database ready');
  await app.listen({ port: config.port, host: config.host });
  worker.start();
  reminders.start();
  // One banner with what a person needs to begin (issue 11); the JSON format carries the same facts in a line.
  const facts = {
    config,
    database: database.kind,
    demoAccounts: config.production ? [] : await presentDemoAccounts(database.db),
    demoPassword,
  };
  if (config.logFormat === 'pretty') process.stdout.write(`${startupBanner(facts)}\n`);
  else app.log.info(bannerFields(facts), 'Portal ready');
} catch (error) {
  app.log.error({ err: error }, 'Server failed to start');
  await shutdown('startup failure', 1);
}
