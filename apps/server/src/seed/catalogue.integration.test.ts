import { and, count, eq, gte, inArray, like, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysts,
  companies,
  countries,
  keyCharts,
  regions,
  reportAnalysts,
  reportCompanies,
  reportCountries,
  reportSectors,
  reports,
  reportViews,
  savedReports,
  sectors,
  seedRuns,
  users,
} from '../db/schema/index.ts';
import { findGrantedSectorIdsOfUser } from '../modules/persons/matrix-grants.ts';
import { createTestApp, createTestClock, databaseDigest, silentLog, type TestApp } from '../test/test-app.ts';
import { clientUnsubscribedSectorIds, demoCatalogueSize, npiSectorIds, seedCatalogue } from './catalogue.ts';
import { checkReport } from './catalogue-checker.ts';
import { companySeeds, sectorBands } from './catalogue-data.ts';
import { currencyOf, ratingFor, reportedQuarter } from './catalogue-figures.ts';
import { runPendingSeeds, seedModules } from './index.ts';
import { addSyntheticReports, syntheticPdfKey } from './scale.ts';
import { yearbookKey } from './viewer.ts';

const DAY = 86_400_000;
let t: TestApp;
const clock = createTestClock(new Date('2030-01-15T09:00:00.000Z'));

beforeAll(async () => {
  // Timing is a benchmark's business (bench/), not a test's: the machine's load decides it.
  t = await createTestApp({ catalogue: true, clock });
}, 600_000);
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
    const matrixOf = async (email: string) => {
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return (await findGrantedSectorIdsOfUser(t.db, user!.id)).sort();
    };
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
    // every module but the demo replays, which test databases leave out (test-app.ts; their own test seeds one)
    expect(names).toEqual(
      seedModules
        .map((m) => m.name)
        .filter((name) => name !== 'replays')
        .sort(),
    );
    const before = await databaseDigest(t.db);
    expect(
      await runPendingSeeds(
        { db: t.db, config: t.config, clock, log: silentLog, storage: t.storage },
        { skip: ['replays'] },
      ),
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

/** The plain text of stored HTML as a browser's textContent gives it: tags dropped, nothing added. */
const textContent = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'");
// a full stop between two letters that is not a sentence running into the next
const knownAbbreviations = /\b(?:e\.g|i\.e|U\.S|a\.m|p\.m)\.?/g;

describe('demo content reads like a real firm (issue 11)', () => {
  it('writes every bio and description with spaces after sentence ends and no double spaces', async () => {
    const texts: { where: string; text: string; prose: boolean }[] = [];
    for (const a of await t.db.select().from(analysts))
      texts.push({ where: `analyst ${a.name}`, text: textContent(a.description ?? ''), prose: true });
    for (const c of await t.db.select().from(companies))
      texts.push({ where: `company ${c.name}`, text: c.description ?? '', prose: true });
    for (const s of await t.db.select().from(sectors))
      texts.push({ where: `sector ${s.name}`, text: s.description ?? '', prose: true });
    // the catalogue's own reports (the scale generator's synthetic ones are added by a test above)
    for (const r of await t.db.select().from(reports).where(like(reports.filePath, 'demo/reports/%'))) {
      texts.push({ where: `report ${r.id} title`, text: `${r.title} ${r.subtitle}`, prose: true });
      texts.push({ where: `report ${r.id} description`, text: r.description, prose: true });
      // text extracted from files keeps the files' own layout (table cells, a cover's spaced separators)
      texts.push({ where: `report ${r.id} file text`, text: r.bodyText, prose: false });
    }
    const faults: string[] = [];
    for (const { where, text, prose } of texts) {
      const run = text.replace(knownAbbreviations, '').match(/[a-z][.!?][A-Z]/);
      if (run) faults.push(`${where}: sentences run together at "${run[0]}"`);
      if (prose && / {2}/.test(text)) faults.push(`${where}: double space`);
      if (prose && /\s[.,;:]/.test(text)) faults.push(`${where}: space before punctuation`);
      if (prose && text !== text.trim()) faults.push(`${where}: leading or trailing space`);
    }
    expect(faults.slice(0, 10)).toEqual([]);
    // a short description is whole sentences, never one cut off at the length limit
    for (const r of await t.db
      .select({ d: reports.description })
      .from(reports)
      .where(like(reports.filePath, 'demo/reports/%')))
      if (r.d) expect(r.d, r.d).toMatch(/[.!?]$/);
  });

  it("gives every company a ticker of its country's exchange and a description naming its country", async () => {
    const exchange: Record<string, RegExp> = {
      China: /^(60|68|00|30)\d{4} CH$/,
      'Hong Kong': /^\d{4} HK$/,
      Taiwan: /^\d{4} TT$/,
      Japan: /^\d{4} JP$/,
      'South Korea': /^\d{6} K[SQ]$/,
      India: /^[A-Z&]{2,10} IN$/,
      Singapore: /^[A-Z0-9]{2,5} SP$/,
      Indonesia: /^[A-Z]{4} IJ$/,
      Vietnam: /^[A-Z]{3} VN$/,
      'United States': /^[A-Z]{1,5} US$/,
    };
    const rows = await t.db
      .select({
        name: companies.name,
        code: companies.bbgCode,
        text: companies.description,
        country: countries.name,
      })
      .from(companies)
      .innerJoin(countries, eq(countries.id, companies.countryId));
    expect(rows).toHaveLength(demoCatalogueSize.companies);
    for (const c of rows) {
      expect(c.code, `${c.name} (${c.country})`).toMatch(exchange[c.country]!);
      expect(c.text, c.name).toContain(c.country);
    }
    expect(new Set(rows.map((c) => c.code)).size).toBe(rows.length);
    expect(new Set(rows.map((c) => c.country)).size).toBe(demoCatalogueSize.countries);
    // one US listing, for the global energy strategist whose coverage says so; every other company is in Asia
    expect(rows.filter((c) => c.country === 'United States').map((c) => c.code)).toEqual(['NWND US']);
  });

  it('never sets a note on a company in another country (its title and description name only its own)', async () => {
    const rows = await t.db
      .select({
        id: reports.id,
        text: sql<string>`${reports.title} || ' ' || ${reports.description}`,
        country: countries.name,
      })
      .from(reports)
      .innerJoin(reportCompanies, eq(reportCompanies.reportId, reports.id))
      .innerJoin(companies, eq(companies.id, reportCompanies.companyId))
      .innerJoin(countries, eq(countries.id, companies.countryId))
      .where(and(eq(reports.publication, 'Company Research'), like(reports.filePath, 'demo/reports/%')));
    const names = (await t.db.select({ name: countries.name }).from(countries)).map((c) => c.name);
    const faults: string[] = [];
    for (const row of rows)
      for (const other of [...names, 'Chinese', 'Japanese', 'Korean', 'Indonesian', 'ASEAN'])
        if (!other.startsWith(row.country.slice(0, 4)) && row.text.includes(other))
          if (!(other === 'ASEAN' && ['Singapore', 'Indonesia', 'Vietnam'].includes(row.country)))
            faults.push(`report ${row.id} on a company in ${row.country} names ${other}`);
    expect(faults.slice(0, 10)).toEqual([]);
  });

  it('quotes the same figures in every note, model and deck on one company and period', async () => {
    const rows = await t.db
      .select({
        companyId: reportCompanies.companyId,
        id: reports.id,
        publishedAt: reports.publishedAt,
        text: sql<string>`${reports.title} || ' ' || ${reports.description} || ' ' || ${reports.bodyText}`,
        fileType: reports.fileType,
        ticker: companies.bbgCode,
      })
      .from(reports)
      .innerJoin(reportCompanies, eq(reportCompanies.reportId, reports.id))
      .innerJoin(companies, eq(companies.id, reportCompanies.companyId))
      .where(and(eq(reports.publication, 'Company Research'), like(reports.filePath, 'demo/reports/%')));
    expect(rows.length).toBeGreaterThan(100);
    const quoted = new Map<string, { id: number; figures: string }[]>();
    for (const row of rows) {
      const text = row.text.replace(/\s+/g, ' ');
      expect(text, `report ${row.id} names its ticker`).toContain(row.ticker);
      const all = (pattern: RegExp) => [
        ...new Set([...text.matchAll(pattern)].map((m) => m.slice(1).join(' '))),
      ];
      // in the listing's currency: `IDR 12,640bn`, `HKD 27.45`
      const code = currencyOf(row.ticker).code;
      const money = `${code} \\d(?:[\\d,]*\\d)?(?:\\.\\d+)?`;
      const figures = {
        revenue: all(
          new RegExp(`(?:revenue|total income) of (${money}(?:m|bn)) \\(([+-][\\d.]+%) YoY\\)`, 'g'),
        ),
        // the period's headline ratio (a forecast for next year reads "... of x% for 2028")
        margin: all(/(?:an EBIT margin|a net interest margin|an ROE) of ([\d.]+%)(?=,| and)/g),
        eps: all(new RegExp(`EPS of (${money})`, 'g')),
        rating: all(/(?:rate the shares|Rating:|initiating at|grade to|our rating is) (Buy|Hold|Sell)\b/g),
        target: all(new RegExp(`target price is (raised|cut|unchanged)(?: at| to) (${money})`, 'g')),
      };
      // one value each within a report, and every report states them
      for (const [name, values] of Object.entries(figures))
        expect(values, `report ${row.id} ${name}`).toHaveLength(1);
      const { year, quarter } = reportedQuarter(row.publishedAt);
      const key = `${row.companyId} ${quarter}Q${year}`;
      quoted.set(key, [...(quoted.get(key) ?? []), { id: row.id, figures: JSON.stringify(figures) }]);
    }
    const shared = [...quoted.values()].filter((reports) => reports.length > 1);
    expect(shared.length).toBeGreaterThan(5);
    for (const reports of shared)
      expect(new Set(reports.map((r) => r.figures)).size, JSON.stringify(reports)).toBe(1);
  });

  it('builds every model from coherent inputs: P/E, margins in the sector band, EPS, target vs rating', async () => {
    const models = await t.db
      .select({ id: reports.id, filePath: reports.filePath, sectorId: reports.sectorId })
      .from(reports)
      .where(eq(reports.fileType, 'xlsx'));
    expect(models.length).toBeGreaterThan(10);
    for (const model of models) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await t.storage.get(model.filePath))! as never);
      const sheet = workbook.getWorksheet('Earnings model')!;
      const row = (label: string) => {
        let found: unknown[] | undefined;
        sheet.eachRow((r) => {
          if (r.getCell(1).text === label)
            found = (r.values as unknown[]).slice(2).map((v) => (v as { result?: number })?.result ?? v);
        });
        expect(found, `model ${model.id}: ${label}`).toBeDefined();
        return found!;
      };
      const numbers = (label: string) => row(label).map(Number);
      const where = `model ${model.id}`;
      const band = sectorBands[model.sectorId ?? 0]!;
      for (const pe of numbers('P/E (x)')) {
        expect(pe, where).toBeGreaterThanOrEqual(5);
        expect(pe, where).toBeLessThanOrEqual(40);
      }
      // a bank or insurer has a pre-tax margin, never an EBIT margin
      const financial = model.sectorId === 10000121;
      const header = sheet.getRow(4).getCell(1).text;
      const code = header.match(/^Year to December \(([A-Z]{3}) m\)$/)?.[1];
      expect(code, `${where}: ${header}`).toBeDefined();
      for (const margin of numbers(financial ? 'Pre-tax margin (%)' : 'EBIT margin (%)')) {
        expect(margin / 100, where).toBeGreaterThanOrEqual(band.ebitMargin[0]);
        expect(margin / 100, where).toBeLessThanOrEqual(band.ebitMargin[1]);
      }
      let labels = '';
      sheet.eachRow((r) => {
        labels += `${r.getCell(1).text}\n`;
      });
      if (financial) expect(labels, where).not.toMatch(/EBIT/);
      const net = numbers('Net profit');
      const shares = numbers('Shares outstanding (m)');
      numbers(`EPS (${code})`).forEach((eps, i) => {
        expect(Math.abs(eps - net[i]! / shares[i]!), where).toBeLessThan(0.006);
      });
      const price = numbers(`Share price (${code})`)[0]!;
      const target = numbers(`Target price (${code})`)[0]!;
      const rating = String(row('Rating')[0]);
      // the rating follows from the upside in whole percent: Buy at +10% or more, Sell at -10% or less
      expect(rating, where).toBe(ratingFor(Math.round((target / price - 1) * 100)));
    }
  });

  it('keeps the facts other features rely on: semiconductor titles, EV/EBITDA on cards, HBM tags and text', async () => {
    const rows = await t.db.select().from(reports);
    expect(rows.filter((r) => /semiconductor/i.test(r.title)).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => /\d\.\dx EV\/EBITDA/.test(`${r.subtitle} ${r.description}`))).toBe(true);
    expect(rows.some((r) => r.hashtags.includes('HBM'))).toBe(true);
    expect(rows.some((r) => r.hashtags.includes('AI'))).toBe(true);
    expect(rows.some((r) => r.bodyText.includes('HBM3E'))).toBe(true);
  });
});

/** The reports' stored text, as a reader sees it, through the seed's checker (issue 21 item 15). */
describe('demo research reads like one firm (issue 21 item 15)', () => {
  it('passes the checker on every stored report: fields, links and the text extracted from each file', async () => {
    // the catalogue's reports (the viewer seed's yearbook is its own module's)
    const rows = (await t.db.select().from(reports).where(like(reports.filePath, 'demo/reports/%'))).filter(
      (r) => r.filePath !== yearbookKey,
    );
    const media = await t.db
      .select()
      .from(reports)
      .where(inArray(reports.fileType, ['mp3', 'mp4', 'youtube']));
    const all = [...rows, ...media.filter((m) => !m.filePath.startsWith('demo/reports/'))];
    expect(all.length).toBe(demoCatalogueSize.reports);
    const authors = await t.db.select().from(reportAnalysts);
    const tagged = await t.db.select().from(reportCompanies);
    const countryTags = await t.db.select().from(reportCountries);
    const companyRows = await t.db
      .select({
        id: companies.id,
        name: companies.name,
        ticker: companies.bbgCode,
        sectorId: companies.sectorId,
        country: countries.name,
      })
      .from(companies)
      .innerJoin(countries, eq(countries.id, companies.countryId));
    const countryRows = await t.db.select().from(countries);
    const display = (name: string) => companySeeds.find((c) => name.startsWith(c.name))?.name ?? name;
    const faults: string[] = [];
    for (const r of all) {
      const companiesOf = tagged
        .filter((l) => l.reportId === r.id)
        .map((l) => companyRows.find((c) => c.id === l.companyId)!)
        .map((c) => ({
          name: display(c.name),
          ticker: c.ticker!,
          sectorId: c.sectorId!,
          country: c.country,
        }));
      // the page furniture that every page of a PDF repeats is not the report's prose
      const body = r.bodyText
        .replace(/For institutional clients only\. See the disclosures at the end of this report\./g, ' ')
        .replace(/Page \d+/g, ' ');
      faults.push(
        ...checkReport({
          where: `report ${r.id} "${r.title}"`,
          title: `${r.title} ${r.subtitle}`,
          description: r.description,
          paragraphs: [body],
          rating: r.bodyText.match(/Rating: (\w+)/)?.[1] ?? '',
          sectorId: r.sectorId!,
          company: r.publication === 'Company Research' ? (companiesOf[0] ?? null) : null,
          companies: companiesOf,
          countries: countryTags
            .filter((l) => l.reportId === r.id)
            .map((l) => countryRows.find((c) => c.id === l.countryId)!.name),
          analystIds: authors
            .filter((a) => a.reportId === r.id)
            .sort((a, b) => a.position - b.position)
            .map((a) => a.analystId),
        }),
      );
    }
    expect(faults.slice(0, 25), `${faults.length} faults`).toEqual([]);
  });
});
