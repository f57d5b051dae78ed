import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseWatermarkConfigs } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysts, parameters, reportAnalysts, reports, sectors, seedRuns } from '../db/schema/index.ts';
import { extractPdfPages as pdfPageTexts } from '../modules/ingest/extract-text.ts';
import { createTestApp, silentLog, type TestApp } from '../test/test-app.ts';
import { analysts as analystSeeds, semiconductorSectorId } from './catalogue-data.ts';
import {
  demoWatermarkConfig,
  viewerDemoSeed,
  viewerParametersSeed,
  yearbookKey,
  yearbookPages,
  yearbookTitle,
} from './viewer.ts';

describe('viewer seed modules', () => {
  let t: TestApp;
  let dataDir: string;
  const ctx = () => ({ db: t.db, config: t.config, clock: t.clock, log: silentLog, storage: t.storage });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-viewer-seed-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores the demo watermark configuration once, keeping a value an administrator set', async () => {
    const runs = (await t.db.select({ name: seedRuns.name }).from(seedRuns)).map((r) => r.name);
    expect(runs).toEqual(expect.arrayContaining(['viewer-parameters', 'viewer-demo']));
    const [row] = await t.db.select().from(parameters).where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    expect(row).toMatchObject({ isPublic: false });
    const problems: string[] = [];
    expect(parseWatermarkConfigs(row!.value, (p) => problems.push(p))).toHaveLength(
      demoWatermarkConfig.length,
    );
    expect(problems).toEqual([]);
    await t.db.update(parameters).set({ value: '[]' }).where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    await viewerParametersSeed.run(ctx());
    const [kept] = await t.db.select().from(parameters).where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    expect(kept!.value).toBe('[]');
  });

  it('adds nothing without the catalogue, then the 50-page report with real text once the catalogue is there', async () => {
    // The test app skips the catalogue seed: the demo module ran and found no sector to file the report under.
    expect(await t.db.select().from(reports)).toEqual([]);
    await t.db.insert(sectors).values({ id: semiconductorSectorId, name: 'Technology & Semiconductors' });
    const authors = analystSeeds.filter((a) => a.sectorIds.includes(semiconductorSectorId)).slice(0, 3);
    await t.db.insert(analysts).values(authors.map((a) => ({ id: a.id, name: `${a.first} ${a.last}` })));

    await viewerDemoSeed.run(ctx());
    const [report] = await t.db.select().from(reports).where(eq(reports.filePath, yearbookKey));
    expect(report).toMatchObject({ title: yearbookTitle, fileType: 'pdf', sectorId: semiconductorSectorId });
    expect(report!.bodyText).toContain('Foundry capacity and pricing');
    const links = await t.db.select().from(reportAnalysts).where(eq(reportAnalysts.reportId, report!.id));
    expect(links).toHaveLength(3);
    const bytes = await t.storage.get(yearbookKey);
    const pages = await pdfPageTexts(bytes!);
    expect(pages).toHaveLength(yearbookPages);
    expect(yearbookPages).toBe(50);
    for (const text of pages) expect(text.length).toBeGreaterThan(200);

    await viewerDemoSeed.run(ctx());
    expect(await t.db.select({ id: reports.id }).from(reports)).toHaveLength(1);
  }, 60_000);
});
