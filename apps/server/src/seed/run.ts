import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/data-lock.ts';
import { migrate } from '../db/migrate.ts';
import { formatLogEntry } from '../logger.ts';
import type { Log } from '../modules/runtime.ts';
import { systemClock } from '../modules/runtime.ts';
import { runPendingSeeds } from './index.ts';

// `npm run seed`: applies migrations and runs every seed module this database has not had yet (seed_runs).
// Its progress is written like the server's log: plain text at a terminal, JSON lines otherwise (LOG_FORMAT).
const config = loadConfig();
const line = (level: number) => (details: Record<string, unknown>, msg: string) => {
  const entry = { level, time: Date.now(), msg, ...details };
  process.stdout.write(config.logFormat === 'pretty' ? formatLogEntry(entry) : `${JSON.stringify(entry)}\n`);
};
const log: Log = { info: line(30), warn: line(40), error: line(50) };

// Under the data folder's lock, like the server: refused while a server runs on the same DATA_DIR.
const database = await openDatabase(config).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
try {
  await migrate(database);
  await runPendingSeeds({ db: database.db, config, clock: systemClock, log });
  log.info({ database: database.kind }, 'Seed complete');
} catch (error) {
  log.error({ error: error instanceof Error ? error.stack : String(error) }, 'Seed failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
