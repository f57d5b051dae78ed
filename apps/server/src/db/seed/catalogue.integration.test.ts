import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestClock,
  databaseDigest,
  silentLog,
  type TestApp,
} from '../../test/test-app.ts';
import {
  analysts,
  companies,
  countries,
  keyCharts,
  regions,
  reportAnalysts,
  reportSectors,
  reports,
  reportViews,
  savedReports,
  sectors,
  seedRuns,
  subscriptions,
  users,
} from '../schema.ts';
import { clientUnsubscribedSectorIds, demoCatalogueSize, npiSectorIds, seedCatalogue } from './catalogue.ts';
import { runPendingSeeds, seedModules } from './index.ts';
import { addSyntheticReports, syntheticPdfKey } from './scale.ts';

const DAY = 86_400_000;
let t: TestApp;
const clock = createTestClock(new Date('2030-01-15T09:00:00.000Z'));

beforeAll(async () => {
  // Timing is a benchmark's business (bench/), not a test's: the machine's load decides it.
  t = await createTestApp({ catalogue: true, clock });
}, 240_000);
afterAll(() => t?.close());

const total = async (table: PgTable) => {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row!.n;
};

describe('demo catalogue seed', () => {
  it('creates the stated numbers of regions, countries, sectors, analysts, companies and reports', async () => {
    expect(await total(regions)).toBe(demoCatalogueSize.regions);
    expect(await total(countries)).toBe(demoCatalogueSize.countries);
    expect(await total(sectors)).toBe(12);
    expect(await total(analysts)).toBe(demoCatalogueSize.analysts);
    expect(await total(companies)).toBe(demoCatalogueSize.companies);
    // plus the viewer's 50-page demo report (seed/viewer.ts), seeded right after the catalogue
    expect(await total(reports)).toBe(demoCatalogueSize.reports + 1);
    const regionNames = (await t.db.select({ name: regions.name }).from(regions)).map((r) => r.name).sort();
    expect(regionNames).toEqual(['ASEAN', 'Global', 'Greater China', 'North Asia', 'South Asia']);
    const [tech] = await t.db.select().from(sectors).where(eq(sectors.id, 10000131));
    expect(tech?.name).toBe('Technology & Semiconductors');
    for (const sector of await t.db.select().from(sectors)) {
      const cover = await sharp((await t.storage.get(sector.imagePath!))!).metadata();
      expect([cover.format, cover.width, cover.height]).toEqual(['webp', 640, 320]);
    }
  });

  it('stores a readable file for every report except youtube, with extracted text for PDFs', async () => {
    const rows = await t.db
      .select({
        id: reports.id,
        fileType: reports.fileType,
        filePath: reports.filePath,
        bodyText: reports.bodyText,
      })
      .from(reports);
    const byType = new Map<string, number>();
    for (const row of rows) byType.set(row.fileType, (byType.get(row.fileType) ?? 0) + 1);
    expect(byType.get('pdf')).toBeGreaterThan(200);
    for (const type of ['htm', 'xlsx', 'mp3', 'mp4', 'youtube']) expect(byType.get(type)).toBeGreaterThan(0);
    const magic: Record<string, string> = {
      pdf: '%PDF-',
      xlsx: 'PK',
      htm: '<!doctype html>',
      mp4: '',
      mp3: '',
    };
    for (const row of rows) {
      if (row.fileType === 'youtube') {
        expect(row.filePath).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
        continue;
      }
      const bytes = await t.storage.get(row.filePath);
      expect(bytes, row.filePath).not.toBeNull();
      expect(bytes!.length).toBeGreaterThan(500);
      expect(bytes!.subarray(0, magic[row.fileType]!.length).toString('latin1')).toBe(magic[row.fileType]);
      if (row.fileType === 'mp4') expect(bytes!.subarray(4, 8).toString('latin1')).toBe('ftyp');
      if (row.fileType === 'pdf') {
        expect(row.bodyText).toContain('Investment thesis');
        expect(row.bodyText).toContain('Key risks');
        expect(row.bodyText.length).toBeGreaterThan(1500);
      }
      if (row.fileType === 'htm' || row.fileType === 'xlsx') expect(row.bodyText.length).toBeGreaterThan(200);
      if (row.fileType === 'mp3' || row.fileType === 'mp4') expect(row.bodyText).toBe('');
    }
    const [matched] = await t.db
      .select({ n: count() })
      .from(reports)
      .where(sql`${reports.searchVector} @@ plainto_tsquery('english', 'disclosures institutional')`);
    expect(matched!.n).toBeGreaterThan(200);
  });

  it('spreads reports over the two years before the seed date, with links and every flag in use', async () => {
    const now = clock().getTime();
    const rows = await t.db.select().from(reports);
    for (const row of rows) {
      expect(row.publishedAt.getTime()).toBeLessThanOrEqual(now);
      expect(row.publishedAt.getTime()).toBeGreaterThan(now - 733 * DAY);
      expect(row.hashtags.length).toBeGreaterThan(0);
      expect(row.accessKey).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(rows.filter((r) => r.publishedAt.getTime() > now - 365 * DAY).length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.accessKey)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.sectorId)).size).toBe(12);
    expect(rows.filter((r) => r.type === 'highlighted').length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.mustRead).length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.isTempReport).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.freeAccess).length).toBeGreaterThanOrEqual(5);
    const lengths = rows.map((r) => r.description.length);
    expect(lengths.filter((n) => n === 0).length).toBeGreaterThan(5);
    expect(lengths.filter((n) => n > 0 && n <= 200).length).toBeGreaterThan(30);
    expect(lengths.filter((n) => n > 200).length).toBeGreaterThan(30);
    expect(lengths.filter((n) => n > 1000).length).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(250);

    const authorCounts = await t.db
      .select({ reportId: reportAnalysts.reportId, n: count() })
      .from(reportAnalysts)
      .groupBy(reportAnalysts.reportId);
    expect(authorCounts).toHaveLength(rows.length);
    expect(Math.max(...authorCounts.map((a) => a.n))).toBeLessThanOrEqual(3);
    expect(new Set(authorCounts.map((a) => a.n))).toEqual(new Set([1, 2, 3]));
    const primary = await t.db
      .select({ n: count() })
      .from(reportSectors)
      .innerJoin(reports, eq(reports.id, reportSectors.reportId))
      .where(and(eq(reportSectors.position, 0), eq(reportSectors.sectorId, sql`${reports.sectorId}`)));
    expect(primary[0]!.n).toBe(rows.length);
  });

  it('gives analysts photos, descriptions, categories and sort orders', async () => {
    const rows = await t.db.select().from(analysts);
    expect(rows.filter((a) => a.jobCategory === 'Analysts').length).toBeGreaterThanOrEqual(15);
    expect(rows.some((a) => a.jobCategory === 'Sales')).toBe(true);
    expect(rows.some((a) => a.jobCategory === 'Management')).toBe(true);
    expect(rows.some((a) => a.sortOrder === null)).toBe(true);
    for (const analyst of rows) {
      expect(analyst.email).toMatch(/@harbourline\.example$/);
      expect(analyst.phone).toMatch(/^\+\d/);
      expect(analyst.description).toMatch(/^<p>/);
      const photo = await t.storage.get(analyst.imagePath!);
      const meta = await sharp(photo!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 253, 203]);
    }
  });

  it('gives sector 10000131 key charts grouped by category, including the default Global IP', async () => {
    const charts = await t.db.select().from(keyCharts).where(eq(keyCharts.sectorId, 10000131));
    const categories = new Set(charts.map((c) => c.category));
    expect(categories.has('Global IP')).toBe(true);
    expect(categories.size).toBeGreaterThanOrEqual(3);
    for (const chart of charts) {
      expect(chart.data.labels.length).toBeGreaterThan(4);
      expect(chart.data.series.length).toBeGreaterThan(0);
      for (const series of chart.data.series) expect(series.values).toHaveLength(chart.data.labels.length);
    }
  });

  it('subscribes the demo client to all sectors but two and the npi client to three', async () => {
    const matrixOf = async (email: string) =>
      (
        await t.db
          .select({ sectorId: subscriptions.sectorId })
          .from(subscriptions)
          .innerJoin(users, eq(users.id, subscriptions.userId))
          .where(eq(users.email, email))
      )
        .map((r) => r.sectorId)
        .sort();
    const allSectors = (await t.db.select({ id: sectors.id }).from(sectors)).map((s) => s.id);
    const client = await matrixOf('client@demo.test');
    expect(client).toHaveLength(allSectors.length - 2);
    expect(allSectors.filter((id) => !client.includes(id)).sort()).toEqual(
      [...clientUnsubscribedSectorIds].sort(),
    );
    expect(await matrixOf('npi@demo.test')).toEqual([...npiSectorIds].sort());
    expect(await matrixOf('admin@demo.test')).toEqual([]);
  });

  it('records views over the past year and saved reports for the demo readers', async () => {
    const now = clock();
    const [pastMonth] = await t.db
      .select({ n: count() })
      .from(reportViews)
      .where(gte(reportViews.viewedAt, new Date(now.getTime() - 30 * DAY)));
    const [older] = await t.db
      .select({ n: count() })
      .from(reportViews)
      .where(lt(reportViews.viewedAt, new Date(now.getTime() - 90 * DAY)));
    expect(pastMonth!.n).toBeGreaterThan(20);
    expect(older!.n).toBeGreaterThan(20);
    const saved = await t.db
      .select({ email: users.email, n: count() })
      .from(savedReports)
      .innerJoin(users, eq(users.id, savedReports.userId))
      .groupBy(users.email);
    expect(saved.find((s) => s.email === 'client@demo.test')?.n).toBeGreaterThan(3);
  });

  it('records its run and is not run again; re-running the module itself adds nothing', async () => {
    const names = (await t.db.select({ name: seedRuns.name }).from(seedRuns)).map((r) => r.name).sort();
    expect(names).toEqual(seedModules.map((m) => m.name).sort());
    const before = await databaseDigest(t.db);
    expect(
      await runPendingSeeds({ db: t.db, config: t.config, clock, log: silentLog, storage: t.storage }),
    ).toEqual([]);
    expect(await databaseDigest(t.db)).toBe(before);
    const again = await seedCatalogue({
      db: t.db,
      config: t.config,
      clock,
      log: silentLog,
      storage: t.storage,
    });
    expect(again.reports).toBe(0);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('is deterministic: a deleted demo report comes back identical when the module is run again', async () => {
    const victims = await t.db
      .select()
      .from(reports)
      .where(inArray(reports.id, [3, 150, 299]));
    await t.db.delete(reports).where(inArray(reports.id, [3, 150, 299]));
    const again = await seedCatalogue({
      db: t.db,
      config: t.config,
      clock,
      log: silentLog,
      storage: t.storage,
    });
    expect(again.reports).toBe(3);
    for (const victim of victims) {
      const [back] = await t.db.select().from(reports).where(eq(reports.filePath, victim.filePath));
      expect(back).toMatchObject({
        title: victim.title,
        description: victim.description,
        publishedAt: victim.publishedAt,
        hashtags: victim.hashtags,
        sectorId: victim.sectorId,
        bodyText: victim.bodyText,
      });
    }
  }, 60_000);

  it('scale generator: adds synthetic reports with links, hashtags and body text in batches', async () => {
    const [{ n: before }] = (await t.db.select({ n: count() }).from(reports)) as [{ n: number }];
    const progress: number[] = [];
    const result = await addSyntheticReports(t.db, t.storage, {
      count: 250,
      batchSize: 100,
      firm: t.config.firm.name,
      clock,
      onProgress: (done) => progress.push(done),
    });
    expect(result.added).toBe(250);
    expect(progress).toEqual([100, 200, 250]);
    const added = await t.db.select().from(reports).where(eq(reports.filePath, syntheticPdfKey));
    expect(added).toHaveLength(250);
    expect(await t.storage.exists(syntheticPdfKey)).toBe(true);
    const [{ n: after }] = (await t.db.select({ n: count() }).from(reports)) as [{ n: number }];
    expect(after).toBe(before + 250);
    for (const row of added) {
      expect(row.bodyText.split(/\s+/).length).toBeGreaterThan(150);
      expect(row.hashtags.length).toBeGreaterThan(0);
      expect(row.publishedAt.getTime()).toBeLessThanOrEqual(clock().getTime());
    }
    const ids = added.map((r) => r.id);
    const authors = await t.db.select().from(reportAnalysts).where(inArray(reportAnalysts.reportId, ids));
    const primaries = await t.db.select().from(reportSectors).where(inArray(reportSectors.reportId, ids));
    expect(new Set(authors.map((a) => a.reportId)).size).toBe(250);
    expect(primaries).toHaveLength(250);
    // a later identity insert (an admin upload) does not collide with the ids the generator took
    const [next] = await t.db
      .insert(reports)
      .values({
        title: 'After scale',
        publishedAt: clock(),
        fileType: 'pdf',
        filePath: syntheticPdfKey,
        accessKey: 'k-after-scale',
      })
      .returning({ id: reports.id });
    expect(next!.id).toBeGreaterThan(Math.max(...ids));
  }, 60_000);
});
