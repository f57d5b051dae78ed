import { afterEach, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../db/client.ts';
import {
  countWrites,
  createTestApp,
  createTestClock,
  createTestDatabase,
  type TestApp,
  templateEnv,
} from './test-app.ts';

/**
 * Every table's rows, without the values that differ between any two seedings: the columns a database fills from
 * its own clock or at random (`default now()`, `gen_random_uuid()`) and salted password hashes.
 */
const seededContents = async (db: Db) => {
  const columns = rowsOf<{ table: string; column: string }>(
    await db.execute(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and coalesce(column_default, '') not ilike '%now()%'
          and coalesce(column_default, '') not ilike '%random%' and column_name <> 'password_hash'
        order by table_name, ordinal_position`,
    ),
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const parts: string[] = [];
  for (const [table, names] of byTable) {
    const row = `(${names.map((name) => `t."${name}"`).join(', ')})::text`;
    const [result] = rowsOf<{ digest: string; n: number | string }>(
      await db.execute(
        `select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest, count(*) as n from "${table}" t`,
      ),
    );
    parts.push(`${table}:${result?.n}:${result?.digest}`);
  }
  return parts;
};

const opened: TestApp[] = [];
const open = async (...args: Parameters<typeof createTestApp>) => {
  const t = await createTestApp(...args);
  opened.push(t);
  return t;
};
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
}, 120_000);

describe('seeded templates (issue 21: a migrated, seeded database copied for each test file)', () => {
  it('runs with the templates on (vitest globalSetup)', () => {
    expect(process.env[templateEnv.dir]).toBeTruthy();
    expect(process.env[templateEnv.run]).toBeTruthy();
  });

  it('a database copied from the template holds what migrating and seeding gives', async () => {
    // The first call makes the template (unless another file did), the second starts from a copy of it.
    await open();
    const copy = await open();
    // A database of the test's own is migrated and seeded here, not copied.
    const fresh = await open({ database: await createTestDatabase() });
    const expected = await seededContents(fresh.db);
    expect(expected.some((part) => /^users:[1-9]/.test(part))).toBe(true);
    expect(await seededContents(copy.db)).toEqual(expected);
  }, 600_000);

  it('another clock or another public address gets a template of its own', async () => {
    const later = new Date('2031-06-01T12:00:00.000Z');
    await open({ clock: createTestClock(later) });
    const copy = await open({ clock: createTestClock(later), env: { PUBLIC_URL: 'http://elsewhere.test' } });
    const fresh = await open({
      database: await createTestDatabase(),
      clock: createTestClock(later),
      env: { PUBLIC_URL: 'http://elsewhere.test' },
    });
    expect(await seededContents(copy.db)).toEqual(await seededContents(fresh.db));
    // ...and differs from the default one (the seeds wrote the time and the address).
    const standard = await open();
    expect(await seededContents(copy.db)).not.toEqual(await seededContents(standard.db));
  }, 600_000);
});

describe('countWrites (the refusal suites check nothing was written)', () => {
  it('counts every row inserted, updated or deleted, rolled back or not, and truncations, and no read', async () => {
    const t = await open();
    const written = await countWrites(t.db);
    const start = await written();
    const step = async (statement: string) => {
      const before = await written();
      await t.db.execute(statement).catch(() => undefined);
      return (await written()) - before;
    };
    expect(await step('select count(*) from users')).toBe(0);
    expect(await step("update users set first_name = first_name where email = 'no-such@demo.test'")).toBe(0);
    // A write that puts back what was there is still a write (a digest of the contents would not see it).
    expect(await step("update users set first_name = first_name where email = 'client@demo.test'")).toBe(1);
    expect(await step("update parameters set value = value where name = 'rw_CopyLinkTo'")).toBe(1);
    expect(await step('delete from users where id = -1')).toBe(0);
    const beforeRollback = await written();
    await t.db
      .transaction(async (tx) => {
        await tx.execute("update users set first_name = 'x' where email = 'client@demo.test'");
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await written()) - beforeRollback).toBe(1);
    expect(await step('truncate parameters')).toBe(1);
    expect(await written()).toBe(start + 4);
  });
});
