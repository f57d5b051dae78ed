import { count, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { parameters, seedRuns, users } from '../db/schema/index.ts';
import { accountsSeed, demoAccounts } from './accounts.ts';
import { blogsSeed } from './blogs.ts';
import { catalogueSeed } from './catalogue.ts';
import { connectSeed } from './connect.ts';
import { crmSeed } from './crm.ts';
import { crmParametersSeed } from './crm-parameters.ts';
import { parametersSeed } from './parameters.ts';
import { replaySourcesSeed, replaysSeed } from './replays.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';
import { siteSeed } from './site.ts';
import { siteParametersSeed } from './site-parameters.ts';
import { usersAdminSeed } from './users-admin.ts';
import { viewerDemoSeed, viewerParametersSeed } from './viewer.ts';

export type { SeedContext, SeedModule };

/** In order: later modules may rely on what earlier ones created. Later capabilities append theirs. */
export const seedModules: readonly SeedModule[] = [
  parametersSeed,
  { ...accountsSeed, demo: true },
  { ...catalogueSeed, demo: true },
  // before site-parameters: the viewer's watermark configuration is the one this capability documents
  viewerParametersSeed,
  viewerDemoSeed,
  siteParametersSeed,
  { ...siteSeed, demo: true },
  // the subscription side (issue 12): after the accounts (their persons) and the catalogue (its sectors)
  crmParametersSeed,
  { ...crmSeed, demo: true },
  // users management (issue 13): website users in every state at the CRM's firms, after the CRM seed
  { ...usersAdminSeed, demo: true },
  // blogs and posts (issue 14): after the catalogue (authors, research) and the readers of the CRM and users seeds
  { ...blogsSeed, demo: true },
  // CONNECT (issue 15): after the catalogue (its analysts), the CRM (the matrix) and users management (registrants)
  { ...connectSeed, demo: true },
  // video replays (issue 25): after the catalogue (analysts, sectors) and CONNECT (the events they record)
  { ...replaysSeed, demo: true },
  // what each replay records (the events' sectors, the briefing's report) and its player message
  { ...replaySourcesSeed, demo: true },
];

/**
 * Modules that existed before seed runs were recorded: a database that already holds their content but no
 * `seed_runs` rows counts them as done, so that an upgrade never brings back demo content deleted since.
 */
const modulesBeforeBookkeeping = ['parameters', 'accounts'];

export const isDatabaseEmpty = async (db: Db) => {
  const [userRows] = await db.select({ n: count() }).from(users);
  const [parameterRows] = await db.select({ n: count() }).from(parameters);
  return (userRows?.n ?? 0) === 0 && (parameterRows?.n ?? 0) === 0;
};

export const recordedSeedRuns = async (db: Db) =>
  new Set((await db.select({ name: seedRuns.name }).from(seedRuns)).map((row) => row.name));

// What the progress lines count after each module (rows added), so that a first start says what each step made:
// every table of the schema, so that no module (the parameters ones added only settings) prints a bare line.
const countedTables = Object.fromEntries(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable) && value !== seedRuns)
    .map((table) => [getTableName(table), table] as const),
);
type Counts = Record<string, number>;
// What a person reads for a table's name; the others read as their SQL name with spaces.
const tableLabels: Record<string, string> = { nav_items: 'menu items', sliders: 'banners' };
// One statement for all of them: tests seed a database per file, and a round trip per table adds up.
const countRows = async (db: Db) => {
  const names = Object.keys(countedTables);
  const columns = sql.join(
    names.map((name) => sql`(select count(*) from ${countedTables[name]})::int as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [row] = rowsOf<Counts>(await db.execute(sql`select ${columns}`));
  return row ?? Object.fromEntries(names.map((name) => [name, 0]));
};
// What a reader of the start-up output looks for first; the other tables follow, the most rows first.
const leadingTables = ['reports', 'companies', 'analysts', 'sectors', 'users', 'persons', 'firms', 'posts'];
const rank = (name: string) => {
  const index = leadingTables.indexOf(name);
  return index === -1 ? leadingTables.length : index;
};
/** Rows added per table: the leading tables first, then the most rows first. */
const added = (before: Counts, after: Counts) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([name, n]) => [name, n - (before[name] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort(([a, m], [b, n]) => rank(a) - rank(b) || n - m),
  );
// A progress line names the tables that grew most; the JSON entry carries them all.
const LISTED_TABLES = 6;
export const describeAdded = (made: Record<string, number>) => {
  const entries = Object.entries(made);
  if (entries.length === 0) return 'nothing new';
  const listed = entries
    .slice(0, LISTED_TABLES)
    .map(([name, n]) => `${n} ${tableLabels[name] ?? name.replaceAll('_', ' ')}`);
  const rest = entries.length - LISTED_TABLES;
  return rest > 0 ? `${listed.join(', ')} and rows in ${rest} more tables` : listed.join(', ');
};
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
// A long module (the catalogue writes 300 files) says it is still at work, instead of a silent half minute; every
// 15 s, so that a slow machine's first start is not a page of these.
const HEARTBEAT_MS = 15_000;

export interface SeedOptions {
  /** Names of modules to leave alone this time (not run and not recorded), e.g. the catalogue in fast tests. */
  skip?: readonly string[];
}

/**
 * Runs every seed module this database has not seen yet, each once per database: the module and its
 * `seed_runs` row commit in one transaction, so a failed module is retried on the next start, and a module
 * added by a later capability seeds its content on an existing database too. In production, demo modules are
 * recorded without running, so that such a database never gains demo accounts or content later.
 * Returns the names of the modules that ran.
 */
export const runPendingSeeds = async (ctx: SeedContext, options: SeedOptions = {}) => {
  const done = await recordedSeedRuns(ctx.db);
  if (done.size === 0 && !(await isDatabaseEmpty(ctx.db))) {
    const legacy = seedModules.filter((m) => modulesBeforeBookkeeping.includes(m.name)).map((m) => m.name);
    await ctx.db
      .insert(seedRuns)
      .values(legacy.map((name) => ({ name, ranAt: ctx.clock() })))
      .onConflictDoNothing();
    for (const name of legacy) done.add(name);
    ctx.log.info({ modules: legacy }, 'Existing database: earlier seed modules counted as done');
  }
  const ran: string[] = [];
  const pending = seedModules.filter((m) => !done.has(m.name) && !options.skip?.includes(m.name));
  if (pending.length === 0) return ran;
  const startedAll = performance.now();
  ctx.log.info(
    { kind: 'progress', modules: pending.map((m) => m.name) },
    `Seeding ${pending.length} of ${seedModules.length} modules: ${pending.map((m) => m.name).join(', ')}` +
      (pending.some((m) => m.name === 'catalogue') ? ' (the demo catalogue takes a while)' : ''),
  );
  let counts = await countRows(ctx.db);
  for (const [index, module] of pending.entries()) {
    const skipped = Boolean(module.demo && ctx.config.production);
    const started = performance.now();
    const step = `${index + 1}/${pending.length}`;
    if (!skipped)
      ctx.log.info({ kind: 'progress', module: module.name, step }, `Seeding ${module.name} (${step})...`);
    const heartbeat = setInterval(
      () =>
        ctx.log.info(
          { kind: 'progress', module: module.name, step },
          `Still seeding ${module.name}: ${seconds(started)}`,
        ),
      HEARTBEAT_MS,
    );
    const claimed = await ctx.db
      .transaction(async (tx) => {
        // Claiming the row first also serialises two servers starting at once on PostgreSQL: the second waits
        // on the first one's row, then finds it taken and does nothing.
        const [claim] = await tx
          .insert(seedRuns)
          .values({ name: module.name, ranAt: ctx.clock() })
          .onConflictDoNothing()
          .returning({ name: seedRuns.name });
        if (!claim) return false;
        if (!skipped) await module.run({ ...ctx, db: tx as unknown as Db });
        return true;
      })
      .finally(() => clearInterval(heartbeat));
    if (!claimed) continue;
    if (skipped) {
      ctx.log.info({ module: module.name }, 'Production: demo content is not seeded');
    } else {
      ran.push(module.name);
      const now = await countRows(ctx.db);
      const made = added(counts, now);
      counts = now;
      ctx.log.info(
        {
          kind: 'progress',
          module: module.name,
          step,
          ms: Math.round(performance.now() - started),
          added: made,
        },
        `Seeded ${module.name} (${step}) in ${seconds(started)}: ${describeAdded(made)}`,
      );
    }
  }
  if (ran.length > 0)
    ctx.log.info({ kind: 'progress', modules: ran }, `Seeding done in ${seconds(startedAll)}`);
  // Fresh planner statistics after bulk inserts: PGlite has no autovacuum, and without them the planner guesses
  // (trigram suggestions were 8x slower on an unanalysed PGlite catalogue).
  if (ran.length > 0) await ctx.db.execute(sql`analyze`);
  return ran;
};

/** The demo accounts this database holds (the start-up banner lists them; none in production). */
export const presentDemoAccounts = async (db: Db) => {
  const emails = demoAccounts.map((account) => account.email);
  const rows = await db
    .select({ email: users.email, type: users.type })
    .from(users)
    .where(inArray(users.email, emails));
  return demoAccounts
    .filter((account) => rows.some((row) => row.email === account.email))
    .map(({ email, type }) => ({ email, type }));
};
