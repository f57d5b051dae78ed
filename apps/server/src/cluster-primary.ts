import cluster, { type Worker } from 'node:cluster';
import Fastify from 'fastify';
import { bannerFields, startupBanner } from './banner.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loggerOptions } from './logger.ts';
import { systemClock } from './modules/runtime.ts';
import { demoPassword } from './seed/accounts.ts';
import { presentDemoAccounts, runPendingSeeds } from './seed/index.ts';
import { portIsFree, portProblemText, SHUTDOWN_GRACE_MS } from './serve-process.ts';

/**
 * The primary of WEB_CONCURRENCY=N processes (issue 26; node:cluster, as Node deployments do): it checks the port,
 * migrates and seeds the database once, starts N workers that share the port (each a whole server: its own pool,
 * caches and change-feed connection), starts a new one when one dies, and on SIGTERM or SIGINT stops them all
 * gracefully (each stops accepting, finishes its requests, releases its jobs and closes its pool), then exits.
 */
export const runClusterPrimary = async (config: Config) => {
  // The servers' own logger (format, level, redaction), without a server.
  const log = Fastify({ logger: loggerOptions(config) }).log.child({ role: 'primary' });
  const portProblem = await portIsFree(config.port, config.host);
  if (portProblem) {
    process.stderr.write(portProblemText(config, portProblem));
    process.exit(1);
  }

  // Migrations and seeds run once, here, before any worker opens the database.
  const database = await openDatabase(config);
  let demoAccounts: Awaited<ReturnType<typeof presentDemoAccounts>> = [];
  try {
    await migrate(database);
    await runPendingSeeds({ db: database.db, config, clock: systemClock, log });
    demoAccounts = config.production ? [] : await presentDemoAccounts(database.db);
  } catch (error) {
    log.error({ err: error }, 'The database could not be prepared');
    await database.close();
    process.exit(1);
  }
  await database.close();

  let stopping = false;
  // Workers that have listened: one that dies before it ever served (a start-up failure) would only fail again.
  const served = new Set<number>();
  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    const hadServed = served.delete(worker.id);
    if (stopping) return;
    log.error({ worker: worker.process.pid, code, signal }, 'A server process stopped');
    if (!hadServed) {
      log.error({}, 'A server process stopped before it served: stopping them all');
      void stop('a server process could not start', 1);
      return;
    }
    fork();
  });

  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'Stopping the server processes');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = workers.map(
      (worker) =>
        new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      log.error({}, 'The server processes took too long to stop; ending them');
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS + 2_000);
    await Promise.all(exited);
    clearTimeout(timer);
    log.info({}, 'Stopped');
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  process.once('SIGINT', () => void stop('SIGINT', 0));

  let listening = 0;
  cluster.on('listening', (worker: Worker) => {
    served.add(worker.id);
    listening += 1;
    if (listening !== config.webConcurrency) return;
    const facts = { config, database: database.kind, demoAccounts, demoPassword };
    if (config.logFormat === 'pretty')
      process.stdout.write(`${startupBanner(facts)}\n  Processes      ${config.webConcurrency}\n`);
    else log.info({ ...bannerFields(facts), processes: config.webConcurrency }, 'Portal ready');
  });
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
};
