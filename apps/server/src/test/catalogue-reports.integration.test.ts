import { messages, type ReportCard, type ReportsReply, reportCursorInvalid } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixtures, catalogueFixtures, fixturePassword } from './catalogue-fixtures.ts';
import { TestClient } from './client.ts';
import { createTestApp, createUncachedTwin, type TestApp } from './test-app.ts';

// The test clock stands at 2030-01-15T09:00Z.
describe('GET /reports and friends (issue 3)', () => {
  let t: TestApp;
  let reader: TestClient;
  let pending: TestClient;
  let admin: TestClient;
  let anonymous: TestClient;
  const ids: Record<string, number> = {};
  const ref: Record<string, number> = {};
  let fixtures: CatalogueFixtures;
  let readerId = 0;
  let otherId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    fixtures = f;
    ref.asia = await f.region('Asia');
    ref.europe = await f.region('Europe');
    ref.china = await f.country('China', ref.asia);
    ref.japan = await f.country('Japan', ref.asia);
    ref.germany = await f.country('Germany', ref.europe);
    ref.semis = await f.sector('Semiconductors', 10000131);
    ref.banks = await f.sector('Banks');
    ref.energy = await f.sector('Energy');
    ref.alice = await f.analyst('Alice Tanaka', { sectorIds: [ref.semis] });
    ref.bruno = await f.analyst('Bruno Keller', { sectorIds: [ref.banks] });
    ref.chen = await f.analyst('Chen Wei', { sectorIds: [ref.energy] });
    ref.tsmc = await f.company('Taiwan Semiconductor', { countryId: ref.china, sectorId: ref.semis });
    ref.db = await f.company('Deutsche Bank', { countryId: ref.germany, sectorId: ref.banks });

    ids.chips = await f.report({
      title: 'Chip cycle turns',
      description: 'Foundry utilisation recovers.',
      bodyText: 'The zephyrquark signal shows foundry capacity tightening into the second half.',
      hashtags: ['#AI', 'Chips'],
      publishedAt: '2029-12-01T08:00:00Z',
      type: 'highlighted',
      mustRead: true,
      sectorId: ref.semis,
      analystIds: [ref.alice, ref.bruno],
      companyIds: [ref.tsmc],
      countryIds: [ref.china],
    });
    ids.memory = await f.report({
      title: 'Memory pricing',
      description: 'Contract prices for DRAM.',
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: ref.semis,
      sectorIds: [ref.banks],
      analystIds: [ref.alice],
    });
    ids.banks = await f.report({
      title: 'Bank margins squeeze',
      description: 'Net interest margins peak.',
      bodyText: 'The zephyrquark deposit betas confidential passage about memory.',
      publishedAt: '2029-11-15T08:00:00Z',
      isTempReport: true,
      sectorId: ref.banks,
      analystIds: [ref.bruno],
      companyIds: [ref.db],
      countryIds: [ref.germany],
    });
    ids.energy = await f.report({
      title: 'Energy transition',
      description: 'Grid spending.',
      hashtags: ['Energy'],
      publishedAt: '2029-10-01T00:00:00Z',
      freeAccess: true,
      sectorId: ref.energy,
      analystIds: [ref.chen],
      countryIds: [ref.japan],
    });
    ids.accelerators = await f.report({
      title: 'AI accelerators',
      description: 'Custom silicon.',
      publishedAt: '2029-09-30T23:30:00Z',
      sectorId: ref.semis,
      analystIds: [ref.alice],
    });
    ids.escaping = await f.report({
      title: 'Escaping check',
      bodyText: 'A xylophonic <script>alert(1)</script> & 3 < 5 "quoted" passage.',
      publishedAt: '2028-06-01T00:00:00Z',
    });
    for (let i = 1; i <= 23; i += 1) {
      ids[`filler${i}`] = await f.report({
        title: `Weekly funding monitor ${i}`,
        publishedAt: new Date(Date.UTC(2029, 0, 1 + (i % 9), 12)).toISOString(),
        sectorId: ref.banks,
      });
    }
    await f.view(ids.banks, '2030-01-12T00:00:00Z', 5);
    await f.view(ids.chips, '2030-01-05T00:00:00Z', 3);
    await f.view(ids.energy, '2029-11-20T00:00:00Z', 10);

    readerId = await f.user('reader@fixture.test');
    await f.subscribe(readerId, [ref.semis]);
    const pendingId = await f.user('pending@fixture.test', { activated: false });
    await f.subscribe(pendingId, [ref.semis]);
    otherId = await f.user('other@fixture.test');
    await f.subscribe(otherId, [ref.banks]);
    await f.user('boss@fixture.test', { type: 'admin' });
    await f.keyChart(ref.semis, 'Global IP', 'Patent filings');

    reader = await TestClient.signedIn(t.app, 'reader@fixture.test', fixturePassword);
    pending = await TestClient.signedIn(t.app, 'pending@fixture.test', fixturePassword);
    admin = await TestClient.signedIn(t.app, 'boss@fixture.test', fixturePassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(() => t?.close());

  const list = async (client: TestClient, query: string) => {
    const response = await client.get(`/api/reports?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportsReply;
  };
  const titles = (reply: { data: ReportCard[] }) => reply.data.map((card) => card.title);
  // Chip cycle and Memory share a timestamp: the later id comes first.
  const newestFirst = [
    'Memory pricing',
    'Chip cycle turns',
    'Bank margins squeeze',
    'Energy transition',
    'AI accelerators',
  ];

  it('lists every report newest first with cards, links, entitlement and pagination', async () => {
    const reply = await list(reader, 'type=all&pageSize=50');
    expect(titles(reply).slice(0, 5)).toEqual(newestFirst);
    expect(reply.data).toHaveLength(29);
    expect(reply.pagination).toEqual({ current: 1, total: 1, next: null });
    expect(reply.filters).toEqual({ type: 'all' });
    const chips = reply.data.find((card) => card.id === ids.chips)!;
    expect(chips.analysts.map((a) => a.name)).toEqual(['Alice Tanaka', 'Bruno Keller']);
    expect(chips.companies).toEqual([
      { id: ref.tsmc, name: 'Taiwan Semiconductor', display: 'Taiwan Semiconductor', sName: 'Taiwan' },
    ]);
    expect(chips.countries).toEqual([{ id: ref.china, name: 'China' }]);
    expect(chips.sectors).toEqual([{ id: ref.semis, sName: 'Semiconductors' }]);
    expect(chips).toMatchObject({
      hashtags: ['#AI', 'Chips'],
      type: 'highlighted',
      mustRead: true,
      saved: false,
    });
    expect(chips.published_date).toBe('2029-12-01T08:00:00.000Z');
    expect(chips.snippet).toBeUndefined();
    const entitled = Object.fromEntries(reply.data.map((card) => [card.title, card.entitled]));
    // subscribed sector (primary or linked) and free access
    expect(entitled).toMatchObject({
      'Chip cycle turns': true,
      'Memory pricing': true,
      'Bank margins squeeze': false,
      'Energy transition': true,
      'AI accelerators': true,
      'Weekly funding monitor 1': false,
    });
  });

  it('applies the entitlement rule per caller: pending reads free reports only, admin reads all', async () => {
    const asPending = await list(pending, 'type=all&pageSize=5');
    expect(asPending.data.map((card) => [card.title, card.entitled])).toEqual(
      newestFirst.map((title) => [title, title === 'Energy transition']),
    );
    const asAdmin = await list(admin, 'type=all&pageSize=50');
    expect(asAdmin.data.every((card) => card.entitled)).toBe(true);
  });

  it('refuses anonymous callers', async () => {
    const response = await anonymous.get('/api/reports?type=all&q=zephyrquark');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.auth.signInRequired);
  });

  it('filters by type latest, highlighted and temp', async () => {
    expect(titles(await list(reader, 'type=highlighted'))).toEqual(['Chip cycle turns']);
    expect(titles(await list(reader, 'type=temp'))).toEqual(['Bank margins squeeze']);
    const latest = await list(reader, 'type=latest&pageSize=50');
    expect(latest.data).toHaveLength(28);
    expect(titles(latest)).not.toContain('Chip cycle turns');
    expect(latest.data.every((card) => card.type === 'latest')).toBe(true);
  });

  it('ranks the most viewed of the period with counts', async () => {
    const month = await list(reader, 'type=mostviewed');
    expect(month.data.map((card) => [card.title, card.mostviewed])).toEqual([
      ['Bank margins squeeze', { count: 5, menuSort: 1 }],
      ['Chip cycle turns', { count: 3, menuSort: 2 }],
    ]);
    expect(month.filters.period).toBe('Past Month');
    const quarter = await list(reader, `type=mostviewed&period=${encodeURIComponent('Past 3 Months')}`);
    expect(titles(quarter)).toEqual(['Energy transition', 'Bank margins squeeze', 'Chip cycle turns']);
    const week = await list(reader, `type=mostviewed&period=${encodeURIComponent('Past Week')}`);
    expect(titles(week)).toEqual(['Bank margins squeeze']);
  });

  it('lists reports related by sector, analyst or company, without the report itself', async () => {
    const related = await list(reader, `type=related&id=${ids.chips}`);
    // Memory and accelerators share Semiconductors and Alice; Bank margins shares Bruno.
    expect(titles(related)).toEqual(['Memory pricing', 'Bank margins squeeze', 'AI accelerators']);
    const energy = await list(reader, `type=related&id=${ids.energy}`);
    expect(energy.data).toEqual([]);
    expect(energy.pagination).toEqual({ current: 1, total: 0, next: null });
    expect((await list(reader, 'type=related&id=999999')).data).toEqual([]);
  });

  it('saves and unsaves idempotently, and lists the caller own saved reports', async () => {
    for (const status of [1, '1']) {
      const response = await reader.post('/api/reports/save/', { id: ids.energy, status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, saved: true });
    }
    const saved = await list(reader, 'type=saved');
    expect(titles(saved)).toEqual(['Energy transition']);
    expect(saved.data[0]?.saved).toBe(true);
    expect((await list(admin, 'type=saved')).data).toEqual([]);
    const all = await list(reader, 'type=all&pageSize=5');
    expect(all.data.find((card) => card.id === ids.energy)?.saved).toBe(true);

    for (let i = 0; i < 2; i += 1) {
      const response = await reader.post('/api/reports/save/', { id: ids.energy, status: 0 });
      expect(response.json()).toEqual({ success: true, saved: false });
    }
    expect((await list(reader, 'type=saved')).data).toEqual([]);

    const unknown = await reader.post('/api/reports/save/', { id: 999999, status: 1 });
    expect(unknown.statusCode).toBe(404);
    const noCsrf = await reader.post('/api/reports/save/', { id: ids.energy, status: 1 }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    for (const body of [
      { id: ids.energy, status: 2 },
      { id: 'abc', status: 1 },
      { status: 1 },
      // beyond a 32-bit id: refused by validation, not by the database (a 500)
      { id: 2_147_483_648, status: 1 },
    ]) {
      expect((await reader.post('/api/reports/save/', body)).statusCode).toBe(400);
    }
    for (const query of ['sector=2147483648', 'analyst=1,99999999999', 'type=related&id=2147483648']) {
      expect((await reader.get(`/api/reports?${query}`)).statusCode, query).toBe(400);
    }
    expect((await reader.get('/api/keycharts?sectorId=2147483648')).statusCode).toBe(400);
    expect((await list(reader, 'type=saved')).data).toEqual([]);
  });

  describe('full-text search and snippets', () => {
    it('shows an entitled reader a body-text snippet, and a non-entitled reader the report without body text', async () => {
      const reply = await list(reader, 'type=all&q=zephyrquark');
      expect(titles(reply).sort()).toEqual(['Bank margins squeeze', 'Chip cycle turns']);
      const chips = reply.data.find((card) => card.id === ids.chips)!;
      expect(chips.entitled).toBe(true);
      expect(chips.snippet).toContain('<mark>zephyrquark</mark>');
      expect(chips.snippet).toContain('foundry');
      const banks = reply.data.find((card) => card.id === ids.banks)!;
      expect(banks.entitled).toBe(false);
      expect(banks.title).toBe('Bank margins squeeze');
      expect(banks.snippet).toBeDefined();
      for (const secret of ['zephyrquark', 'deposit', 'confidential', 'betas']) {
        expect(banks.snippet).not.toContain(secret);
      }
      expect(reply.filters.q).toBe('zephyrquark');
    });

    it('gives body-text snippets of every report to an admin and of none to a pending reader', async () => {
      const asAdmin = await list(admin, 'type=all&q=zephyrquark');
      expect(asAdmin.data.every((card) => card.snippet?.includes('<mark>zephyrquark</mark>'))).toBe(true);
      const asPending = await list(pending, 'type=all&q=zephyrquark');
      expect(asPending.data).toHaveLength(2);
      expect(asPending.data.some((card) => card.snippet?.includes('zephyrquark'))).toBe(false);
    });

    it('ranks title hits above body hits and marks title hits for anyone', async () => {
      const reply = await list(reader, 'type=all&q=memory');
      expect(titles(reply)).toEqual(['Memory pricing', 'Bank margins squeeze']);
      expect(reply.data[0]?.snippet).toContain('<mark>Memory</mark>');
      expect(reply.data[1]?.snippet).not.toContain('confidential');
    });

    it('escapes the text around the marks', async () => {
      const reply = await list(admin, 'type=all&q=xylophonic');
      expect(titles(reply)).toEqual(['Escaping check']);
      const snippet = reply.data[0]?.snippet ?? '';
      expect(snippet).toContain('<mark>xylophonic</mark>');
      expect(snippet).toContain('&amp;');
      expect(snippet).not.toContain('<script>');
      expect(snippet.replaceAll(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    });
  });

  it('treats a tag naming a hashtag as that hashtag (any case), and other tags as full text', async () => {
    expect(titles(await list(reader, 'type=all&tags=ai'))).toEqual(['Chip cycle turns']);
    expect(titles(await list(reader, `type=all&tags=${encodeURIComponent('#ENERGY')}`))).toEqual([
      'Energy transition',
    ]);
    expect(titles(await list(reader, 'type=all&tags=foundry'))).toEqual(['Chip cycle turns']);
    expect(titles(await list(reader, 'type=all&tags=chips,foundry'))).toEqual(['Chip cycle turns']);
    expect(titles(await list(reader, 'type=all&tags=chips,grid'))).toEqual([]);
    expect(titles(await list(reader, 'type=all&tags=accelerators'))).toEqual(['AI accelerators']);
  });

  it('filters by sector (primary or linked), analyst, company, country and region', async () => {
    const banks = await list(reader, `type=all&sector=${ref.banks}&pageSize=50`);
    expect(titles(banks).slice(0, 2)).toEqual(['Memory pricing', 'Bank margins squeeze']);
    expect(banks.data).toHaveLength(25);
    expect(titles(await list(reader, `type=all&sector=${ref.energy},${ref.semis}`))).toEqual(
      newestFirst.filter((title) => title !== 'Bank margins squeeze'),
    );
    expect(titles(await list(reader, `type=all&analyst=${ref.bruno}`))).toEqual([
      'Chip cycle turns',
      'Bank margins squeeze',
    ]);
    expect(titles(await list(reader, `type=all&company=${ref.tsmc}`))).toEqual(['Chip cycle turns']);
    expect(titles(await list(reader, `type=all&country=${ref.japan},${ref.germany}`))).toEqual([
      'Bank margins squeeze',
      'Energy transition',
    ]);
    expect(titles(await list(reader, 'type=all&region=asia'))).toEqual([
      'Chip cycle turns',
      'Energy transition',
    ]);
    expect(titles(await list(reader, 'type=all&region=Nowhere'))).toEqual([]);
    expect(titles(await list(reader, `type=highlighted&analyst=${ref.alice}&company=${ref.tsmc}`))).toEqual([
      'Chip cycle turns',
    ]);
  });

  it('filters by an inclusive UTC date range', async () => {
    expect(titles(await list(reader, 'type=all&dStart=2029-09-30&dEnd=2029-09-30'))).toEqual([
      'AI accelerators',
    ]);
    expect(titles(await list(reader, 'type=all&dStart=2029-10-01&dEnd=2029-11-15'))).toEqual([
      'Bank margins squeeze',
      'Energy transition',
    ]);
    expect(titles(await list(reader, 'type=all&dStart=2029-12-01'))).toEqual([
      'Memory pricing',
      'Chip cycle turns',
    ]);
    expect((await list(reader, 'type=all&dEnd=2029-08-31&pageSize=50')).data).toHaveLength(24);
  });

  it('limits My Research (mine=1) to the sectors of the caller own matrix', async () => {
    expect(titles(await list(reader, 'type=all&mine=1'))).toEqual([
      'Memory pricing',
      'Chip cycle turns',
      'AI accelerators',
    ]);
    // The pending reader's matrix counts for My Research even though it does not entitle yet.
    expect(titles(await list(pending, 'type=all&mine=1'))).toEqual([
      'Memory pricing',
      'Chip cycle turns',
      'AI accelerators',
    ]);
    expect((await list(admin, 'type=all&mine=1')).data).toEqual([]);
  });

  it('walks every page by cursor in the same order as page numbers, each row once', async () => {
    for (const query of [
      'type=all',
      `type=all&sector=${ref.banks}`,
      'type=all&q=weekly',
      'type=mostviewed',
    ]) {
      const byPage: number[] = [];
      const first = await list(reader, `${query}&pageSize=4`);
      for (let page = 1; page <= Math.max(first.pagination.total, 1); page += 1) {
        const reply = await list(reader, `${query}&pageSize=4&page=${page}`);
        expect(reply.pagination.current).toBe(page);
        expect(reply.pagination.total).toBe(first.pagination.total);
        byPage.push(...reply.data.map((card) => card.id));
      }
      const byCursor: number[] = [];
      let reply = first;
      let pages = 1;
      for (;;) {
        expect(reply.pagination.current).toBe(pages);
        expect(reply.pagination.total).toBe(first.pagination.total);
        byCursor.push(...reply.data.map((card) => card.id));
        if (!reply.pagination.next) break;
        reply = await list(reader, `${query}&pageSize=4&cursor=${reply.pagination.next}`);
        pages += 1;
      }
      expect(byCursor, query).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(byCursor.length);
      expect(pages).toBe(Math.max(first.pagination.total, 1));
    }
    expect((await list(reader, 'type=all&pageSize=4')).pagination.total).toBe(8);
  });

  it('answers 400 for bad queries and cursors', async () => {
    const keyset = (await list(reader, 'type=all&pageSize=4')).pagination.next!;
    const offset = (await list(reader, 'type=all&q=weekly&pageSize=4')).pagination.next!;
    const forged = Buffer.from("k|2029-01-01T00:00:00.000000|1'|2").toString('base64url');
    for (const [query, field] of [
      ['type=bogus', 'type'],
      ['sector=abc', 'sector'],
      ['analyst=1,,2', 'analyst'],
      ['dStart=2029-13-01', 'dStart'],
      ['dStart=2029-12-02&dEnd=2029-12-01', 'dEnd'],
      ['type=related', 'id'],
      ['pageSize=500', 'pageSize'],
      ['page=0', 'page'],
      ['period=Yesterday', 'period'],
      ['cursor=%21%21', 'cursor'],
      [`cursor=${forged}`, 'cursor'],
      [`type=all&q=weekly&cursor=${keyset}`, 'cursor'],
      [`type=all&cursor=${offset}`, 'cursor'],
    ] as const) {
      const response = await reader.get(`/api/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
    }
    const cursorReply = await reader.get(`/api/reports?cursor=${forged}`);
    expect(cursorReply.json().message).toBe(reportCursorInvalid);
  });

  it('suggests analysts, companies, countries, sectors and reports, tolerating a typo', async () => {
    const get = async (q: string) => {
      const response = await reader.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const typo = await get('Semicondutors');
    expect(typo.sectors).toEqual([{ id: ref.semis, sName: 'Semiconductors' }]);
    expect((await get('Tanka')).analysts).toEqual([{ id: ref.alice, name: 'Alice Tanaka' }]);
    expect((await get('Germny')).countries).toEqual([{ id: ref.germany, name: 'Germany' }]);
    expect((await get('Deutsch')).companies).toEqual([{ id: ref.db, name: 'Deutsche Bank' }]);
    const reports = await get('acelerators');
    expect(reports.reports).toEqual([
      { id: ids.accelerators, title: 'AI accelerators', published_date: '2029-09-30T23:30:00.000Z' },
    ]);
    // every word corrected against the title vocabulary, which follows new and changed titles
    expect((await get('memorry pricng')).reports.map((r: { id: number }) => r.id)).toEqual([ids.memory]);
    await t.db.execute(
      sql`update reports set title = 'Escaping check: quixotic lattice' where id = ${ids.escaping}`,
    );
    expect((await get('quixotik')).reports.map((r: { id: number }) => r.id)).toEqual([ids.escaping]);
    await t.db.execute(sql`update reports set title = 'Escaping check' where id = ${ids.escaping}`);
    const many = await get('weekly funding');
    expect(many.reports).toHaveLength(5);
    const dates = many.reports.map((r: { published_date: string }) => r.published_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await get('zzzzqqq')).toEqual({
      analysts: [],
      companies: [],
      countries: [],
      sectors: [],
      reports: [],
      posts: [],
    });
    expect((await reader.get('/api/reports/suggestions?q=')).statusCode).toBe(400);
    expect((await reader.get(`/api/reports/suggestions?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await anonymous.get('/api/reports/suggestions?q=chip')).statusCode).toBe(401);
  });

  it('serves MyReports only for the caller own id unless an admin asks', async () => {
    const own = await reader.get(`/api/reports/MyReports/${readerId}/U`);
    expect(own.statusCode, own.body).toBe(200);
    expect(titles(own.json())).toEqual(['Memory pricing', 'Chip cycle turns', 'AI accelerators']);
    const other = await reader.get(`/api/reports/MyReports/${otherId}/U`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(messages.auth.forbidden);
    const asAdmin = await admin.get(`/api/reports/MyReports/${otherId}/U?pageSize=2`);
    expect(asAdmin.statusCode).toBe(200);
    expect(titles(asAdmin.json())).toEqual(['Memory pricing', 'Bank margins squeeze']);
    expect(asAdmin.json().pagination.total).toBe(13);
    expect((await reader.get(`/api/reports/MyReports/${readerId}/C`)).statusCode).toBe(404);
    expect((await reader.get(`/api/reports/MyReports/${readerId}/X`)).statusCode).toBe(400);
    expect((await reader.get('/api/reports/MyReports/abc/U')).statusCode).toBe(400);
    expect((await anonymous.get(`/api/reports/MyReports/${readerId}/U`)).statusCode).toBe(401);
  });

  it('answers the research side panel in one call', async () => {
    const response = await reader.get('/api/overall/research');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.period).toBe('Past Month');
    expect(titles({ data: body.mustRead })).toEqual(['Chip cycle turns']);
    expect(titles({ data: body.highlighted })).toEqual(['Chip cycle turns']);
    expect(titles({ data: body.mostViewed })).toEqual(['Bank margins squeeze', 'Chip cycle turns']);
    expect(body.mostViewed[0].entitled).toBe(false);
    const year = (await reader.get(`/api/overall/research?period=${encodeURIComponent('Past Year')}`)).json();
    expect(titles({ data: year.mostViewed })[0]).toBe('Energy transition');
    expect((await reader.get('/api/overall/research?period=Never')).statusCode).toBe(400);
  });

  it('answers from the shared page cache exactly what the uncached path answers, for every reader', async () => {
    // A second app over the same database with every cache off: the SQL decides `entitled` and `saved` there.
    const uncachedApp = await createUncachedTwin(t);
    try {
      const emails = [
        'reader@fixture.test',
        'pending@fixture.test',
        'boss@fixture.test',
        'other@fixture.test',
      ];
      const queries = [
        'type=all&pageSize=7',
        'type=all&pageSize=7&page=2',
        'type=latest',
        'type=highlighted',
        'type=temp',
        'type=mostviewed&period=Past%20Year',
        `type=related&id=${ids.chips}`,
        `type=all&sector=${ref.banks}`,
        'type=all&mine=1',
        'type=all&tags=Chips',
      ];
      for (const email of emails) {
        const cachedClient = new TestClient(t.app);
        await cachedClient.login(email, fixturePassword);
        const uncached = new TestClient(uncachedApp);
        await uncached.login(email, fixturePassword);
        for (const query of queries) {
          // twice: the second answer certainly comes from the cache, primed by whoever asked first
          await cachedClient.get(`/api/reports?${query}`);
          const fromCache = (await cachedClient.get(`/api/reports?${query}`)).json();
          const direct = (await uncached.get(`/api/reports?${query}`)).json();
          expect(fromCache, `${email} ${query}`).toEqual(direct);
        }
        const panel = (await cachedClient.get('/api/overall/research')).json();
        expect(panel, `${email} side panel`).toEqual((await uncached.get('/api/overall/research')).json());
      }
    } finally {
      await uncachedApp.close();
    }
  });

  it('shows a save and an unsave at once, even on a cached page', async () => {
    const savedOf = async () =>
      (await list(reader, 'type=all&pageSize=50')).data.find((card) => card.id === ids.accelerators)?.saved;
    const before = await savedOf();
    expect(
      (await reader.post('/api/reports/save/', { id: ids.accelerators, status: before ? 0 : 1 })).statusCode,
    ).toBe(200);
    expect(await savedOf()).toBe(!before);
    expect(
      (await reader.post('/api/reports/save/', { id: ids.accelerators, status: before ? 1 : 0 })).statusCode,
    ).toBe(200);
    expect(await savedOf()).toBe(before);
  });

  // Last: it adds reports that the earlier expectations do not count.
  it('suggests the newest reports of a frequent title substring (each step: suggestions.integration)', async () => {
    const base = Date.UTC(2028, 0, 1);
    for (let i = 0; i < 305; i += 1) {
      await fixtures.report({
        title: `Quarterly liquidity digest ${i}`,
        // newest last: a plan that sorted only the first-found hits would miss them
        publishedAt: new Date(base + i * 3_600_000).toISOString(),
      });
    }
    const newest = [304, 303, 302, 301, 300].map((h) => new Date(base + h * 3_600_000).toISOString());
    // as typed, and with a typo whose corrected words are as frequent
    for (const q of ['liquidity digest', 'liqidity digest']) {
      const response = await reader.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const dates = response.json().reports.map((r: { published_date: string }) => r.published_date);
      expect(dates, q).toEqual(newest);
    }
  });

  it('shows a report added in this process once its change is published', async () => {
    const firstPage = async () => (await list(reader, 'type=all')).data.map((card) => card.id);
    // A fresh page (not a stale one being refreshed in the background, which could see the new report).
    t.app.services.changes.publish({ kind: 'report' });
    await firstPage();
    const id = await fixtures.report({
      title: 'Freshly published note',
      publishedAt: '2031-01-01T00:00:00Z',
    });
    // Within the cache's time the shared page is the one computed before the report existed...
    expect(await firstPage()).not.toContain(id);
    // ...until whatever added it says so on the change feed (the publishing screens do).
    t.app.services.changes.publish({ kind: 'report', ids: [id] });
    expect((await firstPage())[0]).toBe(id);
  });
});
