import { count, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Clock, Log } from '../../modules/runtime.ts';
import type { Storage } from '../../modules/storage/storage.ts';
import type { Db } from '../client.ts';
import { parameters, seedRuns, users } from '../schema.ts';
import { accountsSeed } from './accounts.ts';
import { catalogueSeed } from './catalogue.ts';
import { parametersSeed } from './parameters.ts';
import { siteSeed } from './site.ts';
import { siteParametersSeed } from './site-parameters.ts';
import { viewerDemoSeed, viewerParametersSeed } from './viewer.ts';

export interface SeedContext {
  db: Db;
  config: Config;
  clock: Clock;
  log: Log;
  /** Where seeded files go; defaults to the server's storage (DATA_DIR/files). */
  storage?: Storage;
}

/** A seed module adds one capability's content. It must be idempotent (insert ... on conflict do nothing). */
export interface SeedModule {
  name: string;
  /** Demo accounts and demo content: never seeded when NODE_ENV=production. */
  demo?: boolean;
  run(ctx: SeedContext): Promise<void>;
}

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
  for (const module of seedModules) {
    if (done.has(module.name) || options.skip?.includes(module.name)) continue;
    const skipped = Boolean(module.demo && ctx.config.production);
    const started = performance.now();
    const claimed = await ctx.db.transaction(async (tx) => {
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
    });
    if (!claimed) continue;
    if (skipped) {
      ctx.log.info({ module: module.name }, 'Production: demo content is not seeded');
    } else {
      ran.push(module.name);
      ctx.log.info({ module: module.name, ms: Math.round(performance.now() - started) }, 'Seeded');
    }
  }
  // Fresh planner statistics after bulk inserts: PGlite has no autovacuum, and without them the planner guesses
  // (trigram suggestions were 8x slower on an unanalysed PGlite catalogue).
  if (ran.length > 0) await ctx.db.execute(sql`analyze`);
  return ran;
};
