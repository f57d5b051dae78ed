/**
 * Data the journeys need that the demo does not promise, made by the harness before the portal starts (issue 21:
 * ways-in.spec.ts hoped for a report outside the demo client's sectors on the research list's first page, and a
 * fresh run had none). Run as `tsx apps/server/scripts/e2e-journey-data.ts` (e2e/support/harness.ts does) with the run's environment (DATA_DIR): it
 * migrates and seeds the database as the portal's first start would (the start then finds nothing to do), then
 * adds the fixtures below. Prints one JSON line with what it made.
 */
import { eq, notInArray, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { analysts, reportAnalysts, reports, sectors, users } from '../src/db/schema/index.ts';
import { findGrantedSectorIdsOfUser } from '../src/modules/persons/matrix-grants.ts';
import { systemClock } from '../src/modules/runtime.ts';
import { runPendingSeeds } from '../src/seed/index.ts';

/** The report the demo client may not open, the newest of the research list (first on its first page). */
const lockedReportTitle = 'Journey fixture: a sector outside the demo client’s subscription';

const config = loadConfig();
const quiet = { info: () => {}, warn: console.warn, error: console.error };
const handle = await openDatabase(config);
try {
  await migrate(handle);
  await runPendingSeeds({ db: handle.db, config, clock: systemClock, log: quiet });
  const { db } = handle;
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'client@demo.test'));
  if (!client) throw new Error('The demo client is not seeded');
  const granted = await findGrantedSectorIdsOfUser(db, client.id);
  const [sector] = await db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(granted.length > 0 ? notInArray(sectors.id, granted) : sql`true`)
    .orderBy(sectors.id)
    .limit(1);
  if (!sector)
    throw new Error('Every sector is in the demo client’s subscription: no locked report can be made');
  const [analyst] = await db.select({ id: analysts.id }).from(analysts).orderBy(analysts.id).limit(1);
  let [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.title, lockedReportTitle));
  if (!report) {
    [report] = await db
      .insert(reports)
      .values({
        title: lockedReportTitle,
        description: `A note in ${sector.name}, a sector the demo client does not subscribe to.`,
        publishedAt: new Date(),
        fileType: 'htm',
        filePath: 'journey-fixtures/locked.htm',
        accessKey: 'journey-fixture-locked',
        sectorId: sector.id,
      })
      .returning({ id: reports.id });
    if (analyst) await db.insert(reportAnalysts).values({ reportId: report!.id, analystId: analyst.id });
  }
  console.log(
    JSON.stringify({ lockedReport: { id: report!.id, title: lockedReportTitle, sector: sector.name } }),
  );
} finally {
  await handle.close();
}
