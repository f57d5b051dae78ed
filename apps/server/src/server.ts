import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { runPendingSeeds } from './db/seed/index.ts';
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
  app.log.info(
    { database: database.kind, seeded, smtp: Boolean(config.smtpUrl), publicUrl: config.publicUrl },
    'Database ready',
  );
  await app.listen({ port: config.port, host: config.host });
  worker.start();
} catch (error) {
  app.log.error({ err: error }, 'Server failed to start');
  await shutdown('startup failure', 1);
}
