import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, parseConfig } from '../config.ts';
import { type Db, type DbHandle, openPglite, openPostgres, rowsOf } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import type { Log } from '../modules/runtime.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import { runPendingSeeds } from '../seed/index.ts';
import type { App } from '../types.ts';
import { templateEnv } from './global-setup.ts';

/**
 * A database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL (an admin-capable
 * PostgreSQL URL) a fresh database created on that server and dropped afterwards.
 * `persistent` PGlite lives in a temp folder so that a test can open it twice (restart).
 */
export interface TestDatabase {
  /** the database's address (PostgreSQL only): a second app, or a LISTEN connection, can reach it */
  url?: string;
  open(): Promise<DbHandle>;
  destroy(): Promise<void>;
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** One statement on the admin connection of TEST_DATABASE_URL (create / drop database). */
export const adminStatement = async (adminUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

export { templateEnv };

export const createTestDatabase = async (options: { persistent?: boolean } = {}): Promise<TestDatabase> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    await adminStatement(adminUrl, `create database ${name}`);
    return {
      url: databaseUrl(adminUrl, name),
      open: () => openPostgres(databaseUrl(adminUrl, name)),
      destroy: () => adminStatement(adminUrl, `drop database if exists ${name} with (force)`),
    };
  }
  if (options.persistent) {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-pglite-'));
    return { open: () => openPglite(dir), destroy: () => rm(dir, { recursive: true, force: true }) };
  }
  return { open: () => openPglite(), destroy: async () => {} };
};

/** A clock that stands still until a test moves it. */
export interface TestClock {
  (): Date;
  advance(ms: number): void;
}
export const createTestClock = (start = new Date('2030-01-15T09:00:00.000Z')): TestClock => {
  let now = start.getTime();
  return Object.assign(() => new Date(now), {
    advance: (ms: number) => {
      now += ms;
    },
  });
};

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

export const testConfig = (env: Record<string, string> = {}): Config => {
  const result = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    WEB_DIST: path.join(tmpdir(), 'portal-no-web-dist'),
    ...env,
  });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
};

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  clock: TestClock;
  /** The app's file storage (DATA_DIR/files; DATA_DIR is a temporary folder when `catalogue` is set). */
  storage: Storage;
  close(): Promise<void>;
}

/*
 * Seeded templates (issue 21, CI time). Creating, migrating and seeding a database for every test file cost most
 * of the integration tests' time (the catalogue seed alone about a minute on a loaded machine). The first file
 * that needs a database seeded with given inputs makes it once per vitest run and saves it as a template: a
 * PGlite dump (`dumpDataDir`, opened again with `loadDataDir`) or, on PostgreSQL, a database the others are
 * created from (`create database ... template ...`), with the files the seeds wrote (DATA_DIR/files). Every later
 * file with the same inputs starts from a copy. The run's folder and id come from the server project's vitest
 * globalSetup (test/global-setup.ts); without them (a file run some other way) every file migrates and seeds.
 */
const templateWaitMs = 10 * 60_000;

/**
 * What the seeds read, and so what a template stands for: the catalogue or not, the clock's time when seeding (the
 * seeds date their content from it) and the configuration the seed modules read (firm, public address, mode).
 * Everything else in the configuration (ports, caches, limits, mail transport, DATA_DIR) only concerns the running
 * app: tests that differ only there share a template. A seed that starts reading another setting adds it here.
 */
const seedInputsKey = (config: Config, clock: TestClock, catalogue: boolean) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        catalogue,
        now: clock().toISOString(),
        firm: config.firm,
        publicUrl: config.publicUrl,
        mailFrom: config.mailFrom,
        nodeEnv: config.nodeEnv,
      }),
    )
    .digest('hex')
    .slice(0, 16);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The files the seeds wrote (DATA_DIR/files), copied from or into a template's folder. */
const copyFiles = async (from: string, to: string) => {
  if (await exists(from)) await cp(from, to, { recursive: true });
};

/**
 * One template of the run: `claim()` answers 'ready' when it exists, 'build' to the one caller that is to make it
 * (an exclusive lock file), and waits for the maker otherwise; 'none' when it failed or took too long (the caller
 * then migrates and seeds as without templates).
 */
const runTemplate = (dir: string, name: string) => {
  const ready = path.join(dir, `${name}.ready`);
  const failed = path.join(dir, `${name}.failed`);
  const lock = path.join(dir, `${name}.lock`);
  return {
    files: path.join(dir, `${name}-files`),
    dump: path.join(dir, `${name}.tar`),
    async claim(): Promise<'ready' | 'build' | 'none'> {
      if (await exists(ready)) return 'ready';
      try {
        await (await open(lock, 'wx')).close();
        return 'build';
      } catch {
        // another file makes it: wait for it
      }
      const deadline = Date.now() + templateWaitMs;
      while (Date.now() < deadline) {
        if (await exists(ready)) return 'ready';
        if (await exists(failed)) return 'none';
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return 'none';
    },
    markReady: () => writeFile(ready, ''),
    markFailed: () => writeFile(failed, '').catch(() => undefined),
  };
};

const migrateAndSeed = async (
  handle: DbHandle,
  ctx: { config: Config; clock: TestClock; storage: Storage; catalogue: boolean },
) => {
  await migrate(handle);
  await runPendingSeeds(
    { db: handle.db, config: ctx.config, clock: ctx.clock, log: silentLog, storage: ctx.storage },
    // The demo replays (encoded films) are left out of test databases: their own tests make what they need.
    { skip: ctx.catalogue ? ['replays'] : ['catalogue', 'replays'] },
  );
};

const pgliteClient = (handle: DbHandle) => (handle.db as unknown as { $client: PGlite }).$client;

/**
 * A migrated and seeded database for one test file, from the run's template for these seed inputs (made by the
 * first file that needs it), with the seeded files copied to `config.dataDir/files`. Undefined when templates
 * are off for this run.
 */
const openSeededFromTemplate = async (ctx: {
  config: Config;
  clock: TestClock;
  catalogue: boolean;
}): Promise<{ handle: DbHandle; destroy: () => Promise<void> } | undefined> => {
  const dir = process.env[templateEnv.dir];
  const run = process.env[templateEnv.run];
  if (!dir || !run || !(await exists(dir))) return undefined;
  const key = seedInputsKey(ctx.config, ctx.clock, ctx.catalogue);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = runTemplate(dir, `${adminUrl ? 'postgres' : 'pglite'}-${key}`);
  const claim = await template.claim();
  if (claim === 'none') return undefined;

  if (!adminUrl) {
    if (claim === 'ready') {
      const handle = await openPglite(undefined, { loadDataDir: new Blob([await readFile(template.dump)]) });
      await copyFiles(template.files, path.join(ctx.config.dataDir, 'files'));
      return { handle, destroy: async () => {} };
    }
    // The maker seeds its own database (its files in a folder of their own, so that the template holds only what
    // the seeds wrote), saves both, and goes on with its database.
    const seedDir = await mkdtemp(path.join(tmpdir(), 'portal-template-data-'));
    const handle = await openPglite();
    try {
      const seedConfig = { ...ctx.config, dataDir: seedDir };
      await migrateAndSeed(handle, { ...ctx, config: seedConfig, storage: createStorage(seedConfig) });
      const dump = await pgliteClient(handle).dumpDataDir('none');
      await copyFiles(path.join(seedDir, 'files'), template.files);
      await writeFile(`${template.dump}.tmp`, Buffer.from(await dump.arrayBuffer()));
      await rename(`${template.dump}.tmp`, template.dump);
      await template.markReady();
      await copyFiles(template.files, path.join(ctx.config.dataDir, 'files'));
      return { handle, destroy: async () => {} };
    } catch (error) {
      await template.markFailed();
      await handle.close();
      throw error;
    } finally {
      await rm(seedDir, { recursive: true, force: true });
    }
  }

  // PostgreSQL: the template is a database of the run; a test database is created from it (no session may be
  // connected to the template meanwhile: its maker closes its pool before saying it is ready).
  const templateName = `portal_tpl_${run}_${key}`;
  if (claim === 'build') {
    const seedDir = await mkdtemp(path.join(tmpdir(), 'portal-template-data-'));
    try {
      await adminStatement(adminUrl, `create database ${templateName}`);
      const handle = await openPostgres(databaseUrl(adminUrl, templateName));
      try {
        const seedConfig = { ...ctx.config, dataDir: seedDir };
        await migrateAndSeed(handle, { ...ctx, config: seedConfig, storage: createStorage(seedConfig) });
      } finally {
        await handle.close();
      }
      await copyFiles(path.join(seedDir, 'files'), template.files);
      await template.markReady();
    } catch (error) {
      await template.markFailed();
      throw error;
    } finally {
      await rm(seedDir, { recursive: true, force: true });
    }
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminStatement(adminUrl, `create database ${name} template ${templateName}`);
  await copyFiles(template.files, path.join(ctx.config.dataDir, 'files'));
  return {
    handle: await openPostgres(databaseUrl(adminUrl, name)),
    destroy: () => adminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
};

/**
 * Migrated, seeded (demo accounts and parameters) and ready; `register` adds test-only routes.
 * `catalogue: true` also seeds the demo research catalogue (about 10 s on PGlite) with its files in a
 * temporary DATA_DIR, removed on close; without it the catalogue seed is left pending (not recorded).
 * The database is a copy of the run's seeded template for the same seed inputs (see above), except when the test
 * passes its own `database` (it may open it again, restart on it, or want it empty before): that one is migrated
 * and seeded here as before.
 */
export const createTestApp = async (
  options: {
    database?: TestDatabase;
    clock?: TestClock;
    env?: Record<string, string>;
    /**
     * Settings only the running app reads, not the seeds (a firm's brand changed after its data was seeded): the
     * database comes from the template of `env` alone, so a file that varies these does not seed its own.
     */
    appEnv?: Record<string, string>;
    register?: (app: App) => void;
    catalogue?: boolean;
  } = {},
): Promise<TestApp> => {
  const dataDir =
    options.catalogue && !options.env?.DATA_DIR
      ? await mkdtemp(path.join(tmpdir(), 'portal-data-'))
      : undefined;
  const config = testConfig({ ...options.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  const clock = options.clock ?? createTestClock();
  const storage = createStorage(config);
  const catalogue = Boolean(options.catalogue);
  const seeded = options.database ? undefined : await openSeededFromTemplate({ config, clock, catalogue });
  let handle: DbHandle;
  let destroy: () => Promise<void>;
  if (seeded) {
    ({ handle, destroy } = seeded);
  } else {
    const database = options.database ?? (await createTestDatabase());
    handle = await database.open();
    // A database passed in belongs to the test, which may open it again.
    destroy = options.database ? async () => {} : () => database.destroy();
    await migrateAndSeed(handle, { config, clock, storage, catalogue });
  }
  const appConfig = options.appEnv
    ? testConfig({ ...options.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.appEnv })
    : config;
  const app = await buildApp({ config: appConfig, db: handle.db, clock, logger: false });
  options.register?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config: appConfig,
    clock,
    storage,
    async close() {
      await app.close();
      await handle.close();
      await destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * Counts every row written to the test's database from now on (inserted, updated or deleted, by any statement,
 * committed or rolled back: a sequence does not roll back) and every truncation. Stricter than comparing
 * `databaseDigest`s, which misses a write that restores what it changed, and about 50 times cheaper (a seeded
 * database's digest reads every row: 47 ms on PGlite): for suites that check thousands of refusals change nothing.
 * Answers a function that reads the count.
 */
export const countWrites = async (db: Db) => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    ),
  );
  await db.execute('create sequence if not exists test_rows_written');
  await db.execute(`create or replace function test_count_write() returns trigger language plpgsql as $$
    begin perform nextval('test_rows_written'); return null; end $$`);
  for (const { name } of tables) {
    await db.execute(`create or replace trigger test_count_rows after insert or update or delete on "${name}"
      for each row execute function test_count_write()`);
    await db.execute(`create or replace trigger test_count_truncate after truncate on "${name}"
      for each statement execute function test_count_write()`);
  }
  return async () => {
    const [row] = rowsOf<{ n: string }>(
      await db.execute(
        'select case when is_called then last_value else 0 end::text as n from test_rows_written',
      ),
    );
    return Number(row?.n);
  };
};

/** A digest of every table's contents: equal digests mean nothing was written. */
export const databaseDigest = async (db: Db) => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by table_name",
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string | null; n: number | string }>(
      await db.execute(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as n from "${name}" t`,
      ),
    );
    parts.push(`${name}:${row?.n}:${row?.digest}`);
  }
  return parts.join('\n');
};

/** A second app over the same database and clock with every cache off: the reference cached replies are checked against. */
export const createUncachedTwin = async (t: TestApp) => {
  const app = await buildApp({
    config: testConfig({ CACHE_TTL_MS: '0' }),
    db: t.db,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
  return app;
};

/**
 * Says on the app's change feed that a test wrote configuration parameters straight into the database, as an
 * administrator's write says it (the parameters service caches rows by name): no names, every parameter.
 */
export const parametersChanged = (t: { app: App }, ...names: string[]) =>
  t.app.services.changes.publish({ kind: 'parameter', ...(names.length > 0 ? { ids: names } : {}) });
