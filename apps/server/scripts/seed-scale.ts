import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Log } from '../src/modules/runtime.ts';
import { systemClock } from '../src/modules/runtime.ts';
import { createStorage } from '../src/modules/storage/storage.ts';
import { runPendingSeeds } from '../src/seed/index.ts';
import { addSyntheticReports } from '../src/seed/scale.ts';
import { addSyntheticUsers } from '../src/seed/users-scale.ts';

// `npm run seed:scale -- --reports 100000`: adds synthetic reports for benchmarks to the database of DATA_DIR
// (PGlite) or DATABASE_URL (PostgreSQL), after migrating and seeding whatever that database still lacks.
// `--reports 0 --users 100000 --firms 2000 [--contacts 20000]`: the client base of the users benchmark instead.
const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    users: { type: 'string', default: '0' },
    firms: { type: 'string', default: '2000' },
    contacts: { type: 'string', default: '0' },
  },
});
const count = Number(values.reports);
const batchSize = Number(values.batch);
const userCount = Number(values.users);
const firmCount = Number(values.firms);
const contactCount = Number(values.contacts);
const whole = (n: number, min: number) => Number.isInteger(n) && n >= min;
if (
  !whole(count, 0) ||
  !whole(batchSize, 1) ||
  !whole(userCount, 0) ||
  !whole(firmCount, 1) ||
  !whole(contactCount, 0) ||
  count + userCount === 0
) {
  process.stderr.write(
    'Usage: npm run seed:scale -- --reports <whole number> [--batch <rows per INSERT>] [--users <n> --firms <n> --contacts <n>]\n',
  );
  process.exit(2);
}

const line = (level: string) => (details: Record<string, unknown>, msg: string) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), msg, ...details })}\n`);
const log: Log = { info: line('info'), warn: line('warn'), error: line('error') };

const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = performance.now();
  await migrate(database);
  await runPendingSeeds({ db: database.db, config, clock: systemClock, log });
  let lastPrint = 0;
  if (userCount > 0) {
    const added = await addSyntheticUsers(database.db, {
      users: userCount,
      firms: firmCount,
      contacts: contactCount,
      clock: systemClock,
      onProgress: (done, total, ms) => {
        if (done === total || ms - lastPrint > 2000) {
          lastPrint = ms;
          process.stdout.write(
            `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} persons, ${(ms / 1000).toFixed(1)} s\n`,
          );
        }
      },
    });
    log.info({ ...added, seconds: Number((added.ms / 1000).toFixed(1)) }, 'Synthetic users added');
  }
  lastPrint = 0;
  // --reports 0: no reports, and not the shared PDF either
  const addReports = () =>
    addSyntheticReports(database.db, createStorage(config), {
      count,
      batchSize,
      firm: config.firm.name,
      clock: systemClock,
      onProgress: (done, total, ms) => {
        if (done === total || ms - lastPrint > 2000) {
          lastPrint = ms;
          process.stdout.write(
            `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} reports, ${(ms / 1000).toFixed(1)} s, ${Math.round((done / ms) * 1000)} reports/s\n`,
          );
        }
      },
    });
  const result = count > 0 ? await addReports() : { added: 0, ms: 0 };
  // Planner statistics for the new rows (PGlite has no autovacuum).
  await database.db.execute(sql`analyze`);
  log.info(
    {
      database: database.kind,
      added: result.added,
      insertSeconds: Number((result.ms / 1000).toFixed(1)),
      totalSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    'Synthetic reports added',
  );
} catch (error) {
  log.error({ error: error instanceof Error ? error.stack : String(error) }, 'Scale seed failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
