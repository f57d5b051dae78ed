import { loadConfig } from '../../config.ts';
import type { Log } from '../../modules/runtime.ts';
import { systemClock } from '../../modules/runtime.ts';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { runPendingSeeds } from './index.ts';

// `npm run seed`: applies migrations and runs every seed module this database has not had yet (seed_runs).
const line = (level: string) => (details: Record<string, unknown>, msg: string) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), msg, ...details })}\n`);
const log: Log = { info: line('info'), warn: line('warn'), error: line('error') };

const config = loadConfig();
const database = await openDatabase(config);
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
