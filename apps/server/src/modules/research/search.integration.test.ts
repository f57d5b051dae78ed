import { type ReportsReply, reportsQuery } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { catalogueFixtures, fixturePassword } from '../../test/catalogue-fixtures.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, createUncachedTwin, type TestApp } from '../../test/test-app.ts';
import { createLocalChangeFeed } from '../changes/change-feed.ts';
import { anonymousEntitlement } from '../entitlements/entitlements.ts';
import { HeavyWorkBusyError } from '../heavy-work/heavy-work-gate.ts';
import { createResearchService } from './research.service.ts';
import { listReports } from './research-list.repository.ts';

// Issue 10, fault 8: snippets come from short passages kept at ingest, never from a parse of the whole body.
const filler = (chars: number) => {
  const sentence = 'The committee reviewed quarterly volumes across the region and noted steady orders. ';
  return sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
};

describe('full-text search snippets from passages, and the bound on searches (issue 10)', () => {
  let t: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let pending: TestClient;
  let anonymous: TestClient;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    const semis = await f.sector('Semiconductors');
    const banks = await f.sector('Banks');
    ids.deep = await f.report({
      title: 'Yearbook',
      description: 'A long annual review.',
      // the hit lies past the 200,000 characters the old snippet looked at (search_vector covers 500,000)
      bodyText: `${filler(300_000)} The quasarbloom fab ramps ahead of plan. ${filler(2_000)}`,
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: semis,
    });
    ids.straddle = await f.report({
      title: 'Straddle',
      // 'alphaword' ends the first passage (about 600 characters), 'betaword' starts the next one
      bodyText: `${filler(590)} alphaword betaword ${filler(1_500)}`,
      publishedAt: '2029-11-01T08:00:00Z',
      sectorId: semis,
    });
    ids.apart = await f.report({
      title: 'Apart',
      // both words, but thousands of characters apart: no passage or pair holds them together
      bodyText: `${filler(1_000)} gammaword here. ${filler(5_000)} deltaword there. ${filler(1_000)}`,
      publishedAt: '2029-10-01T08:00:00Z',
      sectorId: semis,
    });
    ids.banks = await f.report({
      title: 'Bank margins',
      description: 'Net interest margins.',
      bodyText: 'The quasarbloom confidential passage about deposit betas.',
      publishedAt: '2029-09-01T08:00:00Z',
      sectorId: banks,
    });
    const readerId = await f.user('reader@search.test');
    await f.subscribe(readerId, [semis]);
    const pendingId = await f.user('pending@search.test', { activated: false });
    await f.subscribe(pendingId, [semis]);
    await f.user('boss@search.test', { type: 'admin' });
    admin = await TestClient.signedIn(t.app, 'boss@search.test', fixturePassword);
    reader = await TestClient.signedIn(t.app, 'reader@search.test', fixturePassword);
    pending = await TestClient.signedIn(t.app, 'pending@search.test', fixturePassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(() => t?.close());

  const search = async (client: TestClient, q: string) => {
    const response = await client.get(`/api/reports?type=all&q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportsReply;
  };
  const snippetOf = (reply: ReportsReply, id: number) => reply.data.find((card) => card.id === id)?.snippet;

  it('quotes a hit deep in a very long body, from a passage of bounded size', async () => {
    const reply = await search(admin, 'quasarbloom');
    const snippet = snippetOf(reply, ids.deep as number) ?? '';
    expect(snippet).toContain('<mark>quasarbloom</mark>');
    expect(snippet).toContain('fab ramps');
    // what ts_headline is given: passages of about 600 characters (words cut at 100), however long the body
    const [stats] = rowsOf<{ n: number; longest: number }>(
      await t.db.execute(sql`select count(*)::int as n, max(length(body))::int as longest
        from report_passages where report_id = ${ids.deep}`),
    );
    expect(stats?.n).toBeGreaterThan(400);
    expect(stats?.longest).toBeLessThanOrEqual(700);
  });

  it('quotes two words that straddle passages, and words far apart one by one', async () => {
    const straddle = snippetOf(await search(admin, 'alphaword betaword'), ids.straddle as number) ?? '';
    expect(straddle).toContain('<mark>alphaword</mark> <mark>betaword</mark>');
    const apart = snippetOf(await search(admin, 'gammaword deltaword'), ids.apart as number) ?? '';
    expect(apart).toMatch(/<mark>(gammaword|deltaword)<\/mark>/);
  });

  it('keeps passages in step with the body text (update and delete)', async () => {
    await t.db.execute(
      sql`update reports set body_text = ${`${filler(800)} A zeppelinoid appears.`} where id = ${ids.apart}`,
    );
    t.app.services.changes.publish({ kind: 'report', ids: [ids.apart as number] });
    const snippet = snippetOf(await search(admin, 'zeppelinoid'), ids.apart as number) ?? '';
    expect(snippet).toContain('<mark>zeppelinoid</mark>');
    expect((await search(admin, 'gammaword')).data).toEqual([]);
    const passagesOf = async (id: number) =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from report_passages where report_id = ${id}`),
      )[0]?.n;
    expect(await passagesOf(ids.apart as number)).toBeGreaterThan(0);
    await t.db.execute(sql`delete from reports where id = ${ids.apart}`);
    t.app.services.changes.publish({ kind: 'report', ids: [ids.apart as number] });
    expect(await passagesOf(ids.apart as number)).toBe(0);
  });

  it('shows body snippets only on entitled cards, cached or not, for every kind of reader', async () => {
    const uncachedApp = await createUncachedTwin(t);
    try {
      const clients: [string, TestClient, TestClient][] = [];
      for (const email of ['boss@search.test', 'reader@search.test', 'pending@search.test']) {
        const cached = new TestClient(t.app);
        await cached.login(email, fixturePassword);
        const direct = new TestClient(uncachedApp);
        await direct.login(email, fixturePassword);
        clients.push([email, cached, direct]);
      }
      clients.push(['anonymous', anonymous, await new TestClient(uncachedApp).start()]);
      for (const [who, cached, direct] of clients) {
        for (const q of ['quasarbloom', 'alphaword betaword', 'margins', 'quasarbloom -fab']) {
          const url = `/api/reports?type=all&q=${encodeURIComponent(q)}`;
          const first = await cached.get(url);
          // anonymous readers may not list; whatever the answer, both paths must agree
          const fromCache = await cached.get(url);
          const uncached = await direct.get(url);
          expect(fromCache.statusCode, `${who} ${q}`).toBe(uncached.statusCode);
          expect(first.json(), `${who} ${q}`).toEqual(uncached.json());
          expect(fromCache.json(), `${who} ${q}`).toEqual(uncached.json());
        }
      }
      // the reader (semiconductors) sees the deep quote, never the bank report's body text
      const asReader = await search(reader, 'quasarbloom');
      expect(snippetOf(asReader, ids.deep as number)).toContain('<mark>quasarbloom</mark>');
      expect(snippetOf(asReader, ids.banks as number)).not.toContain('confidential');
      const asPending = await search(pending, 'quasarbloom');
      expect(asPending.data.some((card) => card.snippet?.includes('fab ramps'))).toBe(false);
    } finally {
      await uncachedApp.close();
    }
  });

  it('refuses a search past the queue, and never holds up a list without a query', async () => {
    const service = createResearchService({
      db: t.db,
      clock: t.clock,
      changes: createLocalChangeFeed(),
      searchLimits: { slots: 1, perUser: 1, queue: 1, perUserQueue: 1 },
    });
    const query = (q?: string) => reportsQuery.parse({ type: 'all', ...(q ? { q } : {}) });
    const caller = (who: string) => ({ userId: null, entitlement: anonymousEntitlement, who });
    const first = service.list(query('quasarbloom'), caller('a'));
    const waiting = service.list(query('alphaword'), caller('a'));
    await expect(service.list(query('margins'), caller('a'))).rejects.toEqual(new HeavyWorkBusyError('user'));
    await expect(service.list(query('margins'), caller('b'))).rejects.toEqual(
      new HeavyWorkBusyError('server'),
    );
    // a list without a full-text query takes no slot
    const plain = await service.list(query(), caller('b'));
    expect('data' in plain ? plain.data.length : 0).toBeGreaterThan(0);
    await Promise.all([first, waiting]);
    // the slot is free again
    await expect(service.list(query('margins'), caller('b'))).resolves.toBeDefined();
  });
  it('ranks only the newest matches of a query, lists the older ones after them by date, and pages across the edge', async () => {
    const f = await catalogueFixtures(t.db);
    const sector = await f.sector('Utilities');
    // Five matches of one word, the older ones mentioning it more often (so rank and date disagree).
    for (let i = 0; i < 5; i++) {
      await f.report({
        title: `Grid note ${i}`,
        bodyText: `${'zephyrwind capacity. '.repeat(1 + (5 - i) * 3)} ${filler(800)}`,
        publishedAt: `2029-0${i + 1}-15T08:00:00Z`,
        sectorId: sector,
      });
    }
    const filter = { type: 'all' as const, q: 'zephyrwind', hashtags: [], textTags: [] };
    const base = { filter, entitlement: anonymousEntitlement, userId: null, snippets: 'all' as const };
    const all = await listReports(t.db, { ...base, position: { kind: 'first' }, limit: 50, rankWindow: 2 });
    expect(all.length).toBe(5);
    const byDateDesc = [...all].sort((a, b) => b.cursor_at.localeCompare(a.cursor_at) || b.id - a.id);
    // The window: the two newest matches, in whatever order their rank gives; then the rest, newest first.
    expect(new Set(all.slice(0, 2).map((r) => r.id))).toEqual(
      new Set(byDateDesc.slice(0, 2).map((r) => r.id)),
    );
    expect(all.slice(2).map((r) => r.id)).toEqual(byDateDesc.slice(2).map((r) => r.id));
    // One card a page, and three a page: the same sequence, no card twice, none left out.
    for (const size of [1, 3]) {
      const paged: number[] = [];
      for (let offset = 0; offset < all.length + size; offset += size) {
        const rows = await listReports(t.db, {
          ...base,
          position: offset === 0 ? { kind: 'first' } : { kind: 'offset', offset },
          limit: size,
          rankWindow: 2,
        });
        paged.push(...rows.map((r) => r.id));
      }
      expect(paged).toEqual(all.map((r) => r.id));
    }
  });
});
