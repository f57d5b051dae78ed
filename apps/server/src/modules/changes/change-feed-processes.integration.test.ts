import { matrixConstants } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { demoPassword } from '../../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../../test/catalogue-fixtures.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/test-app.ts';

// Two portal processes on one PostgreSQL database (issue 26): each caches for a minute, and a write in one is seen by
// the other on its next request, through LISTEN/NOTIFY; when the other's listening connection is cut, its caches are
// emptied until it listens again. (Two apps in one test process stand for two processes: each has its own pool,
// caches and listening connection, as a process of WEB_CONCURRENCY has.)

/** Asks until `check` holds (the notice travels through the database: a few milliseconds), at most 5 s. */
const eventually = async (check: () => Promise<boolean>) => {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 5_000) throw new Error('not seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('the change feed across processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let banks: number;
  let report: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { CACHE_TTL_MS: '60000' };
    const appEnv = { ...env, DATABASE_URL: database.url! };
    a = await createTestApp({ database, env, appEnv });
    const f = await catalogueFixtures(a.db);
    banks = await f.sector('Banks');
    report = await f.report({ title: 'Bank margins', publishedAt: '2029-12-01T00:00:00Z', sectorId: banks });
    const readerId = await f.user('reader@feed.test');
    await f.subscribe(readerId, [banks]);
    b = await createTestApp({ database, env, appEnv, clock: a.clock });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.destroy();
  });

  it('a session ended in one process is refused by the other on its next request', async () => {
    const inA = await TestClient.signedIn(a.app, 'reader@feed.test', fixturePassword);
    // the same browser's cookies, sent to the other process
    const inB = new TestClient(b.app);
    for (const [name, value] of inA.cookies) inB.cookies.set(name, value);
    inB.csrfToken = inA.csrfToken;
    expect((await inB.get('/api/users/me')).json().data).toMatchObject({ email: 'reader@feed.test' });
    expect((await inA.request('POST', '/api/users/logout')).statusCode).toBe(200);
    await eventually(async () => (await inB.get('/api/users/me')).json().data === null);
  });

  it('a sector revoked in one process closes the report in the other', async () => {
    const reader = await TestClient.signedIn(b.app, 'reader@feed.test', fixturePassword);
    const admin = await TestClient.signedIn(a.app, 'admin@demo.test', demoPassword);
    const open = async () => (await reader.get(`/api/report/S-${report}`)).statusCode;
    // B holds the reader's entitlement in its cache.
    expect(await open()).toBe(200);
    const [row] = await a.db
      .select({ personId: users.personId })
      .from(users)
      .where(eq(users.email, 'reader@feed.test'));
    const xml = `<matrix><x id="300001"><y id="${banks}"/></x></matrix>`;
    const revoked = await admin.get(
      `/api/Repository/UpdateMatrix?psnId=${row!.personId}&psnEntity=U&deleteXml=${encodeURIComponent(xml)}`,
    );
    expect(revoked.json().data).toEqual({ inserted: [], deleted: [banks] });
    await eventually(async () => (await open()) === 403);
    // granted again, in the other direction
    const granted = await admin.get(
      `/api/Repository/UpdateMatrix?psnId=${row!.personId}&psnEntity=U&insertXml=${encodeURIComponent(
        `<matrix><x id="300001"><y id="${banks}"><z value="${matrixConstants.subscriberZ}"/></y></x></matrix>`,
      )}`,
    );
    expect(granted.statusCode).toBe(200);
    await eventually(async () => (await open()) === 200);
  });

  it('without its listening connection a process empties its caches until it hears again, then catches up', async () => {
    const admin = await TestClient.signedIn(a.app, 'admin@demo.test', demoPassword);
    const read = async () =>
      (await new TestClient(b.app).get('/api/getParameter/bEnableConnectBookings')).json().value as string;
    const write = async (value: string) =>
      expect(
        (await admin.request('POST', '/api/admin/parameters/bEnableConnectBookings', { body: { value } }))
          .statusCode,
      ).toBe(200);
    await write('1');
    await eventually(async () => (await read()) === '1');
    // B's listening connection is cut by the server (a restart, a failover, an idle timeout).
    const cut = await b.db.execute(
      sql`select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = current_database() and query = 'listen portal_changes' and pid <> pg_backend_pid()`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(1);
    // Both were listening; both reconnect. A change made meanwhile is read by B all the same.
    await write('0');
    await eventually(async () => (await read()) === '0');
    // Listening again: B's cache holds once more, and a change still reaches it.
    await eventually(async () => {
      const count = await b.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen portal_changes'`,
      );
      return (count as unknown as { rows: { n: number }[] }).rows[0]!.n >= 2;
    });
    await write('1');
    await eventually(async () => (await read()) === '1');
  });
});
