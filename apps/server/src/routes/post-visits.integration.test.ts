import { blogLimits, messagesBlogs, type PostStatReply } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, postVisits } from '../db/schema/blogs.ts';
import { firms, persons } from '../db/schema/crm.ts';
import { users } from '../db/schema/index.ts';
import { blogs } from '../db/schema/site.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SECOND = 1000;
const cap = blogLimits.heartbeatCapSeconds;

/**
 * Measured reading time (issue 14): the leave call and the heartbeats count the time of the caller's own visit
 * (each at most the cap, hidden time not counted, a closed visit stays closed), and the admin's statistics show
 * it: 15 rows a page newest first, the 2-minute rule only for visits never measured, the average to 2 decimals.
 */
describe('post visits: leave, heartbeat and statistics', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let npi: TestClient;
  let clientId: number;
  let npiId: number;
  let postId: number;
  let otherPostId: number;

  const userId = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  /** A visit as GET /post/{id} makes it (modules/blogs), entered now by the test clock. */
  const visit = async (user: number, post = postId) =>
    (
      await t.db
        .insert(postVisits)
        .values({ postId: post, userId: user, enteredAt: t.clock() })
        .returning({ id: postVisits.id })
    )[0]!.id;
  const row = async (id: string) => (await t.db.select().from(postVisits).where(eq(postVisits.id, id)))[0]!;
  const leave = (who: TestClient, id: string, post = postId) =>
    who.get(`/api/post/leave/${post}?visit=${id}`);
  const beat = (who: TestClient, id: string, resumed?: boolean, post = postId) =>
    who.post(`/api/post/heartbeat/${post}`, { visit: id, ...(resumed === undefined ? {} : { resumed }) });
  /** The visits as stored: equal before and after means the call changed nothing. */
  const visitsDigest = async () =>
    JSON.stringify(await t.db.select().from(postVisits).orderBy(postVisits.id));
  const stats = async (page = 1, post = postId) => {
    const response = await admin.get(`/api/post/stat/${post}?page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PostStatReply;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    npi = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    clientId = await userId('client@demo.test');
    npiId = await userId('npi@demo.test');
    await t.db
      .insert(blogs)
      .values({ key: 'visits-blog', topic: 'Visits', createdAt: t.clock(), accessType: 'pre' })
      .onConflictDoNothing();
    const made = await t.db
      .insert(posts)
      .values([
        { blogKey: 'visits-blog', title: 'Measured', html: '<p>x</p>', draft: {}, publish: true },
        { blogKey: 'visits-blog', title: 'Other', html: '<p>y</p>', draft: {}, publish: true },
      ])
      .returning({ id: posts.id });
    postId = made[0]!.id;
    otherPostId = made[1]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leave counts the time since entry, capped, and closes the visit; a second leave adds nothing', async () => {
    const id = await visit(clientId);
    t.clock.advance(20 * SECOND);
    expect((await leave(client, id)).json()).toEqual({ success: true });
    const closed = await row(id);
    expect(closed.activeSeconds).toBe(20);
    expect(closed.exitAt?.toISOString()).toBe(t.clock().toISOString());
    expect(closed.lastSeenAt?.toISOString()).toBe(t.clock().toISOString());
    const firstExit = closed.exitAt?.toISOString();
    t.clock.advance(30 * SECOND);
    expect((await leave(client, id)).statusCode).toBe(200);
    const again = await row(id);
    expect(again.activeSeconds).toBe(20);
    expect(again.exitAt?.toISOString()).toBe(firstExit);

    const long = await visit(clientId);
    t.clock.advance(10 * 60 * SECOND);
    await leave(client, long);
    expect((await row(long)).activeSeconds).toBe(cap);
  });

  it('heartbeats add the time since the last count, at most the cap; a resumed beat does not count hidden time', async () => {
    const id = await visit(clientId);
    t.clock.advance(30 * SECOND);
    expect((await beat(client, id)).json()).toEqual({ success: true });
    t.clock.advance(30 * SECOND);
    await beat(client, id);
    expect((await row(id)).activeSeconds).toBe(60);
    // hidden for an hour: the resumed beat restarts the count
    t.clock.advance(60 * 60 * SECOND);
    await beat(client, id, true);
    expect((await row(id)).activeSeconds).toBe(60);
    t.clock.advance(10 * SECOND);
    await beat(client, id);
    expect((await row(id)).activeSeconds).toBe(70);
    // a beat long after the last one (a sleeping laptop) counts the cap only
    t.clock.advance(5 * 60 * SECOND);
    await beat(client, id);
    expect((await row(id)).activeSeconds).toBe(70 + cap);
    t.clock.advance(5 * SECOND);
    await leave(client, id);
    expect((await row(id)).activeSeconds).toBe(75 + cap);
    // closed: a later beat is refused and counts nothing
    t.clock.advance(20 * SECOND);
    const late = await beat(client, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messagesBlogs.errors.visitClosed);
    expect((await row(id)).activeSeconds).toBe(75 + cap);
  });

  it('a visit opened by GET /post/{id} is measured by its heartbeat and leave and shows in the statistics', async () => {
    const read = (
      await t.db
        .insert(posts)
        .values({
          blogKey: 'visits-blog',
          title: 'Read through the API',
          html: '<p>w</p>',
          draft: {},
          publish: true,
          publishedAt: t.clock(),
        })
        .returning({ id: posts.id })
    )[0]!.id;
    const page = await client.get(`/api/post/${read}`);
    expect(page.statusCode, page.body).toBe(200);
    const visitId = page.json().data.visit as string;
    expect(visitId).toMatch(/^[0-9a-f-]{36}$/);
    t.clock.advance(30 * SECOND);
    expect((await beat(client, visitId, false, read)).statusCode).toBe(200);
    t.clock.advance(12 * SECOND);
    expect((await leave(client, visitId, read)).statusCode).toBe(200);
    const reply = await stats(1, read);
    expect(reply.total).toBe(1);
    expect(reply.data[0]).toMatchObject({ measured: true, minutes: 0.7 });
    expect(reply.averageMinutes).toBe(0.7);
  });

  it("another reader's visit, another post's visit and unknown visits are 404 and change nothing", async () => {
    const id = await visit(clientId);
    t.clock.advance(20 * SECOND);
    const before = await visitsDigest();
    for (const response of [
      await leave(npi, id),
      await beat(npi, id),
      await leave(client, id, otherPostId),
      await beat(client, id, false, otherPostId),
      await leave(client, '6f1c7a52-8d4e-4b7a-9c1e-2f3a4b5c6d7e'),
      await leave(client, id, 2_000_000),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(messagesBlogs.errors.visitNotFound);
    }
    expect(await visitsDigest()).toBe(before);
  });

  it('bad input is a 4xx with a clear message, never a 5xx; anonymous callers and missing CSRF are refused', async () => {
    const id = await visit(clientId);
    const before = await visitsDigest();
    const cases = [
      await client.get(`/api/post/leave/${postId}?visit=not-a-uuid`),
      await client.get(`/api/post/leave/${postId}`),
      await client.get(`/api/post/leave/abc?visit=${id}`),
      await client.get(`/api/post/leave/${postId}?visit=${id}%00`),
      await client.post(`/api/post/heartbeat/${postId}`, { visit: id, resumed: 'yes' }),
      await client.post(`/api/post/heartbeat/${postId}`, { visit: 42 }),
      await client.request('POST', `/api/post/heartbeat/${postId}`, {
        body: '{"visit":',
        headers: { 'content-type': 'application/json' },
      }),
      await client.post(`/api/post/heartbeat/${postId}`, []),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect(cases[0]!.json().message).toBe(messagesBlogs.validation.visitInvalid);
    const anonymous = await new TestClient(t.app).start();
    expect((await anonymous.get(`/api/post/leave/${postId}?visit=${id}`)).statusCode).toBe(401);
    expect((await client.get(`/api/post/leave/${postId}?visit=${id}`, { csrf: false })).statusCode).toBe(403);
    expect(await visitsDigest()).toBe(before);
  });

  it('statistics: 15 a page newest first, names and firms, measured minutes, the 2-minute rule and the average', async () => {
    const fresh = (
      await t.db
        .insert(posts)
        .values({ blogKey: 'visits-blog', title: 'Stats', html: '<p>z</p>', draft: {}, publish: true })
        .returning({ id: posts.id })
    )[0]!.id;
    // the client's person works at a firm of our CRM; the npi reader has none (their sign-up company shows)
    const [firm] = await t.db
      .insert(firms)
      .values({ id: 990001, name: 'Harbour Capital', createdAt: t.clock() })
      .returning({ id: firms.id });
    const [clientUser] = await t.db.select().from(users).where(eq(users.id, clientId));
    await t.db.update(persons).set({ firmId: firm!.id }).where(eq(persons.id, clientUser!.personId!));
    const [npiUser] = await t.db.select().from(users).where(eq(users.id, npiId));
    await t.db.update(persons).set({ firmId: null }).where(eq(persons.id, npiUser!.personId!));
    await t.db.update(users).set({ companyName: 'Own Account Ltd' }).where(eq(users.id, npiId));

    // 1: measured 90 s (two beats and a leave) by the client
    const measured = await visit(clientId, fresh);
    t.clock.advance(40 * SECOND);
    await beat(client, measured, false, fresh);
    t.clock.advance(40 * SECOND);
    await beat(client, measured, false, fresh);
    t.clock.advance(10 * SECOND);
    await leave(client, measured, fresh);
    // 2..16: 15 unmeasured visits by the npi reader (2 minutes each), one a minute
    for (let i = 0; i < 15; i += 1) {
      t.clock.advance(60 * SECOND);
      await visit(npiId, fresh);
    }
    // 17: a measured visit that counted nothing (a resumed beat only): 0 minutes, not 2
    t.clock.advance(60 * SECOND);
    const zero = await visit(clientId, fresh);
    await beat(client, zero, true, fresh);

    const first = await stats(1, fresh);
    expect(first.total).toBe(17);
    expect(first.page).toBe(1);
    expect(first.data).toHaveLength(blogLimits.statsPageSize);
    // (90 + 15 x 120 + 0) s / 17 visits / 60 = 1.8529... minutes
    expect(first.averageMinutes).toBe(1.85);
    expect(first.data[0]).toMatchObject({ minutes: 0, measured: true, sCompanyName: 'Harbour Capital' });
    expect(first.data[0]!.sName).toBe(`${clientUser!.firstName} ${clientUser!.lastName}`);
    expect(first.data[0]!.dExitTimeUtc).toBeNull();
    expect(first.data[1]).toMatchObject({ minutes: 2, measured: false, sCompanyName: 'Own Account Ltd' });
    const entries = first.data.map((r) => r.dLogTimeUtc);
    expect(entries).toEqual([...entries].sort().reverse());

    const second = await stats(2, fresh);
    expect(second.data).toHaveLength(2);
    expect(second.data[1]).toMatchObject({ minutes: 1.5, measured: true, sCompanyName: 'Harbour Capital' });
    expect(second.data[1]!.dExitTimeUtc).not.toBeNull();
    expect(second.averageMinutes).toBe(1.85);
    expect((await stats(3, fresh)).data).toEqual([]);
  });

  it('statistics: admin only, 404 for an unknown post, 400 for a bad page, 0 without visits', async () => {
    expect((await client.get(`/api/post/stat/${postId}`)).statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).start();
    expect((await anonymous.get(`/api/post/stat/${postId}`)).statusCode).toBe(401);
    const unknown = await admin.get('/api/post/stat/2000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messagesBlogs.errors.postNotFound);
    for (const url of [
      `/api/post/stat/${postId}?page=0`,
      `/api/post/stat/${postId}?page=x`,
      '/api/post/stat/x',
    ])
      expect((await admin.get(url)).statusCode).toBe(400);
    const empty = (
      await t.db
        .insert(posts)
        .values({ blogKey: 'visits-blog', title: 'Unread', html: '<p>q</p>', draft: {} })
        .returning({ id: posts.id })
    )[0]!.id;
    expect(await stats(1, empty)).toEqual({ data: [], total: 0, page: 1, averageMinutes: 0 });
  });
});
