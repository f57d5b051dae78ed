import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, parseConfig } from '../config.ts';
import { type Db, type DbHandle, openPglite, openPostgres, rowsOf } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { runPendingSeeds } from '../db/seed/index.ts';
import type { Log } from '../modules/runtime.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import type { App } from '../types.ts';

/**
 * A database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL (an admin-capable
 * PostgreSQL URL) a fresh database created on that server and dropped afterwards.
 * `persistent` PGlite lives in a temp folder so that a test can open it twice (restart).
 */
export interface TestDatabase {
  open(): Promise<DbHandle>;
  destroy(): Promise<void>;
}

export const createTestDatabase = async (options: { persistent?: boolean } = {}): Promise<TestDatabase> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      open: () => openPostgres(url.toString()),
      destroy: () => admin(`drop database if exists ${name} with (force)`),
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

/**
 * Migrated, seeded (demo accounts and parameters) and ready; `register` adds test-only routes.
 * `catalogue: true` also seeds the demo research catalogue (about 10 s on PGlite) with its files in a
 * temporary DATA_DIR, removed on close; without it the catalogue seed is left pending (not recorded).
 */
export const createTestApp = async (
  options: {
    database?: TestDatabase;
    clock?: TestClock;
    env?: Record<string, string>;
    register?: (app: App) => void;
    catalogue?: boolean;
  } = {},
): Promise<TestApp> => {
  const database = options.database ?? (await createTestDatabase());
  const handle = await database.open();
  const dataDir =
    options.catalogue && !options.env?.DATA_DIR
      ? await mkdtemp(path.join(tmpdir(), 'portal-data-'))
      : undefined;
  const config = testConfig({ ...options.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
  const clock = options.clock ?? createTestClock();
  const storage = createStorage(config);
  await migrate(handle);
  await runPendingSeeds(
    { db: handle.db, config, clock, log: silentLog, storage },
    { skip: options.catalogue ? [] : ['catalogue'] },
  );
  const app = await buildApp({ config, db: handle.db, clock, logger: false });
  options.register?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    clock,
    storage,
    async close() {
      await app.close();
      await handle.close();
      // A database passed in belongs to the test, which may open it again.
      if (!options.database) await database.destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
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
