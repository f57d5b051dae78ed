import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPglite } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import {
  analysts,
  reportAnalysts,
  reportCompanies,
  reportCountries,
  reportSectors,
  reports,
  sectors,
} from '../../db/schema/index.ts';
import { createLocalStorage, type Storage } from '../storage/storage.ts';
import { addReport } from './add-report.ts';

let handle: DbHandle;
let storage: Storage;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-ingest-'));
  storage = createLocalStorage(dir);
  handle = await openPglite();
  await migrate(handle);
  await handle.db.insert(sectors).values([
    { id: 10000131, name: 'Technology & Semiconductors' },
    { id: 10000136, name: 'Macro & Strategy' },
  ]);
  await handle.db.insert(analysts).values([
    { id: 1, name: 'Ada Tan' },
    { id: 2, name: 'Ben Ho' },
  ]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
  await rm(dir, { recursive: true, force: true });
});

const pdf = async (text: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(text, { x: 40, y: 700, size: 12, font });
  return doc.save();
};

describe('addReport', () => {
  it('stores the file, keeps its text in body_text and links sectors, analysts, companies and countries', async () => {
    const bytes = await pdf('Foundry utilisation recovers in the second half');
    const id = await addReport(handle.db, storage, {
      title: 'Foundry check',
      publishedAt: new Date('2030-01-02T03:00:00Z'),
      fileType: 'pdf',
      file: { key: 'reports/2030/foundry.pdf', bytes },
      sectorIds: [10000131, 10000136, 10000131],
      analystIds: [2, 1],
      hashtags: ['Foundry'],
    });
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ filePath: 'reports/2030/foundry.pdf', sectorId: 10000131, type: 'latest' });
    expect(row!.bodyText).toContain('Foundry utilisation recovers in the second half');
    expect(row!.accessKey).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.compare((await storage.get('reports/2030/foundry.pdf'))!, Buffer.from(bytes))).toBe(0);
    const sectorLinks = await handle.db.select().from(reportSectors).where(eq(reportSectors.reportId, id));
    expect(sectorLinks.map((l) => [l.sectorId, l.position])).toEqual([
      [10000131, 0],
      [10000136, 1],
    ]);
    const authorLinks = await handle.db.select().from(reportAnalysts).where(eq(reportAnalysts.reportId, id));
    expect(authorLinks.map((l) => [l.analystId, l.position]).sort()).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(await handle.db.select().from(reportCompanies).where(eq(reportCompanies.reportId, id))).toEqual(
      [],
    );
    expect(await handle.db.select().from(reportCountries).where(eq(reportCountries.reportId, id))).toEqual(
      [],
    );
  });

  it('keeps the address of a youtube report and stores nothing', async () => {
    const id = await addReport(handle.db, storage, {
      title: 'Webinar',
      publishedAt: new Date('2030-01-03T03:00:00Z'),
      fileType: 'youtube',
      file: { url: 'https://www.youtube-nocookie.com/embed/abcdefghijk' },
      sectorIds: [10000136],
      analystIds: [1],
    });
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({
      filePath: 'https://www.youtube-nocookie.com/embed/abcdefghijk',
      bodyText: '',
    });
  });

  it('refuses mismatched input and writes nothing when the file cannot be read or a link is wrong', async () => {
    const base = { title: 'x', publishedAt: new Date(), sectorIds: [10000131], analystIds: [1] };
    await expect(
      addReport(handle.db, storage, { ...base, fileType: 'pdf', file: { url: 'https://example.org/x.pdf' } }),
    ).rejects.toThrow(/needs a file/);
    await expect(
      addReport(handle.db, storage, {
        ...base,
        fileType: 'pdf',
        file: { key: 'reports/x.htm', bytes: new Uint8Array() },
      }),
    ).rejects.toThrow(/does not end in \.pdf/);
    await expect(
      addReport(handle.db, storage, {
        ...base,
        fileType: 'pdf',
        file: { key: 'reports/broken.pdf', bytes: new TextEncoder().encode('not a pdf') },
      }),
    ).rejects.toThrow();
    expect(await storage.exists('reports/broken.pdf')).toBe(false);
    const before = (await handle.db.select().from(reports)).length;
    // an unknown analyst fails the link insert: the report row is rolled back with it
    await expect(
      addReport(handle.db, storage, {
        ...base,
        analystIds: [999],
        fileType: 'htm',
        file: { key: 'reports/note.htm', bytes: new TextEncoder().encode('<p>Note</p>') },
      }),
    ).rejects.toThrow();
    expect((await handle.db.select().from(reports)).length).toBe(before);
    expect(await storage.exists('reports/note.htm')).toBe(false);
  });
});
