import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  analysts,
  companies,
  countries,
  reportAnalysts,
  reportCompanies,
  reports,
  sectors,
} from '../../db/schema/index.ts';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { anonymousEntitlement } from '../entitlements/entitlements.ts';
import { listReports } from './research-list.repository.ts';

// The cards' links come from report_card_links, kept by triggers (migration 0021, issue 26): every write to a
// link table or to what a card shows of a linked thing is seen by the very next list, with no cache involved.
describe('card links kept by the database (issue 26)', () => {
  let t: TestApp;
  const ids = {
    semis: 0,
    banks: 0,
    taiwan: 0,
    korea: 0,
    tsmc: 0,
    samsung: 0,
    alice: 0,
    bruno: 0,
    report: 0,
    bare: 0,
  };

  /** The card of `report` as the lists build it (straight from the repository: nothing cached). */
  const card = async (report: number) => {
    const rows = await listReports(t.db, {
      filter: { type: 'all', hashtags: [], textTags: [], ids: [report] },
      entitlement: anonymousEntitlement,
      userId: null,
      position: { kind: 'first' },
      limit: 5,
    });
    const row = rows[0]!;
    return {
      analysts: row.analysts,
      companies: row.companies,
      countries: row.countries,
      sectors: row.sectors,
    };
  };
  const storedLinks = async (report: number) =>
    rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from report_card_links where report_id = ${report}`),
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    ids.semis = await f.sector('Semiconductors');
    ids.banks = await f.sector('Banks');
    ids.taiwan = await f.country('Taiwan');
    ids.korea = await f.country('Korea');
    ids.tsmc = await f.company('Taiwan Semiconductor');
    ids.samsung = await f.company('Samsung Electronics');
    ids.alice = await f.analyst('Alice Chen', { sectorIds: [ids.semis] });
    ids.bruno = await f.analyst('Bruno Costa', { sectorIds: [ids.semis] });
    ids.report = await f.report({
      title: 'Foundry pricing',
      publishedAt: '2029-12-01T08:00:00Z',
      sectorId: ids.semis,
      sectorIds: [ids.banks],
      analystIds: [ids.bruno, ids.alice],
      companyIds: [ids.samsung, ids.tsmc],
      countryIds: [ids.taiwan, ids.korea],
    });
    ids.bare = await f.report({ title: 'No links', publishedAt: '2029-12-02T08:00:00Z' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows each kind in the cards order: analysts by position, companies and countries by name, sectors by position', async () => {
    const [tsmc] = await t.db.select().from(companies).where(eq(companies.id, ids.tsmc));
    expect(await card(ids.report)).toEqual({
      analysts: [
        { id: ids.bruno, name: 'Bruno Costa', image_path: null },
        { id: ids.alice, name: 'Alice Chen', image_path: null },
      ],
      companies: [
        expect.objectContaining({ id: ids.samsung, name: 'Samsung Electronics' }),
        { id: ids.tsmc, name: 'Taiwan Semiconductor', display: tsmc!.display, sName: tsmc!.shortName },
      ],
      countries: [
        { id: ids.korea, name: 'Korea' },
        { id: ids.taiwan, name: 'Taiwan' },
      ],
      sectors: [
        { id: ids.semis, sName: 'Semiconductors' },
        { id: ids.banks, sName: 'Banks' },
      ],
    });
    expect(await card(ids.bare)).toEqual({ analysts: [], companies: [], countries: [], sectors: [] });
  });

  it('follows a renamed analyst, company, country and sector, and a new photo', async () => {
    await t.db
      .update(analysts)
      .set({ name: 'Alice Chen-Park', imagePath: 'analysts/alice.webp' })
      .where(eq(analysts.id, ids.alice));
    await t.db
      .update(companies)
      .set({ name: 'TSMC', display: 'TSMC Ltd', shortName: '2330' })
      .where(eq(companies.id, ids.tsmc));
    await t.db.update(countries).set({ name: 'Taiwan, China' }).where(eq(countries.id, ids.taiwan));
    await t.db.update(sectors).set({ name: 'Semis' }).where(eq(sectors.id, ids.semis));
    const now = await card(ids.report);
    expect(now.analysts[1]).toEqual({
      id: ids.alice,
      name: 'Alice Chen-Park',
      image_path: 'analysts/alice.webp',
    });
    // companies are ordered by name: TSMC now comes after Samsung still
    expect(now.companies.map((c) => [c.name, c.display, c.sName])).toEqual([
      ['Samsung Electronics', expect.any(String), expect.any(String)],
      ['TSMC', 'TSMC Ltd', '2330'],
    ]);
    expect(now.countries.map((c) => c.name)).toEqual(['Korea', 'Taiwan, China']);
    expect(now.sectors[0]).toEqual({ id: ids.semis, sName: 'Semis' });
  });

  it('follows links added, reordered and removed, in one statement or several', async () => {
    await t.db.delete(reportAnalysts).where(eq(reportAnalysts.analystId, ids.bruno));
    expect((await card(ids.report)).analysts.map((a) => a.id)).toEqual([ids.alice]);
    await t.db.insert(reportAnalysts).values([
      { reportId: ids.bare, analystId: ids.bruno, position: 1 },
      { reportId: ids.bare, analystId: ids.alice, position: 0 },
      { reportId: ids.report, analystId: ids.bruno, position: 0 },
    ]);
    expect((await card(ids.bare)).analysts.map((a) => a.id)).toEqual([ids.alice, ids.bruno]);
    await t.db.update(reportAnalysts).set({ position: 5 }).where(eq(reportAnalysts.analystId, ids.alice));
    expect((await card(ids.bare)).analysts.map((a) => a.id)).toEqual([ids.bruno, ids.alice]);
    await t.db.delete(reportCompanies).where(eq(reportCompanies.reportId, ids.report));
    expect((await card(ids.report)).companies).toEqual([]);
    // an analyst removed altogether leaves every card by cascade
    await t.db.delete(analysts).where(eq(analysts.id, ids.bruno));
    expect((await card(ids.report)).analysts.map((a) => a.id)).toEqual([ids.alice]);
    expect((await card(ids.bare)).analysts.map((a) => a.id)).toEqual([ids.alice]);
  });

  it('goes with its report', async () => {
    expect(await storedLinks(ids.report)).toBe(1);
    await t.db.delete(reports).where(eq(reports.id, ids.report));
    expect(await storedLinks(ids.report)).toBe(0);
  });
});
