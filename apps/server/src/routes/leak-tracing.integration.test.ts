import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  identifyCopyReply,
  leakTracingLimits,
  messagesLeakTracing,
  reportViewerReply,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameters, reports, stampedCopies } from '../db/schema/index.ts';
import { addReport } from '../modules/ingest/add-report.ts';
import { extractPdfPages } from '../modules/ingest/extract-text.ts';
import { copyIdsInText, stampPdf } from '../modules/watermark/stamp-pdf.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, parametersChanged, type TestApp } from '../test/test-app.ts';

const BOUNDARY = '----leak-tracing-test';
/** A multipart/form-data body with one file, as a browser sends it. */
const form = (bytes: Uint8Array, filename = 'leak.pdf') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

const fivePagePdf = async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 5; i++)
    pdf.addPage([595, 842]).drawText(`Leak chapter ${i}`, { x: 60, y: 700, size: 14, font });
  return pdf.save();
};

/** Page `index` of a PDF alone in a new file, as someone passing one page on would make it. */
const onePageOf = async (bytes: Uint8Array, index: number) => {
  const source = await PDFDocument.load(bytes);
  const single = await PDFDocument.create();
  const [page] = await single.copyPages(source, [index]);
  single.addPage(page!);
  return single.save();
};

/**
 * Leak tracing (issue 23): stamped copies made once per reader and file version and served from storage (ranges
 * too); "Identify a copy" finds the reader of a leaked copy or of one page of it.
 */
describe('stamped copies and POST /reports/identifyCopy', () => {
  let t: TestApp;
  let dataDir: string;
  let reader: TestClient;
  let other: TestClient;
  let admin: TestClient;
  let readerId = 0;
  let reportId = 0;

  const fileUrl = async (client: TestClient) => {
    const response = await client.get(`/api/report/S-${reportId}`);
    expect(response.statusCode, response.body).toBe(200);
    return `/api${reportViewerReply.parse(response.json()).data.report.fileUrl}`;
  };
  const copies = () => t.db.select().from(stampedCopies).where(eq(stampedCopies.reportId, reportId));
  const identify = (client: TestClient, body: Buffer, options: { csrf?: boolean } = {}) =>
    client.request('POST', '/api/reports/identifyCopy', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      ...options,
    });
  const storedFile = (key: string) => path.join(dataDir, 'files', key);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-leak-tracing-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const f = await catalogueFixtures(t.db);
    const semis = await f.sector('Technology & Semiconductors', 10000131);
    const analyst = await f.analyst('Alice Tanaka', { sectorIds: [semis] });
    readerId = await f.user('ada@example.org');
    const otherId = await f.user('bob@example.org');
    await f.subscribe(readerId, [semis]);
    await f.subscribe(otherId, [semis]);
    await t.db.execute(sql`update users set company_name = 'Fjord Capital' where id = ${readerId}`);
    reportId = await addReport(t.db, t.storage, {
      publishedAt: new Date('2029-12-01T08:00:00Z'),
      analystIds: [analyst],
      title: 'Leaky chips',
      fileType: 'pdf',
      file: { key: 'reports/test/leaky.pdf', bytes: await fivePagePdf() },
      sectorIds: [semis],
    });
    reader = await TestClient.signedIn(t.app, 'ada@example.org', fixturePassword);
    other = await TestClient.signedIn(t.app, 'bob@example.org', fixturePassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let firstBytes: Buffer;
  let firstCopyId = '';

  it('stamps once, concurrently too, and serves the stored copy on the next fetch', async () => {
    const url = await fileUrl(reader);
    // two first fetches at once: one copy, both get its bytes
    const [a, b] = await Promise.all([reader.get(url), reader.get(url)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.headers['accept-ranges']).toBe('bytes');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const [row, ...more] = await copies();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ userId: readerId, recipientEmail: null, fileVersion: 1, fetchCount: 2 });
    const made = await stat(storedFile(row!.storageKey));

    const again = await reader.get(await fileUrl(reader));
    expect(again.statusCode).toBe(200);
    // the same copy: same bytes (a new stamping would carry a new copy id), same stored file, untouched
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    const [after, ...none] = await copies();
    expect(none).toEqual([]);
    expect(after).toMatchObject({ copyId: row!.copyId, storageKey: row!.storageKey, fetchCount: 3 });
    expect(after!.lastFetchedAt.getTime()).toBeGreaterThanOrEqual(row!.lastFetchedAt.getTime());
    expect((await stat(storedFile(row!.storageKey))).mtimeMs).toBe(made.mtimeMs);

    const pages = await extractPdfPages(again.rawPayload);
    expect(pages).toHaveLength(5);
    for (const page of pages) expect(copyIdsInText(page)).toEqual([row!.copyId]);
    firstBytes = again.rawPayload;
    firstCopyId = row!.copyId;
  });

  it('serves byte ranges of the stored copy without counting them as new fetches', async () => {
    const url = await fileUrl(reader);
    const size = firstBytes.length;
    const ranged = (range: string) => reader.request('GET', url, { headers: { range } });
    const head = await ranged('bytes=0-99');
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(head.rawPayload.equals(firstBytes.subarray(0, 100))).toBe(true);
    const [counted] = await copies();
    const middle = await ranged(`bytes=100-${size - 11}`);
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(firstBytes.subarray(100, size - 10))).toBe(true);
    const tail = await ranged('bytes=-10');
    expect(tail.rawPayload.equals(firstBytes.subarray(size - 10))).toBe(true);
    const past = await ranged(`bytes=${size}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    const [row, ...more] = await copies();
    expect(more).toEqual([]);
    expect(row!.copyId).toBe(firstCopyId);
    expect(row!.fetchCount).toBe(counted!.fetchCount);
  });

  it('stores a copy again under the same id when storage lost its file', async () => {
    const [row] = await copies();
    await rm(storedFile(row!.storageKey));
    const again = await reader.get(await fileUrl(reader));
    expect(again.statusCode).toBe(200);
    // stamped again with the same id: the same bytes (pdf-lib writes deterministically)
    expect(again.rawPayload.equals(firstBytes)).toBe(true);
    expect(copyIdsInText((await extractPdfPages(again.rawPayload))[0]!)).toEqual([firstCopyId]);
    const [after, ...more] = await copies();
    expect(more).toEqual([]);
    expect(after).toMatchObject({
      copyId: firstCopyId,
      storageKey: row!.storageKey,
      fetchCount: row!.fetchCount + 1,
    });
    await stat(storedFile(row!.storageKey));
    firstBytes = again.rawPayload;
  });

  it('makes a new copy for another reader, a changed watermark and a replaced file', async () => {
    const otherFile = await other.get(await fileUrl(other));
    expect(otherFile.statusCode).toBe(200);
    expect((await copies()).length).toBe(2);

    const [saved] = await t.db.select().from(parameters).where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    await t.db
      .update(parameters)
      .set({ value: JSON.stringify([{ WatermarkText: 'Confidential to @@ClientName@@' }]) })
      .where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    parametersChanged(t, 'sRWReportWaterMarkJSON');
    try {
      const changed = await reader.get(await fileUrl(reader));
      expect(changed.statusCode).toBe(200);
      const [page] = await extractPdfPages(changed.rawPayload);
      expect(page).toContain('Confidential to Fixture ada');
      const mine = (await copies()).filter((c) => c.userId === readerId);
      expect(mine.length).toBe(2);
    } finally {
      await t.db
        .update(parameters)
        .set({ value: saved!.value })
        .where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
      parametersChanged(t, 'sRWReportWaterMarkJSON');
    }

    // helper P1's replaceFile bumps the version: the next fetch is a new copy, the older copies' files go
    const [old] = (await copies()).filter((c) => c.copyId === firstCopyId);
    await t.db.update(reports).set({ fileVersion: 2 }).where(eq(reports.id, reportId));
    const replaced = await reader.get(await fileUrl(reader));
    expect(replaced.statusCode).toBe(200);
    const rows = await copies();
    const fresh = rows.filter((c) => c.fileVersion === 2);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.copyId).not.toBe(firstCopyId);
    expect(copyIdsInText((await extractPdfPages(replaced.rawPayload))[0]!)).toEqual([fresh[0]!.copyId]);
    // the older version's row stays (a leaked old copy is still identified), its stored file is removed
    const kept = rows.find((c) => c.copyId === firstCopyId)!;
    expect(kept.storageKey).toBe('');
    await expect(stat(storedFile(old!.storageKey))).rejects.toThrow();
  });

  it("identifies a leaked copy and a single page taken out of it, with the reader's firm", async () => {
    const whole = await identify(admin, form(firstBytes));
    expect(whole.statusCode, whole.body).toBe(200);
    const reply = identifyCopyReply.parse(whole.json());
    expect(reply.copies).toHaveLength(1);
    expect(reply.markedPages).toBe(5);
    expect(reply.copies[0]).toMatchObject({
      copyId: firstCopyId,
      reader: { userId: readerId, name: 'Fixture ada', email: 'ada@example.org', company: 'Fjord Capital' },
      report: { id: reportId, title: 'Leaky chips' },
      fileVersion: 1,
      currentFileVersion: 2,
    });
    expect(reply.copies[0]!.fetchCount).toBeGreaterThanOrEqual(3);
    expect(Date.parse(reply.copies[0]!.madeAt)).not.toBeNaN();

    const page = await identify(admin, form(await onePageOf(firstBytes, 3), 'page4.pdf'));
    expect(page.statusCode, page.body).toBe(200);
    const onePage = identifyCopyReply.parse(page.json());
    expect(onePage).toMatchObject({ markedPages: 1, pageCount: 1 });
    expect(onePage.copies.map((c) => c.copyId)).toEqual([firstCopyId]);
  });

  it('answers a non-PDF, an unmarked PDF, an unknown mark, an unreadable PDF and an oversize file with 4xx', async () => {
    const m = messagesLeakTracing.errors;
    const expectRefusal = async (
      response: Awaited<ReturnType<typeof identify>>,
      status: number,
      message: string,
    ) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    };
    await expectRefusal(await identify(admin, form(Buffer.from('<html>no</html>'), 'x.pdf')), 400, m.notPdf);
    await expectRefusal(await identify(admin, form(await fivePagePdf())), 422, m.noMark);
    const stranger = await stampPdf(await fivePagePdf(), [], { copyId: 'ffffffffffffffffffff' });
    await expectRefusal(await identify(admin, form(stranger.bytes)), 404, m.unknownCopy);
    await expectRefusal(await identify(admin, form(Buffer.from('%PDF-1.7\ngarbage'))), 422, m.unreadable);
    const huge = Buffer.alloc(leakTracingLimits.pdfMaxBytes + 1);
    huge.write('%PDF-1.7\n');
    const tooLarge = await identify(admin, form(huge));
    expect(tooLarge.statusCode).toBe(413);
    await expectRefusal(await identify(admin, Buffer.from(`--${BOUNDARY}--\r\n`)), 400, m.missing);
  });

  it('is for admins only, with the CSRF header', async () => {
    expect((await identify(reader, form(firstBytes))).statusCode).toBe(403);
    const anonymous = await new TestClient(t.app).start();
    expect((await identify(anonymous, form(firstBytes))).statusCode).toBe(401);
    expect((await identify(admin, form(firstBytes), { csrf: false })).statusCode).toBe(403);
  });
});
