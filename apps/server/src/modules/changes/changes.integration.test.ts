import { sessionCookie } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { demoPassword } from '../../seed/accounts.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashPassword } from '../accounts/password.ts';
import type { Change } from './change-feed.ts';

// The change feed in the running app (issue 22): a write publishes what it changed once it has committed, every
// cache follows, and a write refused inside its transaction publishes nothing. Each kind's "the next read sees
// it" is tested where its write lives (README "One change feed" lists them); this file checks the feed itself.
describe('the change feed in the app', () => {
  let t: TestApp;
  let admin: TestClient;
  const seen: Change[] = [];

  beforeAll(async () => {
    // Caches on for longer than any test: only the feed can make a reader see a write.
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    t.app.services.changes.subscribe(['user', 'session', 'matrix', 'saved'], (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = async (email: string) => {
    const at = new Date('2029-06-01T00:00:00Z');
    const [row] = await t.db
      .insert(users)
      .values({
        email,
        firstName: 'Feed',
        lastName: 'Reader',
        passwordHash: await hashPassword('Feed-reader-1'),
        emailVerifiedAt: at,
        activatedAt: at,
        createdAt: at,
      })
      .returning({ id: users.id });
    return row!.id;
  };

  it('publishes a removal after its commit, and the cached session is gone on the next request', async () => {
    const id = await newUser('feed.remove@feed.test');
    const reader = await TestClient.signedIn(t.app, 'feed.remove@feed.test', 'Feed-reader-1');
    // Cached now: a second read costs no query, and only a published change can drop it.
    expect((await reader.get('/api/users/me')).statusCode).toBe(200);
    expect((await reader.get('/api/users/me')).statusCode).toBe(200);
    seen.length = 0;
    expect((await admin.get(`/api/users/${id}/removeUser`)).statusCode).toBe(200);
    expect(seen).toContainEqual({ kind: 'user', ids: [id] });
    expect((await reader.get('/api/users/me')).json().data).toBeNull();
  });

  it('publishes nothing for a write refused inside its transaction', async () => {
    const id = await newUser('feed.twice@feed.test');
    expect((await admin.get(`/api/users/${id}/removeUser`)).statusCode).toBe(200);
    seen.length = 0;
    // Removing again is refused after the row was locked and read, in the transaction: it rolls back.
    expect((await admin.get(`/api/users/${id}/removeUser`)).statusCode).toBe(409);
    expect(seen).toEqual([]);
  });

  it('publishes a sign-out as the session it ended', async () => {
    await newUser('feed.logout@feed.test');
    const reader = await TestClient.signedIn(t.app, 'feed.logout@feed.test', 'Feed-reader-1');
    expect((await reader.get('/api/users/me')).json().data).not.toBeNull();
    const token = reader.cookies.get(sessionCookie);
    seen.length = 0;
    expect((await reader.post('/api/users/logout')).statusCode).toBeLessThan(300);
    expect(seen.map((change) => change.kind)).toEqual(['session']);
    // The old cookie, replayed: the session it named was cached, and the published change dropped it.
    const replay = new TestClient(t.app);
    replay.cookies.set(sessionCookie, token!);
    expect((await replay.get('/api/users/me')).json()).toEqual({ success: false, data: null });
  });
});
