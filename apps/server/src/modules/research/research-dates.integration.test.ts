import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayRows, type Executor } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { utcTimes } from './research-sql.ts';

// A card's date and its keyset cursor's position are made from the timestamp as the database writes it in json
// (issue 26: two to_char calls a row cost the page statement more than the rest of its columns), read as the page
// reads its rows (arrayRows). They must be what to_char gives, on PostgreSQL and PGlite alike, whatever the
// fraction of the second and whatever the connection's DateStyle.
describe('card dates from json timestamps (issue 26)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const instants = [
    '2026-12-02 13:59:58+00',
    '2026-12-02 13:59:58.5+00',
    '2026-12-02 13:59:58.05+00',
    '2026-12-02 13:59:58.644+00',
    '2026-12-02 13:59:58.6449+00',
    '2026-12-02 13:59:58.999999+00',
    '2026-12-02 13:59:58.000001+00',
    '2026-01-01 00:00:00.1234+05:30',
    '1999-12-31 23:59:59.99995-08:00',
  ];
  const read = async (db: Executor) =>
    (
      await arrayRows(
        db,
        sql`select to_json(x.at), to_char(x.at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(x.at, 'YYYY-MM-DD"T"HH24:MI:SS.US')
          from (select t at time zone 'UTC' as at
            from unnest(${`{${instants.map((i) => `"${i}"`).join(',')}}`}::timestamptz[]) t) x`,
      )
    ).map(([at, date, cursor]) => ({ at: at as string, date, cursor }));

  it('equal to_char to the millisecond and the microsecond', async () => {
    const rows = await read(t.db);
    expect(rows).toHaveLength(instants.length);
    for (const row of rows) expect(utcTimes(row.at)).toEqual({ date: row.date, cursor: row.cursor });
    // the whole second, written without a fraction, is one of them
    expect(rows.some((row) => !row.at.includes('.'))).toBe(true);
  });

  it('the same under another DateStyle', async () => {
    const iso = await read(t.db);
    const other = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local datestyle = 'SQL, DMY'`);
      // the setting is in force: a plain timestamp is written the other way
      const plain = (await arrayRows(tx, sql`select (timestamp '2026-12-02 13:59:58')::text`))[0]?.[0];
      expect(plain).toBe('02/12/2026 13:59:58');
      return read(tx);
    });
    expect(other).toEqual(iso);
  });
});

// The page's rows come as arrays through arrayRows, each value parsed by its column's type as db.execute parses
// it: the cards are built from these values, so both drivers must give the same ones.
describe('arrayRows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('parses each column by its type, in the statement order, on either driver', async () => {
    const rows = await arrayRows(
      t.db,
      sql`select v.n, v.n::text, v.n % 2 = 0, to_json(array['a', 'b"c']), jsonb_build_array('s', v.n, null),
          null::int, null::text, (v.n * 0.5)::real
        from (values (2), (1), (3)) v(n) order by v.n desc`,
    );
    expect(rows).toEqual([
      [3, '3', false, ['a', 'b"c'], ['s', 3, null], null, null, 1.5],
      [2, '2', true, ['a', 'b"c'], ['s', 2, null], null, null, 1],
      [1, '1', false, ['a', 'b"c'], ['s', 1, null], null, null, 0.5],
    ]);
  });

  it('answers an empty list for no rows', async () => {
    expect(await arrayRows(t.db, sql`select 1 where false`)).toEqual([]);
  });
});
