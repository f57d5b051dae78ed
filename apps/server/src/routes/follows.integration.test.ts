import { messagesResearch } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analystFollows, users } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// GET and PUT /analysts/{id}/follow (issue 23, beyond the spec): a signed-in reader follows or stops following an
// analyst, sees it on the next request, and the follow is the reader's own (nobody else's changes).
describe('following an analyst', () => {
  let t: TestApp;
  let client: TestClient;
  let other: TestClient;
  let anonymous: TestClient;
  let analystId: number;
  const seen: Change[] = [];

  const follow = (id: number | string, following: unknown, who = client, csrf = true) =>
    who.request('PUT', `/api/analysts/${id}/follow`, { body: { following }, csrf });
  const status = async (id: number, who = client) => {
    const reply = await who.get(`/api/analysts/${id}/follow`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as { following: boolean };
  };
  const followsOf = async (email: string) =>
    (
      await t.db
        .select({ analystId: analystFollows.analystId })
        .from(analystFollows)
        .innerJoin(users, eq(users.id, analystFollows.userId))
        .where(eq(users.email, email))
    ).map((row) => row.analystId);

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    analystId = await f.analyst('Mei Lin Chan', { sectorIds: [await f.sector('Semiconductors')] });
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    other = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('follow', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for signed-in readers, and a change needs the CSRF header', async () => {
    expect((await anonymous.get(`/api/analysts/${analystId}/follow`)).statusCode).toBe(401);
    expect((await follow(analystId, true, anonymous)).statusCode).toBe(401);
    expect((await follow(analystId, true, client, false)).statusCode).toBe(403);
    expect(await followsOf('client@demo.test')).toEqual([]);
  });

  it('follows and unfollows, each seen on the next request, and only for the reader who asked', async () => {
    expect(await status(analystId)).toEqual({ following: false });
    seen.length = 0;
    const followed = await follow(analystId, true);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ following: true });
    expect(await status(analystId)).toEqual({ following: true });
    expect(await status(analystId, other)).toEqual({ following: false });
    expect(await followsOf('client@demo.test')).toEqual([analystId]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.kind).toBe('follow');

    // Following twice is one follow; unfollowing twice is no follow.
    expect((await follow(analystId, true)).statusCode).toBe(200);
    expect(await followsOf('client@demo.test')).toEqual([analystId]);
    expect((await follow(analystId, false)).json()).toEqual({ following: false });
    expect(await status(analystId)).toEqual({ following: false });
    expect((await follow(analystId, false)).statusCode).toBe(200);
    expect(await followsOf('client@demo.test')).toEqual([]);
  });

  it('refuses an unknown analyst, a bad id and a bad body with a 4xx, and writes nothing', async () => {
    const writes = await countWrites(t.db);
    seen.length = 0;
    const unknown = await follow(999_999, true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messagesResearch.analystMissing);
    expect((await client.get('/api/analysts/999999/follow')).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999', '1%20or%201=1']) {
      const reply = await follow(id, true);
      expect(reply.statusCode, `${id}: ${reply.body}`).toBe(400);
    }
    for (const body of [{ following: 'yes' }, { following: 1 }, {}, { following: true, userId: 1 }]) {
      const reply = await client.request('PUT', `/api/analysts/${analystId}/follow`, { body });
      expect(reply.statusCode, `${JSON.stringify(body)}: ${reply.body}`).toBe(400);
    }
    const text = await client.request('PUT', `/api/analysts/${analystId}/follow`, {
      body: 'following=true',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await writes()).toBe(0);
    expect(seen).toEqual([]);
    expect(await t.db.select().from(analystFollows).where(eq(analystFollows.analystId, analystId))).toEqual(
      [],
    );
  });
});
