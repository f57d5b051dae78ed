import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { jsonValue, utcTimes } from './research-sql.ts';

// A card's date and its keyset cursor's position are made from the timestamp as the database writes it in json
// (issue 26: two to_char calls a row cost the page statement more than the rest of its columns). They must be
// what to_char gives, on PostgreSQL and PGlite alike, whatever the fraction of the second.
describe('card dates from json timestamps (issue 26)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('equal to_char to the millisecond and the microsecond', async () => {
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
    const rows = rowsOf<{ page: unknown }>(
      await t.db.execute(sql`select json_agg(json_build_object(
          'at', t at time zone 'UTC',
          'date', to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'cursor', to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))) as page
        from unnest(${`{${instants.map((i) => `"${i}"`).join(',')}}`}::timestamptz[]) t`),
    );
    const page = jsonValue<{ at: string; date: string; cursor: string }[]>(rows[0]?.page);
    expect(page).toHaveLength(instants.length);
    for (const row of page) expect(utcTimes(row.at)).toEqual({ date: row.date, cursor: row.cursor });
    // the whole second, written without a fraction, is one of them
    expect(page.some((row) => !row.at.includes('.'))).toBe(true);
  });
});
