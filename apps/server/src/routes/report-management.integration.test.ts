import {
  messagesReportAdmin,
  overallResearchReply,
  reportFlagReply,
  reportManagementReply,
  reportsReply,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// Report Management (issue 23; spec 2 "Report Management"): the admin's list and the four curation toggles. Caches
// on (a 60 s ttl): every toggle must reach a reader on the very next request, through the change feed.
const m = messagesReportAdmin;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('report management calls', () => {
  let t: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let anonymous: TestClient;
  const ids = { old: 0, older: 0, fresh: 0, highlighted: 0, scheduled: 0, withdrawn: 0 };

  const toggle = (client: TestClient, id: number | string, flag: string, body: unknown, csrf = true) =>
    client.request('POST', `/api/report/${id}/${flag}`, { body, csrf });
  const toggled = async (id: number, flag: string, status: boolean) => {
    const response = await toggle(admin, id, flag, { status });
    expect(response.statusCode, response.body).toBe(200);
    return reportFlagReply.parse(response.json()).report;
  };
  const list = async (query = '') => {
    const response = await admin.get(`/api/report/reportManagementAll${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return reportManagementReply.parse(response.json());
  };
  const readerList = async (type: string) => {
    const response = await reader.get(`/api/reports?type=${type}`);
    expect(response.statusCode, response.body).toBe(200);
    return reportsReply.parse(response.json()).data.map((card) => card.id);
  };
  const readerPanels = async () => {
    const response = await reader.get('/api/overall/research');
    expect(response.statusCode, response.body).toBe(200);
    return overallResearchReply.parse(response.json());
  };
  /** Rows written from now on (the count of countWrites runs on over the whole file). */
  const writesFromNow = async () => {
    const count = await countWrites(t.db);
    const start = await count();
    return async () => (await count()) - start;
  };
  const row = async (id: number) => (await t.db.select().from(reports).where(eq(reports.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    const banks = await f.sector('Banks');
    const lead = await f.analyst('Lena Lead');
    const second = await f.analyst('Sam Second');
    // The clock stands at 2030-01-15T09:00Z.
    ids.old = await f.report({
      title: 'Bank margins in a falling rate world',
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: banks,
      analystIds: [lead, second],
    });
    ids.older = await f.report({ title: 'Deposit betas revisited', publishedAt: '2029-11-20T08:00:00Z' });
    ids.fresh = await f.report({ title: 'Fresh take on 100% payout', publishedAt: '2030-01-14T08:00:00Z' });
    ids.highlighted = await f.report({
      title: 'Highlighted already',
      publishedAt: '2029-10-01T08:00:00Z',
      type: 'highlighted',
    });
    ids.scheduled = await f.report({ title: 'Scheduled outlook', publishedAt: '2030-02-01T08:00:00Z' });
    ids.withdrawn = await f.report({ title: 'Withdrawn note', publishedAt: '2029-09-01T08:00:00Z' });
    await t.db.update(reports).set({ state: 'scheduled' }).where(eq(reports.id, ids.scheduled));
    await t.db.update(reports).set({ state: 'withdrawn' }).where(eq(reports.id, ids.withdrawn));
    for (let i = 1; i <= 30; i++) {
      await f.report({
        title: `Filler ${i}`,
        publishedAt: new Date(Date.UTC(2029, 0, 1) + i * DAY_MS).toISOString(),
      });
    }
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    reader = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers admins only: anonymous 401, a client 403, and the toggles need the CSRF header', async () => {
    const writes = await writesFromNow();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/report/reportManagementAll'],
      ...['tempReport', 'mustRead', 'highlight', 'select'].map((flag): [string, string, unknown] => [
        'POST',
        `/api/report/${ids.old}/${flag}`,
        { status: true },
      ]),
    ];
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method as 'GET', url, { body })).statusCode, url).toBe(401);
      expect((await reader.request(method as 'GET', url, { body })).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of calls.slice(1)) {
      expect((await admin.request(method as 'GET', url, { body, csrf: false })).statusCode, url).toBe(403);
    }
    expect(await writes()).toBe(0);
    expect((await row(ids.old)).isTempReport).toBe(false);
  });

  it('lists every report newest first with its state, sector, lead analyst and flags, in keyset pages', async () => {
    const first = await list();
    expect(first.data).toHaveLength(25);
    expect(first.data.slice(0, 4).map((r) => r.id)).toEqual([ids.scheduled, ids.fresh, ids.old, ids.older]);
    const old = first.data.find((r) => r.id === ids.old)!;
    expect(old).toEqual({
      id: ids.old,
      title: 'Bank margins in a falling rate world',
      published_date: '2029-12-01T08:00:00.000Z',
      type: 'latest',
      isTempReport: false,
      mustRead: false,
      specialSelect: false,
      selectableFrom: '2029-12-08T08:00:00.000Z',
      state: 'published',
      sector: { id: expect.any(Number), sName: 'Banks' },
      analyst: { id: expect.any(Number), name: 'Lena Lead' },
    });
    expect(first.data[0]!.state).toBe('scheduled');
    expect(first.next).not.toBeNull();
    const second = await list(`?cursor=${first.next}`);
    expect(second.data).toHaveLength(36 - 25);
    expect(second.next).toBeNull();
    const all = [...first.data, ...second.data];
    expect(new Set(all.map((r) => r.id)).size).toBe(36);
    expect(all.find((r) => r.id === ids.withdrawn)?.state).toBe('withdrawn');
    const dates = all.map((r) => r.published_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // small pages, a title search (any case, LIKE's wildcards taken literally), by id, and the filters
    expect((await list('?pageSize=2')).data).toHaveLength(2);
    expect((await list('?q=BANK%20MARGINS')).data.map((r) => r.id)).toEqual([ids.old]);
    expect((await list('?q=100%25')).data.map((r) => r.id)).toEqual([ids.fresh]);
    expect((await list('?q=%25')).data.map((r) => r.id)).toEqual([ids.fresh]);
    expect((await list(`?q=${ids.older}`)).data.map((r) => r.id)).toContain(ids.older);
    expect((await list('?filter=highlighted')).data.map((r) => r.id)).toEqual([ids.highlighted]);
    expect((await list('?filter=selected')).data).toEqual([]);
    expect((await list('?filter=mustRead&q=bank')).filters).toEqual({ filter: 'mustRead', q: 'bank' });
  });

  it('refuses malformed input with 400 and an unknown report with 404, changing nothing', async () => {
    const writes = await writesFromNow();
    for (const query of [
      '?filter=everything',
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=abc',
      '?cursor=not!valid',
      '?cursor=bm90LWEtY3Vyc29y',
      `?q=${'x'.repeat(201)}`,
      '?q=%00',
    ]) {
      const response = await admin.get(`/api/report/reportManagementAll${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
    const bodies: unknown[] = [
      {},
      { status: 'true' },
      { status: 1 },
      { status: null },
      [],
      { status: true, x: 1 },
    ];
    for (const body of bodies) {
      const response = await toggle(admin, ids.old, 'mustRead', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // not JSON at all
    expect((await toggle(admin, ids.old, 'mustRead', 'true')).statusCode).toBe(415);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', 'X-1', '%20']) {
      expect((await toggle(admin, id, 'tempReport', { status: true })).statusCode, id).toBe(400);
    }
    const unknown = await toggle(admin, 987654, 'highlight', { status: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: m.notFound });
    expect(await writes()).toBe(0);
  });

  it('adds to and removes from the selected list; the reader sees it on the next request', async () => {
    expect(await readerList('temp')).toEqual([]);
    const added = await toggled(ids.old, 'tempReport', true);
    expect(added).toMatchObject({ id: ids.old, isTempReport: true });
    expect(await readerList('temp')).toEqual([ids.old]);
    expect((await list('?filter=selected')).data.map((r) => r.id)).toEqual([ids.old]);
    // setting what it is already changes nothing
    expect((await toggled(ids.old, 'tempReport', true)).isTempReport).toBe(true);
    const removed = await toggled(ids.old, 'tempReport', false);
    expect(removed.isTempReport).toBe(false);
    expect(await readerList('temp')).toEqual([]);
  });

  it('marks and unmarks a must read; the reader sees it on the next request', async () => {
    expect((await readerPanels()).mustRead.map((card) => card.id)).toEqual([]);
    expect((await toggled(ids.older, 'mustRead', true)).mustRead).toBe(true);
    expect((await readerPanels()).mustRead.map((card) => card.id)).toEqual([ids.older]);
    expect((await toggled(ids.older, 'mustRead', false)).mustRead).toBe(false);
    expect((await readerPanels()).mustRead.map((card) => card.id)).toEqual([]);
  });

  it('highlights (newest first in the highlighted list) and marks latest (out of the list) at once', async () => {
    expect(await readerList('highlighted')).toEqual([ids.highlighted]);
    expect((await toggled(ids.old, 'highlight', true)).type).toBe('highlighted');
    expect(await readerList('highlighted')).toEqual([ids.old, ids.highlighted]);
    expect((await readerPanels()).highlighted.map((card) => card.id)).toEqual([ids.old, ids.highlighted]);
    // the viewer's admin toolbar calls it with its own id form
    expect((await toggle(admin, `H-${ids.highlighted}`, 'highlight', { status: false })).statusCode).toBe(
      200,
    );
    expect(await readerList('highlighted')).toEqual([ids.old]);
    expect(await readerList('latest')).toContain(ids.highlighted);
    expect((await toggled(ids.old, 'highlight', false)).type).toBe('latest');
    expect(await readerList('highlighted')).toEqual([]);
  });

  it('refuses the branded selection for a report under 7 days old on the server, and allows it from day 7', async () => {
    for (const id of [ids.fresh, ids.scheduled]) {
      const writes = await writesFromNow();
      const refused = await toggle(admin, id, 'select', { status: true });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: m.selectTooRecent });
      expect(await writes()).toBe(0);
      expect((await row(id)).specialSelect).toBe(false);
    }
    const fresh = (await list('?q=fresh')).data[0]!;
    expect(fresh.selectableFrom).toBe('2030-01-21T08:00:00.000Z');
    expect(await readerList('select')).toEqual([]);
    expect((await toggled(ids.old, 'select', true)).specialSelect).toBe(true);
    expect((await list('?filter=select')).data.map((r) => r.id)).toEqual([ids.old]);
    // the reader's branded selection (what npi readers are shown) has it on the next request
    expect(await readerList('select')).toEqual([ids.old]);
    // 7 days after publication (2030-01-21T08:00Z) it may join; the clock moves from 2030-01-15T09:00Z
    t.clock.advance(6 * DAY_MS - 2 * 60 * 60 * 1000);
    expect((await toggle(admin, ids.fresh, 'select', { status: true })).statusCode).toBe(409);
    t.clock.advance(60 * 60 * 1000);
    expect((await toggled(ids.fresh, 'select', true)).specialSelect).toBe(true);
    // taking a report out is always allowed
    expect((await toggled(ids.fresh, 'select', false)).specialSelect).toBe(false);
    expect((await toggled(ids.old, 'select', false)).specialSelect).toBe(false);
    expect(await readerList('select')).toEqual([]);
  });

  it('curates scheduled and withdrawn reports too, their state shown', async () => {
    await toggled(ids.withdrawn, 'tempReport', true);
    const withdrawn = (await list('?filter=selected')).data;
    expect(withdrawn.map((r) => [r.id, r.state])).toEqual([[ids.withdrawn, 'withdrawn']]);
    await toggled(ids.withdrawn, 'tempReport', false);
  });
});
