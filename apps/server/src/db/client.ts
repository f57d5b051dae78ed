import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { type DataLockOptions, lockDataDir } from './data-lock.ts';
import { defaultDatabasePipelines, PipelinedPool } from './pipelined-pool.ts';
import { prepareEveryStatement, shortStatementName } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One database type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export type DbHandle =
  | { kind: 'pglite'; db: Db; driver: PgliteDatabase<Schema>; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; driver: NodePgDatabase<Schema>; close: () => Promise<void> };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
// How long statements may run back to back (one request's chain of them, or many requests') before the event
// loop gets a turn for I/O.
const STATEMENT_SLICE_MS = 20;

/**
 * PGlite runs each statement synchronously on this thread and hands the next statement over in promise
 * callbacks, so statements ran back to back for as long as there were any (fifty searches at once) without the
 * event loop reaching its I/O phase: no connection was accepted and a cheap call (`/api/health`, even
 * `/config.js`) waited over 8 seconds (issue 10). Statements outside a transaction now go to PGlite one at a time,
 * and one that comes more than STATEMENT_SLICE_MS after the event loop last turned waits for the next turn first
 * (new connections and other requests are served in between); when the loop turns freely, statements run at once.
 * A transaction's statements run inside it as before.
 */
const timeSlicedStatements = (client: PGlite) => {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  let queue: Promise<unknown> = Promise.resolve();
  let lastTurn = performance.now();
  let marking = false;
  // Notes when the loop next reaches its check phase, that is, when I/O has had its turn.
  const markTurn = () => {
    if (marking) return;
    marking = true;
    setImmediate(() => {
      lastTurn = performance.now();
      marking = false;
    });
  };
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(async () => {
      if (performance.now() - lastTurn > STATEMENT_SLICE_MS) {
        await nextTurn();
        lastTurn = performance.now();
      }
      try {
        return await run();
      } finally {
        markTurn();
      }
    });
    queue = result.catch(() => undefined);
    return result;
  };
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof client.exec;
};

/**
 * PGlite keeps its files in `dataDir`; without one it lives in memory (tests).
 * pg_trgm must be passed when the database is created, so it is always loaded.
 * `loadDataDir` starts it from a dump (`dumpDataDir()`) instead of an empty cluster: tests copy a migrated, seeded
 * template this way (test/test-app.ts).
 */
export const openPglite = async (
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DbHandle> => {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  timeSlicedStatements(client);
  const driver = drizzlePglite({ client, schema });
  return { kind: 'pglite', db: driver, driver, close: () => client.close() };
};

/**
 * How long a connection to PostgreSQL may take to open, and a statement may wait for a free connection of the pool,
 * before it fails (answered 503, plugins/errors.ts): a database host that drops packets, instead of refusing, would
 * otherwise hold every request until the operating system gives up on the connection (minutes).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

export const openPostgres = async (
  connectionString: string,
  options: { pipelines?: number; connectTimeoutMs?: number } = {},
): Promise<DbHandle> => {
  // statements and transactions check out one of `max` connections; short statements share `pipelines` more
  // (pipelined-pool.ts), opened with the same connect timeout
  const pool = new PipelinedPool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    pipelines: options.pipelines ?? defaultDatabasePipelines,
  });
  prepareEveryStatement(pool);
  // A connection closed by the server (restart, admin termination), an idle one of the pool or a pipelined one,
  // must not crash the process: it is dropped and a new one opened on the next statement or checkout; statements
  // in flight on it still fail with their own error (answered 503).
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const driver = drizzleNodePg({ client: pool, schema });
  return { kind: 'postgres', db: driver, driver, close: () => pool.end() };
};

/**
 * The configured database. PGlite's files are opened only under the data folder's lock (data-lock.ts): a second
 * process on the same DATA_DIR is refused with DataDirInUseError before it touches them; `close` releases it.
 */
export const openDatabase = async (
  options: { databaseUrl?: string; databasePipelines?: number; dataDir: string },
  lockOptions: DataLockOptions = {},
): Promise<DbHandle> => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { pipelines: options.databasePipelines });
  const lock = await lockDataDir(options.dataDir, lockOptions);
  try {
    const handle = await openPglite(path.join(options.dataDir, 'pglite'));
    const close = handle.close;
    return {
      ...handle,
      close: async () => {
        try {
          await close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
};

const dialect = new PgDialect();

/**
 * A statement's rows as arrays of values, each parsed by its column's type as `db.execute` parses them (drizzle's
 * array mode on both drivers: node-postgres `rowMode: 'array'`, PGlite the same). For a page of many rows and
 * columns: no object per row from the driver and no json built by the database (issue 26).
 *
 * `short`: the caller holds the statement to be short whatever the data (a page read from an index in order and
 * stopped after a page); on PostgreSQL it is then named `short_...` and may be pipelined (db/pipelined-pool.ts).
 */
export const arrayRows = (
  db: Executor,
  statement: SQL,
  options: { short?: boolean } = {},
): Promise<unknown[][]> => {
  const query = dialect.sqlToQuery(statement);
  return db._.session
    .prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(
      query,
      undefined,
      options.short ? shortStatementName(query.sql) : undefined,
      true,
      (rows) => rows,
    )
    .execute();
};

/**
 * `db.execute`, but planned with its values on every run: on PostgreSQL the statement is sent unnamed, never
 * prepared (prepared-statements.ts names only statements without a name). For the few statements whose best plan
 * depends on their values, such as a substring probe of report titles: a frequent word is found fastest by reading
 * the table until enough rows match, a rare one from the trigram index. Prepared, such a probe kept the generic plan
 * (the index) after five runs, and `results` took 5.5 ms where reading took 2.4 (issue 26). Planning costs each run.
 */
export const executePlannedEachTime = (db: Executor, statement: SQL) =>
  db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, '', false).execute();

/** Rows of a raw `db.execute` call: both drivers answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
