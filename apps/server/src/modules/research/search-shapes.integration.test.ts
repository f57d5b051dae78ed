import type { ReportsReply, SuggestionsReply } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { catalogueFixtures, fixturePassword } from '../../test/catalogue-fixtures.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 11, search: the shapes a reader types (prefix, slash token, ticker, hashtag, phrase) against facts this
// file inserts; and, on the demo seed, that every report the suggestions list is found by the full text.
const words = (n: number, word = 'lorem') => Array.from({ length: n }, () => word).join(' ');

describe('full-text search shapes (issue 11)', () => {
  let t: TestApp;
  let admin: TestClient;
  const ids: Record<string, number> = {};
  let company = 0;

  beforeAll(async () => {
    // no cache: the link and ticker changes below are written behind the service's back
    t = await createTestApp({ env: { CACHE_TTL_MS: '0' } });
    const f = await catalogueFixtures(t.db);
    const semis = await f.sector('Semiconductors');
    company = await f.company('Zephyrine Foundry Corporation');
    await t.db.execute(sql`update companies set bbg_code = 'ZQXT TT' where id = ${company}`);
    ids.semis = await f.report({
      title: 'Semiconductor demand into 2027',
      description: 'Foundry utilisation and memory pricing.',
      bodyText: `${words(300)} HBM3E qualification slips to 3Q26 at the largest buyer. ${words(160)}`,
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: semis,
    });
    ids.valuation = await f.report({
      title: 'Valuation check',
      description: 'The stock trades at 9.1x EV/EBITDA and 14x P/E; we prefer 2330.TW.',
      publishedAt: '2029-11-01T08:00:00Z',
      sectorId: semis,
      companyIds: [company],
    });
    ids.tagged = await f.report({
      title: 'Memory cycle notes',
      hashtags: ['#Xylobreak', 'AssetQuality'],
      publishedAt: '2029-10-01T08:00:00Z',
      sectorId: semis,
    });
    ids.bodyOnly = await f.report({
      title: 'Regional roundup',
      // the word many times in the body only: still below a single title hit
      bodyText: `${words(50, 'flumox')} deposit betas ${words(50)}`,
      publishedAt: '2029-09-01T08:00:00Z',
      sectorId: semis,
    });
    ids.titleHit = await f.report({
      title: 'Flumox outlook',
      bodyText: 'betas deposit',
      publishedAt: '2029-08-01T08:00:00Z',
      sectorId: semis,
    });
    ids.earnings = await f.report({
      title: 'Earnings season preview',
      publishedAt: '2029-06-01T08:00:00Z',
      sectorId: semis,
    });
    ids.audio = await f.report({
      title: 'Morning call audio',
      publishedAt: '2029-07-01T08:00:00Z',
      fileType: 'audio',
      sectorId: semis,
    });
    await f.user('boss@shapes.test', { type: 'admin' });
    admin = await TestClient.signedIn(t.app, 'boss@shapes.test', fixturePassword);
  });
  afterAll(() => t?.close());

  const search = async (q: string) => {
    const response = await admin.get(`/api/reports?type=all&pageSize=50&q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportsReply;
  };
  const found = async (q: string) => (await search(q)).data.map((card) => card.id);

  it('matches the last word as typed as a prefix, unless it ends in a space, is quoted or is short', async () => {
    expect(await found('semicond')).toEqual([ids.semis]);
    expect(await found('Semiconductor dem')).toEqual([ids.semis]);
    expect(await found('semicond ')).toEqual([]);
    expect(await found('"semicond"')).toEqual([]);
    // below three letters a word is matched whole
    expect(await found('se')).toEqual([]);
    // a stem that ends after the typed prefix (companies -> compani) and a phrase's last word
    expect(await found('foundry utilis')).toEqual([ids.semis]);
    // a stem shorter than the typed prefix (earnings -> earn): found through the titles' words
    expect(await found('earni')).toEqual([ids.earnings]);
    expect(await found('season earnin')).toEqual([ids.earnings]);
  });

  it('finds the parts of slash and dot tokens, and the whole as a phrase of its parts', async () => {
    expect(await found('EBITDA')).toEqual([ids.valuation]);
    expect(await found('EV/EBITDA')).toEqual([ids.valuation]);
    expect(await found('P/E ')).toEqual([ids.valuation]);
    expect(await found('2330.TW')).toEqual([ids.valuation]);
    expect(await found('2330')).toEqual([ids.valuation]);
    expect(await found('EBITDA/EV')).toEqual([]);
    expect(await found('3Q26')).toEqual([ids.semis]);
    expect(await found('HBM3E')).toEqual([ids.semis]);
    const card = (await search('EBITDA')).data[0];
    // the snippet marks the part, and reads as the text (no zero-width spaces)
    expect(card?.snippet).toContain('EV/<mark>EBITDA</mark>');
    expect(card?.snippet).not.toContain('\u200B');
  });

  it('suggests a company by its ticker as typed in the header, and the company list finds it too (issue 21)', async () => {
    const suggested = async (q: string) => {
      const response = await admin.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SuggestionsReply).companies.map((c) => c.id);
    };
    // the whole ticker with its exchange, its code alone, any case; the name still works
    for (const q of ['ZQXT TT', 'zqxt tt', 'ZQXT', 'Zephyrine'])
      expect(await suggested(q), q).toContain(company);
    expect(await suggested('ZQXT HK')).not.toContain(company);
    const listed = await admin.get(`/api/companies?q=${encodeURIComponent('ZQXT TT')}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: { id: number; sBBG_Code: string }[] }).data).toEqual([
      expect.objectContaining({ id: company, sBBG_Code: 'ZQXT TT' }),
    ]);
  });

  it('finds a linked company by name and ticker, kept right when the link or the ticker changes', async () => {
    expect(await found('Zephyrine')).toEqual([ids.valuation]);
    expect(await found('ZQXT')).toEqual([ids.valuation]);
    await t.db.execute(sql`update companies set bbg_code = 'ZQXU TT' where id = ${company}`);
    expect(await found('ZQXT ')).toEqual([]);
    expect(await found('ZQXU')).toEqual([ids.valuation]);
    await t.db.execute(
      sql`insert into report_companies (report_id, company_id) values (${ids.tagged}, ${company})`,
    );
    expect((await found('Zephyrine')).sort()).toEqual([ids.valuation, ids.tagged].sort());
    await t.db.execute(sql`delete from report_companies where report_id = ${ids.tagged}`);
    expect(await found('Zephyrine')).toEqual([ids.valuation]);
  });

  it('finds hashtags as words, with or without #, CamelCase tags by their words; tag box tags still filter', async () => {
    expect(await found('#Xylobreak')).toEqual([ids.tagged]);
    expect(await found('xylobreak')).toEqual([ids.tagged]);
    expect(await found('asset quality')).toEqual([ids.tagged]);
    expect(await found('#AssetQuality ')).toEqual([ids.tagged]);
    const tagged = await admin.get('/api/reports?type=all&tags=%23Xylobreak');
    expect(tagged.statusCode).toBe(200);
    expect((tagged.json() as ReportsReply).data.map((card) => card.id)).toEqual([ids.tagged]);
  });

  it('ranks a title hit above body hits, keeps phrases, exclusions and or', async () => {
    expect(await found('flumox')).toEqual([ids.titleHit, ids.bodyOnly]);
    expect(await found('"deposit betas"')).toEqual([ids.bodyOnly]);
    expect(await found('flumox -outlook')).toEqual([ids.bodyOnly]);
    expect((await found('xylobreak or zephyrine')).sort()).toEqual([ids.valuation, ids.tagged].sort());
  });

  it('answers any text with a valid query, never an error', async () => {
    const odd = [
      "'",
      ':*',
      '&|!',
      '(',
      '"',
      '-',
      'or',
      '\\',
      '<->',
      'a:* & b',
      "O'Neil's",
      '""',
      '- or -',
      '#',
      '!!x',
    ];
    for (const q of [...odd, `${'x'.repeat(150)}:* ${'y'.repeat(40)}`]) {
      const response = await admin.get(`/api/reports?type=all&q=${encodeURIComponent(q)}`);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
  });

  it("gives every card a reading time from its file's text, null without text", async () => {
    const all = (await (await admin.get('/api/reports?type=all&pageSize=50')).json()) as ReportsReply;
    const minutes = new Map(all.data.map((card) => [card.id, card.reading_minutes]));
    // 300 + 9 + 160 words at 230 a minute; a line of text is still a minute
    expect(minutes.get(ids.semis ?? 0)).toBe(2);
    expect(minutes.get(ids.titleHit ?? 0)).toBe(1);
    expect(minutes.get(ids.audio ?? 0)).toBeNull();
  });
});

describe('the suggestions and the full text agree on the demo (issue 11)', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ catalogue: true });
    client = await TestClient.signedIn(t.app, 'client@demo.test', 'Portal-demo-1');
  }, 240_000);
  afterAll(() => t?.close());

  it('finds with ?q= every report the suggestions list for the same text', async () => {
    const [company] = rowsOf<{ name: string; ticker: string }>(
      await t.db.execute(sql`select c.name, split_part(c.bbg_code, ' ', 1) as ticker from companies c
        join report_companies rc on rc.company_id = c.id group by c.id order by count(*) desc, c.id limit 1`),
    );
    // a hashtag used on a few reports: its matches fit on one page (a common word's suggested titles can rank past it)
    const [tag] = rowsOf<{ tag: string }>(
      await t.db.execute(sql`select ltrim(h, '#') as tag from reports, unnest(hashtags) h
        group by 1 having count(*) >= 2 order by count(*), 1 limit 1`),
    );
    const queries = [
      'semicond',
      'EBITDA',
      company?.ticker ?? '',
      tag?.tag ?? '',
      company?.name.slice(0, 5) ?? '',
    ];
    for (const q of queries) {
      expect(q.length, `query ${JSON.stringify(queries)}`).toBeGreaterThanOrEqual(3);
      const suggestions = (
        await client.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`)
      ).json() as SuggestionsReply;
      const listed = await client.get(`/api/reports?type=all&pageSize=50&q=${encodeURIComponent(q)}`);
      expect(listed.statusCode, listed.body).toBe(200);
      const reply = listed.json() as ReportsReply;
      const foundIds = new Set(reply.data.map((card) => card.id));
      // the titles holding the text as typed (the suggestions' typo corrections are another query: a hashtag
      // like DigitalAds is "corrected" to titles saying digital)
      const suggested = suggestions.reports
        .filter((report) => report.title.toLowerCase().includes(q.toLowerCase()))
        .map((report) => report.id);
      if (q === tag?.tag) {
        const tagged = rowsOf<{ id: number }>(
          await t.db.execute(
            sql`select id from reports where ${`#${q}`} = any(hashtags) or ${q} = any(hashtags)`,
          ),
        ).map((row) => row.id);
        expect(tagged.length).toBeGreaterThan(0);
        suggested.push(...tagged);
      }
      if (q === 'semicond' || q === 'EBITDA') expect(reply.data.length, q).toBeGreaterThan(0);
      expect(
        suggested.filter((id) => !foundIds.has(id)),
        `${q}: suggested but not found`,
      ).toEqual([]);
    }
  });
});
