import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { reportSectors, reports, sectors } from '../../db/schema/index.ts';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { anonymousEntitlement } from '../entitlements/entitlements.ts';
import { countReports, countStatement, type ListFilter, listReports } from './research-list.repository.ts';

// A date-ordered list filtered by sector walks report_sector_dates (migration 0022, issue 26), kept by triggers on
// reports and report_sectors. Every list here is checked against the rule it replaces, computed from the source
// tables ("published, and the primary or a linked sector in the list, newest first"), after every kind of write.
describe('sector lists from report_sector_dates (issue 26)', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof catalogueFixtures>>;
  const s = { semis: 0, banks: 0, energy: 0, retired: 0 };
  const r = { a: 0, b: 0, c: 0, d: 0, e: 0 };

  /** The rule, straight from reports and report_sectors. */
  const expected = async (sectorIds: number[]) =>
    rowsOf<{ id: number }>(
      await t.db.execute(sql`select r.id from reports r where r.state = 'published'
        and (r.sector_id = any(${`{${sectorIds.join(',')}}`}::int[]) or exists (select 1 from report_sectors x
          where x.report_id = r.id and x.sector_id = any(${`{${sectorIds.join(',')}}`}::int[])))
        order by r.published_at desc nulls last, r.id desc`),
    ).map((row) => row.id);

  const filterOf = (sectorIds: number[], scope = false): ListFilter => ({
    type: 'all',
    hashtags: [],
    textTags: [],
    ...(scope ? { scopeSectorIds: sectorIds } : { sector: sectorIds }),
  });

  /** The whole list, a page of `limit` at a time through the keyset cursor, as the research list pages it. */
  /** `dense`: as the service pages a list keeping most reports, walking every report by date instead. */
  const walk = async (sectorIds: number[], limit = 2, scope = false, dense = false) => {
    const seen: number[] = [];
    let position: Parameters<typeof listReports>[1]['position'] = { kind: 'first' };
    for (let page = 0; page < 20; page += 1) {
      const rows = await listReports(t.db, {
        filter: { ...filterOf(sectorIds, scope), dense },
        entitlement: anonymousEntitlement,
        userId: null,
        position,
        limit,
      });
      seen.push(...rows.map((row) => row.id));
      const last = rows.at(-1);
      if (rows.length < limit || !last) break;
      position = { kind: 'keyset', at: last.cursor_at, id: last.id };
    }
    return seen;
  };
  const count = (sectorIds: number[]) => countReports(t.db, countStatement(filterOf(sectorIds)));

  /** Lists and counts of every sector alone and of every pair, against the rule. */
  const expectAllListsRight = async () => {
    const all = Object.values(s);
    const lists = [...all.map((id) => [id]), ...all.flatMap((a, i) => all.slice(i + 1).map((b) => [a, b]))];
    for (const ids of lists) {
      const want = await expected(ids);
      expect(await walk(ids), `sectors ${ids}`).toEqual(want);
      expect(await walk(ids, 2, true), `scope ${ids}`).toEqual(want);
      expect(await walk(ids, 2, false, true), `dense sectors ${ids}`).toEqual(want);
      expect(await walk(ids, 2, true, true), `dense scope ${ids}`).toEqual(want);
      expect(await count(ids), `count of ${ids}`).toBe(want.length);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await catalogueFixtures(t.db);
    s.semis = await f.sector('Semiconductors');
    s.banks = await f.sector('Banks');
    s.energy = await f.sector('Energy');
    s.retired = await f.sector('Retired coverage');
    r.a = await f.report({
      title: 'A',
      publishedAt: '2030-01-05T08:00:00Z',
      sectorId: s.semis,
      sectorIds: [s.banks],
    });
    r.b = await f.report({ title: 'B', publishedAt: '2030-01-04T08:00:00Z', sectorId: s.banks });
    r.c = await f.report({ title: 'C', publishedAt: '2030-01-03T08:00:00Z', sectorId: s.semis });
    // same time as C: the id breaks the tie, as in the date index
    r.d = await f.report({
      title: 'D',
      publishedAt: '2030-01-03T08:00:00Z',
      sectorId: s.energy,
      sectorIds: [s.semis],
    });
    r.e = await f.report({
      title: 'E',
      publishedAt: '2030-01-02T08:00:00Z',
      sectorId: s.energy,
      sectorIds: [s.retired],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists each sector and each pair as the rule does, a report in two of them once, across keyset pages', async () => {
    expect(await walk([s.semis, s.banks])).toEqual([r.a, r.b, r.d, r.c]);
    await expectAllListsRight();
  });

  it('follows links added, changed and removed, and a primary sector kept out of report_sectors', async () => {
    await t.db.insert(reportSectors).values({ reportId: r.b, sectorId: s.energy, position: 1 });
    await expectAllListsRight();
    await t.db
      .update(reportSectors)
      .set({ sectorId: s.retired })
      .where(and(eq(reportSectors.reportId, r.b), eq(reportSectors.sectorId, s.energy)));
    await expectAllListsRight();
    await t.db.delete(reportSectors).where(eq(reportSectors.reportId, r.a));
    // A's primary sector still lists it, with no link row behind it
    expect(await walk([s.semis])).toContain(r.a);
    expect(await walk([s.banks])).not.toContain(r.a);
    await expectAllListsRight();
  });

  it('follows a new primary sector, a new date, a withdrawal and a scheduled report published', async () => {
    await t.db.update(reports).set({ sectorId: s.banks }).where(eq(reports.id, r.c));
    await expectAllListsRight();
    await t.db
      .update(reports)
      .set({ publishedAt: new Date('2030-02-01T08:00:00Z') })
      .where(eq(reports.id, r.e));
    expect((await walk([s.energy]))[0]).toBe(r.e);
    await expectAllListsRight();
    await t.db.update(reports).set({ state: 'withdrawn' }).where(eq(reports.id, r.d));
    await expectAllListsRight();
    const scheduled = await f.report({
      title: 'Scheduled',
      publishedAt: '2030-03-01T08:00:00Z',
      sectorId: s.semis,
    });
    await t.db.update(reports).set({ state: 'scheduled' }).where(eq(reports.id, scheduled));
    await expectAllListsRight();
    await t.db.update(reports).set({ state: 'published' }).where(eq(reports.id, scheduled));
    expect((await walk([s.semis]))[0]).toBe(scheduled);
    await expectAllListsRight();
  });

  it('counts a most-viewed list by sector from the same rows', async () => {
    await f.view(r.a, '2030-01-06T08:00:00Z', 2);
    await f.view(r.b, '2030-01-06T08:00:00Z');
    const since = new Date('2030-01-01T00:00:00Z');
    for (const ids of [[s.semis], [s.banks], [s.semis, s.banks], [s.energy]]) {
      const [want] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from reports r where r.state = 'published'
          and exists (select 1 from report_views v where v.report_id = r.id and v.viewed_at >= ${since})
          and (r.sector_id = any(${`{${ids.join(',')}}`}::int[]) or exists (select 1 from report_sectors x
            where x.report_id = r.id and x.sector_id = any(${`{${ids.join(',')}}`}::int[])))`),
      );
      const filter: ListFilter = {
        type: 'mostviewed',
        hashtags: [],
        textTags: [],
        sector: ids,
        viewedSince: since,
      };
      expect(await countReports(t.db, countStatement(filter)), `most viewed in ${ids}`).toBe(want!.n);
    }
  });

  it('goes with its report and with a sector removed', async () => {
    const rowsOfReport = async (id: number) =>
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from report_sector_dates where report_id = ${id}`),
      )[0]!.n;
    expect(await rowsOfReport(r.e)).toBe(2);
    await t.db.delete(sectors).where(eq(sectors.id, s.retired));
    expect(await rowsOfReport(r.e)).toBe(1);
    await t.db.delete(reports).where(eq(reports.id, r.e));
    expect(await rowsOfReport(r.e)).toBe(0);
    s.retired = s.energy;
    await expectAllListsRight();
  });
});
