import { messagesSite } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysts } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// POST /overall/sortOurPeople (issue 24; spec 2 "Team Management": a map of analyst id to position): an admin
// orders Our People, and GET /overall/ourPeople answers in the new order on the next request.
describe('Team Management: POST /overall/sortOurPeople', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  const ids: number[] = [];
  const seen: Change[] = [];
  const sort = (sortValue: unknown, who = admin, csrf = true) =>
    who.request('POST', '/api/overall/sortOurPeople', { body: { sortValue }, csrf });
  const order = async () => {
    const reply = await anonymous.get('/api/overall/ourPeople');
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json().data as { id: number }[]).map((p) => p.id).filter((id) => ids.includes(id));
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    for (const name of ['Ada Park', 'Ben Osei', 'Chloe Lim', 'Dev Rao']) ids.push(await f.analyst(name));
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('analyst', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only, with the CSRF header', async () => {
    const before = await order();
    const map = { [ids[3]!]: 0 };
    expect((await sort(map, anonymous)).statusCode).toBe(401);
    expect((await sort(map, client)).statusCode).toBe(403);
    expect((await sort(map, admin, false)).statusCode).toBe(403);
    expect(await order()).toEqual(before);
  });

  it('orders Our People, seen on the next request; people without a position come last', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    seen.length = 0;
    const reply = await sort({ [d]: 0, [b]: 1, [a]: 2 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ success: true });
    expect(await order()).toEqual([d, b, a, c]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'analyst' });
    expect([...(seen[0]!.ids ?? [])].sort()).toEqual([a, b, d].sort());
    // A second save moves them again.
    expect((await sort({ [a]: 0, [b]: 1, [c]: 2, [d]: 3 })).statusCode).toBe(200);
    expect(await order()).toEqual([a, b, c, d]);
  });

  it('hides and shows a member in Our People, seen on the next request, for admins only', async () => {
    const [a] = ids as [number];
    const update = (body: unknown, who = admin) =>
      who.request('POST', '/api/overall/updateOurPeople', { body });
    expect((await update({ id: a, isOurPeople: false }, client)).statusCode).toBe(403);
    expect((await update({ id: a, isOurPeople: false }, anonymous)).statusCode).toBe(401);
    expect(await order()).toContain(a);
    seen.length = 0;
    const hidden = await update({ id: a, isOurPeople: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ success: true, isOurPeople: false });
    expect(await order()).not.toContain(a);
    expect(seen).toEqual([{ kind: 'analyst', ids: [a] }]);
    // A hidden member keeps a place in the team's order; shown again, they are back in it.
    expect((await sort({ [ids[1]!]: 0, [a]: 1 })).statusCode).toBe(200);
    expect((await update({ id: a, isOurPeople: true })).statusCode).toBe(200);
    expect((await order()).indexOf(a)).toBe(1);
    const writes = await countWrites(t.db);
    expect((await update({ id: 999999, isOurPeople: true })).statusCode).toBe(404);
    for (const body of [
      { id: a },
      { id: a, isOurPeople: 'no' },
      { id: 0, isOurPeople: true },
      { id: a, isOurPeople: true, x: 1 },
    ])
      expect((await update(body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await writes()).toBe(0);
  });

  it('refuses an unknown person, someone no longer on the team and malformed maps, and writes nothing', async () => {
    await t.db.update(analysts).set({ membershipStatus: 'former' }).where(eq(analysts.id, ids[3]!));
    const before = await order();
    const writes = await countWrites(t.db);
    // the triggers may already count from an earlier test of this file: only what this test writes matters
    const base = await writes();
    seen.length = 0;
    for (const map of [{ [ids[0]!]: 1, 999999: 0 }, { [ids[3]!]: 0 }]) {
      const reply = await sort(map);
      expect(reply.statusCode, JSON.stringify(map)).toBe(404);
      expect(reply.json().message).toBe(messagesSite.team.unknownPerson);
    }
    for (const map of [
      {},
      { [ids[0]!]: -1 },
      { [ids[0]!]: 1.5 },
      { [ids[0]!]: '1' },
      { [ids[0]!]: 100001 },
      { abc: 1 },
      { '0': 1 },
      { '01': 1 },
      [1, 2],
      null,
      'x',
    ]) {
      const reply = await sort(map);
      expect(reply.statusCode, JSON.stringify(map)).toBe(400);
    }
    const extra = await admin.request('POST', '/api/overall/sortOurPeople', {
      body: { sortValue: { [ids[0]!]: 0 }, more: true },
    });
    expect(extra.statusCode).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [String(i + 1), i]));
    expect((await sort(many)).statusCode).toBe(400);
    expect(await writes()).toBe(base);
    expect(seen).toEqual([]);
    expect(await order()).toEqual(before);
  });
});

// POST /editBiography (issue 24; spec 2 "Biographies"): an admin writes an analyst's (U) or a company's (L)
// description; the pages' reads answer it on the next request.
describe('Biographies: POST /editBiography', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let analystId: number;
  let companyId: number;
  const seen: Change[] = [];
  const edit = (body: unknown, who?: TestClient, csrf = true) =>
    (who ?? admin).request('POST', '/api/editBiography', { body, csrf });
  const analystText = async () =>
    ((await client.get(`/api/analysts?id=${analystId}`)).json().data[0] as { description: string | null })
      .description;
  const companyText = async () =>
    ((await client.get(`/api/companies?id=${companyId}`)).json().data[0] as { description: string | null })
      .description;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    analystId = await f.analyst('Ada Park');
    companyId = await f.company('Harbour Bank');
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    t.app.services.changes.subscribe(['analyst', 'company'], (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only, with the CSRF header', async () => {
    const body = {
      iDescription_AttachToID: analystId,
      sDescription: '<p>Taken over</p>',
      cDescription_Entity: 'U',
    };
    expect((await edit(body, client)).statusCode).toBe(403);
    expect((await edit(body, await new TestClient(t.app).start())).statusCode).toBe(401);
    expect((await edit(body, admin, false)).statusCode).toBe(403);
    expect((await analystText()) ?? '').not.toContain('Taken over');
  });

  it("saves an analyst's and a company's biography sanitised, seen on the next request; no words is none", async () => {
    seen.length = 0;
    const html = '<p onclick="x()">Covers <strong>banks</strong>.</p><script>x()</script>';
    const saved = await edit({
      iDescription_AttachToID: analystId,
      sDescription: html,
      cDescription_Entity: 'U',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, description: '<p>Covers <strong>banks</strong>.</p>' });
    expect(await analystText()).toBe('<p>Covers <strong>banks</strong>.</p>');
    const company = await edit({
      iDescription_AttachToID: companyId,
      sDescription: '<h3>Harbour Bank</h3><p>A regional lender.</p>',
      cDescription_Entity: 'L',
    });
    expect(company.statusCode, company.body).toBe(200);
    expect(await companyText()).toBe('<h3>Harbour Bank</h3><p>A regional lender.</p>');
    expect(seen).toEqual([
      { kind: 'analyst', ids: [analystId] },
      { kind: 'company', ids: [companyId] },
    ]);
    // An empty paragraph is no biography.
    const emptied = await edit({
      iDescription_AttachToID: analystId,
      sDescription: '<p></p>',
      cDescription_Entity: 'U',
    });
    expect(emptied.json()).toEqual({ success: true, description: null });
    expect(await analystText()).toBeNull();
  });

  it('refuses an unknown analyst or company and malformed bodies, and writes nothing', async () => {
    const writes = await countWrites(t.db);
    seen.length = 0;
    for (const entity of ['U', 'L']) {
      const reply = await edit({
        iDescription_AttachToID: 999999,
        sDescription: '<p>x</p>',
        cDescription_Entity: entity,
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(messagesSite.biography.missing);
    }
    const good = { iDescription_AttachToID: analystId, sDescription: '<p>x</p>', cDescription_Entity: 'U' };
    for (const body of [
      { ...good, cDescription_Entity: 'C' },
      { ...good, iDescription_AttachToID: 0 },
      { ...good, iDescription_AttachToID: '5' },
      { ...good, sDescription: 5 },
      { ...good, sDescription: `<p>${'a'.repeat(50_001)}</p>` },
      { ...good, extra: 1 },
      {},
    ]) {
      const reply = await edit(body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const text = await edit('x');
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await writes()).toBe(0);
    expect(seen).toEqual([]);
  });
});
