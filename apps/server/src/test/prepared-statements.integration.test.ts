import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, executePlannedEachTime, openPostgres, rowsOf } from '../db/client.ts';
import {
  MAX_PREPARED_PER_CONNECTION,
  prepareEveryStatement,
  statementName,
} from '../db/prepared-statements.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

// Every parameterised statement on PostgreSQL is a named prepared statement (issue 26: planning was most of the
// uncached research list's database time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  let database: TestDatabase;
  let handle: DbHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openPostgres(database.url!);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.destroy();
  });

  /** The statements prepared on the connection a transaction holds, after running `run` on it. */
  const preparedAfter = (
    run: (tx: Parameters<Parameters<DbHandle['db']['transaction']>[0]>[0]) => Promise<unknown>,
  ) =>
    handle.db.transaction(async (tx) => {
      await run(tx);
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`select name, statement from pg_prepared_statements where name <> ${'-'}`),
      );
    });

  it('names a parameterised statement by its text and prepares it once per connection', async () => {
    const text = 'select $1::int + 1 as n';
    const prepared = await preparedAfter(async (tx) => {
      for (const n of [1, 2, 3]) {
        const rows = rowsOf<{ n: number }>(await tx.execute(sql`select ${n}::int + 1 as n`));
        expect(rows[0]?.n).toBe(n + 1);
      }
    });
    const mine = prepared.filter((row) => row.statement === text);
    expect(mine).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('leaves statements without parameters unnamed', async () => {
    const prepared = await preparedAfter((tx) => tx.execute(sql`select 42 as answer`));
    expect(prepared.some((row) => row.statement.includes('42 as answer'))).toBe(false);
  });

  it('leaves unnamed, planned with its values each time, a statement run by executePlannedEachTime', async () => {
    const prepared = await preparedAfter(async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) {
        const rows = rowsOf<{ n: number }>(await executePlannedEachTime(tx, sql`select ${n}::int * 3 as n`));
        expect(rows[0]?.n).toBe(n * 3);
      }
    });
    expect(prepared.some((row) => row.statement.includes('* 3 as n'))).toBe(false);
  });

  it('a statement that fails to prepare fails the same way again (no half-prepared name is kept)', async () => {
    for (let i = 0; i < 2; i += 1) {
      await expect(handle.db.execute(sql`select ${1}::int from no_such_table`)).rejects.toThrow(
        /no_such_table/,
      );
    }
    expect(rowsOf(await handle.db.execute(sql`select ${7}::int as n`))).toEqual([{ n: 7 }]);
  });

  it(`keeps at most ${MAX_PREPARED_PER_CONNECTION} statements on one connection and runs the others unnamed`, async () => {
    const pool = new pg.Pool({ connectionString: database.url!, max: 1 });
    prepareEveryStatement(pool);
    try {
      const client = await pool.connect();
      try {
        for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 5; i += 1) {
          const res = await client.query({ text: `select $1::int + ${i} as n`, values: [1] });
          expect(res.rows[0].n).toBe(1 + i);
        }
        const count = await client.query({ text: 'select count(*)::int as n from pg_prepared_statements' });
        expect(count.rows[0].n).toBe(MAX_PREPARED_PER_CONNECTION);
        // one it already knows is still run by its name
        await client.query({ text: 'select $1::int + 0 as n', values: [5] });
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
