import { createServer } from 'node:net';
import { buildApp } from './app.ts';
import { bannerFields, startupBanner } from './banner.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-lock.ts';
import { migrate } from './db/migrate.ts';
import { createConnectReminders } from './modules/connect/reminders.ts';
import { createOutboxWorker, smtpSender } from './modules/mail/outbox.worker.ts';
import { createScheduledPublisher } from './modules/publishing/publishing.service.ts';
import { systemClock } from './modules/runtime.ts';
import { demoPassword } from './seed/accounts.ts';
import { presentDemoAccounts, runPendingSeeds } from './seed/index.ts';

export const SHUTDOWN_GRACE_MS = 10_000;

/** Fails fast, before the database is opened or seeded, when the port is taken (EADDRINUSE after a long seed). */
export const portIsFree = (port: number, host: string) =>
  new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });

/** What a person is told when the port cannot be had. */
export const portProblemText = (config: Pick<Config, 'host' | 'port'>, problem: NodeJS.ErrnoException) =>
  problem.code === 'EADDRINUSE'
    ? `Port ${config.port} on ${config.host} is in use by another program: stop it, or start with another PORT.\n`
    : `Cannot listen on ${config.host}:${config.port}: ${problem.message}\n`;

/**
 * One server process: the database, the app, the jobs, and a graceful stop on SIGTERM or SIGINT. Alone
 * (WEB_CONCURRENCY=1) it also checks the port first, migrates and seeds; as a worker of a cluster (cluster-primary.ts)
 * the primary has done those, and the port is the primary's, shared.
 */
export const serveProcess = async (config: Config, role: { worker: boolean }) => {
  // The data folder's lock comes first (issue 21): a second process on the same DATA_DIR is refused here, before
  // anything opens the embedded database's files; the message names the folder and the process that holds it.
  let lockLost: (error: Error) => void = (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  };
  const database = await openDatabase(config, {
    onWait: (owner) =>
      process.stdout.write(
        `The data folder ${config.dataDir} is locked by a process that is no longer running` +
          `${owner ? ` (pid ${owner.pid})` : ''}; taking it over once its lock is stale (at most 15 s).\n`,
      ),
    onLost: (error) => lockLost(error),
  }).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  // (a cluster's worker shares the primary's port, which the primary checked)
  const portProblem = role.worker ? null : await portIsFree(config.port, config.host);
  if (portProblem) {
    await database.close();
    process.stderr.write(portProblemText(config, portProblem));
    process.exit(1);
  }
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

  // Scheduled reports (issue 23): each process polls; the database's claim publishes (and alerts) each report once.
  const scheduledPublisher = createScheduledPublisher({
    publishing: app.services.publishing,
    log: app.log,
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
      await scheduledPublisher.stop();
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
  lockLost = (error) => {
    app.log.error(
      { err: error },
      'The data folder lock was lost; stopping so that two processes never write it',
    );
    void shutdown('data folder lock lost', 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

  try {
    if (!role.worker) {
      await migrate(database);
      const seeded = await runPendingSeeds({ db: database.db, config, clock: systemClock, log: app.log });
      app.log.debug({ database: database.kind, seeded }, 'Database ready');
    }
    await app.listen({ port: config.port, host: config.host });
    worker.start();
    reminders.start();
    scheduledPublisher.start();
    if (role.worker) {
      // (the primary says what a person needs to begin, once)
      app.log.info({ pid: process.pid }, 'Worker ready');
      return;
    }
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
};
