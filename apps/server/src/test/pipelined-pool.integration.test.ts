import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayRows, type DbHandle, openDatabase, openPostgres, rowsOf } from '../db/client.ts';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

// Short statements share a few pipelined connections; the rest and transactions check one out of the pool
// (db/pipelined-pool.ts, issue 26).
describe.skipIf(!process.env.TEST_DATABASE_URL)('pipelined statements (PostgreSQL)', () => {
  let database: TestDatabase;
  const handles: DbHandle[] = [];
  const open = async (pipelines: number) => {
    const handle = await openPostgres(database.url!, { pipelines });
    handles.push(handle);
    return handle;
  };
  /** A statement named short (arrayRows' `short`), as the session lookup and the list pages are. */
  const short = async (handle: DbHandle, statement: ReturnType<typeof sql>) =>
    arrayRows(handle.db, statement, { short: true });
  const pidAnd = async (handle: DbHandle, n: number) => {
    const [pid, doubled] = (await short(handle, sql`select pg_backend_pid(), ${n}::int * 2`))[0]!;
    return { pid: Number(pid), n: Number(doubled) };
  };
  const admin = async (text: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: database.url! });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database?.destroy();
  });

  it('answers each of 200 short statements at once with its own rows, on no more connections than its pipelines', async () => {
    const handle = await open(2);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => pidAnd(handle, i)));
    expect(answers.map((row) => row.n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
    const pids = new Set(answers.map((row) => row.pid));
    expect(pids.size).toBeLessThanOrEqual(2);
  });

  it('fails a failing statement alone: the statements written before and after it on the same connection are answered', async () => {
    const handle = await open(1);
    const results = await Promise.allSettled(
      Array.from({ length: 41 }, (_, i) =>
        i === 20 ? short(handle, sql`select ${i}::int / 0`) : short(handle, sql`select ${i}::int`),
      ),
    );
    results.forEach((result, i) => {
      if (i === 20) {
        expect(result.status).toBe('rejected');
        expect(String((result as PromiseRejectedResult).reason?.cause ?? '')).toMatch(/division by zero/);
      } else {
        expect(result.status === 'fulfilled' && result.value[0]?.[0]).toBe(i);
      }
    });
  });

  it('runs a transaction on a connection of its own, beside the pipelined statements', async () => {
    const handle = await open(1);
    const outside = await pidAnd(handle, 1);
    await handle.db.transaction(async (tx) => {
      const inside = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!;
      expect(inside.pid).not.toBe(outside.pid);
      // statements outside the transaction are not held behind it
      expect((await pidAnd(handle, 3)).pid).toBe(outside.pid);
    });
  });

  it('a connection that dies fails its statements with an error the portal answers 503 for, and the next statement opens a new one', async () => {
    const handle = await open(1);
    const { pid } = await pidAnd(handle, 1);
    // (drizzle's statements run when awaited: `.then` sends them now, one behind the other)
    const failed = (reason: unknown) => reason;
    const sleeping = short(handle, sql`select pg_sleep(${30})`).then(() => null, failed);
    const behind = short(handle, sql`select ${2}::int`).then(() => null, failed);
    // wait until the sleep runs on the backend, then end that backend as a restart would
    for (let i = 0; i < 100; i += 1) {
      const rows = await admin(`select 1 from pg_stat_activity where pid = $1 and query like '%pg_sleep%'`, [
        pid,
      ]);
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin('select pg_terminate_backend($1)', [pid]);
    for (const error of await Promise.all([sleeping, behind]))
      expect(isDatabaseUnavailable(error)).toBe(true);
    const next = await pidAnd(handle, 5);
    expect(next.n).toBe(10);
    expect(next.pid).not.toBe(pid);
  });

  it('takes its number of pipelines from the configuration (DATABASE_PIPELINES through openDatabase)', async () => {
    const handle = await openDatabase({
      databaseUrl: database.url!,
      databasePipelines: 1,
      dataDir: '/nonexistent',
    });
    handles.push(handle);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => pidAnd(handle, i)));
    expect(answers.map((row) => row.n)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    expect(new Set(answers.map((row) => row.pid)).size).toBe(1);
  });

  it('runs statements not named short on the pool, so that a slow one holds no short one up', async () => {
    const handle = await open(1);
    const { pid } = await pidAnd(handle, 1);
    let slowDone = 0;
    const slow = Array.from({ length: 4 }, () =>
      handle.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(${0.5})`).then((result) => {
        slowDone += 1;
        return rowsOf<{ pid: number }>(result)[0]!.pid;
      }),
    );
    // wait until the sleeps run, then a short statement is answered on its pipelined connection meanwhile
    for (let i = 0; i < 100; i += 1) {
      const rows = await admin(
        `select 1 from pg_stat_activity where query like '%pg_sleep%' and pid not in ($1, pg_backend_pid())`,
        [pid],
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await pidAnd(handle, 2)).pid).toBe(pid);
    expect(slowDone).toBe(0);
    const slowPids = new Set(await Promise.all(slow));
    expect(slowPids.has(pid)).toBe(false);
    expect(slowPids.size).toBe(4);
  });

  it('with pipelines 0, every statement, short or not, checks a connection out of the pool, as before', async () => {
    const handle = await open(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        short(handle, sql`select pg_backend_pid(), pg_sleep(${0.05}), ${i}::int`),
      ),
    );
    const pids = new Set(answers.map((rows) => rows[0]![0]));
    expect(pids.size).toBeGreaterThan(2);
  });
});
