import { count, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DbHandle, openPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { reports, seedRuns, users } from '../db/schema/index.ts';
import { createTestClock, silentLog, testConfig } from '../test/test-app.ts';
import { runPendingSeeds, seedModules } from './index.ts';

let handle: DbHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});
const fresh = async () => {
  handle = await openPglite();
  await migrate(handle);
  return handle.db;
};
const clock = createTestClock();
const recorded = async (db: DbHandle['db']) =>
  (await db.select({ name: seedRuns.name }).from(seedRuns)).map((r) => r.name).sort();
// Modules of later capabilities (after the first three), in their order.
const later = seedModules.slice(3);
const names = (modules: readonly { name: string }[]) => modules.map((m) => m.name);
const allBut = (...left: string[]) =>
  names(seedModules)
    .filter((n) => !left.includes(n))
    .sort();

describe('seed runs', () => {
  it('prints what each module added on its progress line (issue 21: the settings steps printed no count)', async () => {
    const db = await fresh();
    const lines: { msg: string; details: Record<string, unknown> }[] = [];
    const log = {
      ...silentLog,
      info: (details: Record<string, unknown>, msg: string) => lines.push({ msg, details }),
    };
    const ran = await runPendingSeeds({ db, config: testConfig(), clock, log }, { skip: ['catalogue'] });
    expect(ran.length).toBeGreaterThan(5);
    const progress = Object.fromEntries(
      ran.map((name) => [name, lines.find((entry) => entry.msg.startsWith(`Seeded ${name} (`))?.msg]),
    );
    // every step says what it added, or that it added nothing (here: the steps that build on the skipped catalogue)
    for (const name of ran)
      expect(progress[name], name).toMatch(
        /^Seeded \S+ \(\d+\/\d+\) in [\d.]+ s: (nothing new|\d+ [a-z].*)$/,
      );
    // the settings steps printed no count before (only users, sectors, analysts, companies, reports, menus and
    // banners were counted)
    for (const name of ['parameters', 'viewer-parameters', 'site-parameters'])
      expect(progress[name], name).toMatch(/ s: \d+ parameters$/);
    expect(progress['crm-parameters']).toMatch(/ s: \d+ pick list values$/);
    expect(progress.crm).toMatch(/ s: \d+ persons, .*\d+ firms/);
  }, 240_000);

  it('runs each pending module once and records it; a removed demo account does not come back', async () => {
    const db = await fresh();
    const ctx = { db, config: testConfig(), clock, log: silentLog };
    expect(await runPendingSeeds(ctx, { skip: ['catalogue'] })).toEqual([
      'parameters',
      'accounts',
      ...names(later),
    ]);
    expect(await recorded(db)).toEqual(allBut('catalogue'));
    await db.delete(users).where(eq(users.email, 'npi@demo.test'));
    expect(await runPendingSeeds(ctx, { skip: ['catalogue'] })).toEqual([]);
    // the demo accounts (users management seeds other website users too)
    const [left] = await db.select({ n: count() }).from(users).where(like(users.email, '%@demo.test'));
    expect(left!.n).toBe(2);
  });

  it('counts the modules that predate bookkeeping as done on an existing database', async () => {
    const db = await fresh();
    const ctx = { db, config: testConfig(), clock, log: silentLog };
    await runPendingSeeds(ctx, { skip: ['catalogue'] });
    // a database from before seed runs were recorded: content present, no seed_runs rows
    await db.delete(seedRuns);
    await db.delete(users).where(eq(users.email, 'client@demo.test'));
    // Only the modules from before bookkeeping count as done; later ones run again (they are idempotent).
    expect(await runPendingSeeds(ctx, { skip: ['catalogue'] })).toEqual(names(later));
    expect(await recorded(db)).toEqual(allBut('catalogue'));
    // the demo accounts (users management seeds other website users too)
    const [left] = await db.select({ n: count() }).from(users).where(like(users.email, '%@demo.test'));
    expect(left!.n).toBe(2);
  });

  it('never seeds demo accounts or content in production, and does not add them later', async () => {
    const db = await fresh();
    const production = { db, config: testConfig({ NODE_ENV: 'production' }), clock, log: silentLog };
    expect(await runPendingSeeds(production)).toEqual(['parameters', ...names(later.filter((m) => !m.demo))]);
    expect(await recorded(db)).toEqual(allBut());
    const development = { ...production, config: testConfig() };
    expect(await runPendingSeeds(development)).toEqual([]);
    const [userRows] = await db.select({ n: count() }).from(users);
    const [reportRows] = await db.select({ n: count() }).from(reports);
    expect([userRows!.n, reportRows!.n]).toEqual([0, 0]);
  });
});
