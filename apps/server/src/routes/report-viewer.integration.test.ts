import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  copyLinkTexts,
  messages,
  reportRefusalReply,
  reportViewerReply,
  viewerMessages,
} from '@portal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameters, reportAccessLog, reportViews } from '../db/schema/index.ts';
import { addReport } from '../modules/ingest/add-report.ts';
import { extractPdfPages as pdfPageTexts } from '../modules/ingest/extract-text.ts';
import { subscribeUser, unsubscribeUser } from '../modules/persons/matrix.repository.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, parametersChanged, type TestApp } from '../test/test-app.ts';

const demoMedia = new URL('../../assets/demo-media/', import.meta.url);

const threePagePdf = async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++)
    pdf.addPage([595, 842]).drawText(`Chip chapter ${i}`, { x: 60, y: 700, size: 14, font });
  return pdf.save();
};

const html =
  '<!doctype html><html><head><title>Note</title></head><body><h1>Memory note</h1><p>DRAM.</p></body></html>';

describe('report viewer calls (issue 4)', () => {
  let t: TestApp;
  let dataDir: string;
  let reader: TestClient;
  let readerElsewhere: TestClient;
  let other: TestClient;
  let admin: TestClient;
  let anonymous: TestClient;
  let readerId = 0;
  let otherId = 0;
  const ids: Record<string, number> = {};
  let mp4Bytes: Buffer;

  const lastLog = async (reportId: number) =>
    (
      await t.db
        .select()
        .from(reportAccessLog)
        .where(eq(reportAccessLog.reportId, reportId))
        .orderBy(desc(reportAccessLog.id))
        .limit(1)
    )[0];
  const open = async (client: TestClient, id: number, prefix = 'S') =>
    client.get(`/api/report/${prefix}-${id}`);
  const fileUrlOf = async (client: TestClient, id: number) => {
    const response = await open(client, id);
    expect(response.statusCode, response.body).toBe(200);
    return `/api${reportViewerReply.parse(response.json()).data.report.fileUrl}`;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-viewer-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const f = await catalogueFixtures(t.db);
    const semis = await f.sector('Technology & Semiconductors', 10000131);
    const banks = await f.sector('Banks');
    const analyst = await f.analyst('Alice Tanaka', { sectorIds: [semis] });
    const strategist = await f.analyst('Sam Lee', { sectorIds: [semis], jobCategory: 'Management' });
    const bankAnalyst = await f.analyst('Bruno Keller', { sectorIds: [banks] });
    readerId = await f.user('ada@example.org');
    otherId = await f.user('bob@example.org');
    await f.subscribe(readerId, [semis]);
    await f.subscribe(otherId, [banks]);
    const base = { publishedAt: new Date('2029-12-01T08:00:00Z'), analystIds: [analyst, strategist] };
    ids.pdf = await addReport(t.db, t.storage, {
      ...base,
      title: 'Chip cycle turns',
      description: 'Why the memory upturn has further to run.',
      fileType: 'pdf',
      file: { key: 'reports/test/chips.pdf', bytes: await threePagePdf() },
      sectorIds: [semis],
      type: 'highlighted',
    });
    ids.htm = await addReport(t.db, t.storage, {
      ...base,
      title: 'Memory note',
      fileType: 'htm',
      file: { key: 'reports/test/memory.htm', bytes: new TextEncoder().encode(html) },
      sectorIds: [semis],
    });
    mp4Bytes = await readFile(new URL('taiwan-foundry-video-note.mp4', demoMedia));
    ids.mp4 = await addReport(t.db, t.storage, {
      ...base,
      title: 'Foundry video note',
      fileType: 'mp4',
      file: { key: 'reports/test/foundry.mp4', bytes: mp4Bytes },
      sectorIds: [semis],
    });
    ids.youtube = await addReport(t.db, t.storage, {
      ...base,
      title: 'Webinar replay',
      fileType: 'youtube',
      file: { url: 'https://www.youtube-nocookie.com/embed/abc' },
      sectorIds: [semis],
    });
    ids.banks = await addReport(t.db, t.storage, {
      ...base,
      analystIds: [bankAnalyst],
      title: 'Bank margins',
      fileType: 'pdf',
      file: { key: 'reports/test/banks.pdf', bytes: await threePagePdf() },
      sectorIds: [banks],
    });
    ids.free = await addReport(t.db, t.storage, {
      ...base,
      analystIds: [bankAnalyst],
      title: 'Free bank primer',
      fileType: 'pdf',
      file: { key: 'reports/test/free.pdf', bytes: await threePagePdf() },
      sectorIds: [banks],
      freeAccess: true,
    });
    reader = new TestClient(t.app);
    await reader.login('ada@example.org', fixturePassword);
    readerElsewhere = new TestClient(t.app);
    await readerElsewhere.login('ada@example.org', fixturePassword);
    other = new TestClient(t.app);
    await other.login('bob@example.org', fixturePassword);
    admin = new TestClient(t.app);
    await admin.login('admin@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens an entitled report with its card, analysts, related list, page count and watermarks', async () => {
    const response = await open(reader, ids.pdf!);
    expect(response.statusCode).toBe(200);
    const { data } = reportViewerReply.parse(response.json());
    expect(data.report).toMatchObject({
      id: ids.pdf,
      title: 'Chip cycle turns',
      filetype: 'pdf',
      type: 'highlighted',
      entitled: true,
      saved: false,
      pageCount: 3,
      apiId: `S-${ids.pdf}`,
    });
    expect(data.report.analysts.map((a) => [a.name, a.sJobCat])).toEqual([
      ['Alice Tanaka', 'Analysts'],
      ['Sam Lee', 'Management'],
    ]);
    expect(data.report.fileUrl).toMatch(/^\/files\/[\w-]+\.[\w-]{43}$/);
    expect(Date.parse(data.report.fileUrlExpiresAt!) - t.clock().getTime()).toBe(300_000);
    expect(data.related.map((r) => r.id).sort()).toEqual([ids.htm, ids.mp4, ids.youtube].sort());
    // the seeded demo configuration, filled for this reader
    expect(data.watermarks.map((w) => w.text)).toEqual([
      'Fixture ada · ',
      `Prepared for Fixture ada (ada@example.org), user ${readerId}, on 2030-01-15`,
    ]);
    expect(data.watermarks.every((w) => w.opacity === 0.5)).toBe(true);
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'open',
      via: 'session',
      granted: true,
      reason: 'entitled',
      userId: readerId,
    });
  });

  it('serves the PDF stamped with the reader watermark in its own text, private and not cached', async () => {
    const file = await reader.get(await fileUrlOf(reader, ids.pdf!));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const pages = await pdfPageTexts(file.rawPayload);
    expect(pages).toHaveLength(3);
    pages.forEach((text, index) => {
      expect(text).toContain(`Chip chapter ${index + 1}`);
      expect(text).toContain('Fixture ada');
    });
    expect(pages[0]).toContain(`Prepared for Fixture ada (ada@example.org), user ${readerId}`);
    expect(pages[1]).not.toContain('Prepared for');
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'file',
      granted: true,
      userId: readerId,
      detail: 'pdf stamped',
    });
  });

  it('counts one view per reader and report in half an hour, whatever the reloads', async () => {
    const views = async () =>
      (await t.db.select().from(reportViews).where(eq(reportViews.reportId, ids.free!))).length;
    const before = await views();
    for (let i = 0; i < 3; i += 1) expect((await open(reader, ids.free!)).statusCode).toBe(200);
    expect(await views()).toBe(before + 1);
    expect((await open(other, ids.free!)).statusCode).toBe(200);
    expect(await views()).toBe(before + 2);
    t.clock.advance(30 * 60 * 1000 + 1);
    expect((await open(reader, ids.free!)).statusCode).toBe(200);
    expect(await views()).toBe(before + 3);
  });

  it('accepts the H- prefix for the same report and echoes it', async () => {
    const response = await open(reader, ids.pdf!, 'H');
    expect(response.statusCode).toBe(200);
    expect(reportViewerReply.parse(response.json()).data.report.apiId).toBe(`H-${ids.pdf}`);
  });

  it('asks an anonymous caller to sign in, gives no file, and logs the refusal', async () => {
    for (const url of [`/api/report/S-${ids.pdf}`, `/api/reports/S-${ids.pdf}`]) {
      const response = await anonymous.get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'requiredLogin' });
    }
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'path',
      granted: false,
      reason: 'anonymous',
      userId: null,
    });
  });

  it('refuses a reader without entitlement with the HTML error and no file URL; unknown reports alike', async () => {
    const before = await t.db.select().from(reportAccessLog);
    const refused = await open(other, ids.pdf!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: `<p>${viewerMessages.notEntitled}</p>` });
    expect(refused.body).not.toContain('/files/');
    const path = await other.get(`/api/reports/S-${ids.pdf}`);
    expect(path.statusCode).toBe(403);
    expect(path.body).not.toContain('/files/');
    const missing = await open(other, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: `<p>${viewerMessages.reportMissing}</p>` });
    const after = await t.db.select().from(reportAccessLog);
    expect(after.slice(before.length).map((r) => [r.action, r.granted, r.reason, r.userId])).toEqual([
      ['open', false, 'notEntitled', otherId],
      ['path', false, 'notEntitled', otherId],
      ['open', false, 'unknownReport', otherId],
    ]);
  });

  it('tells a reader without entitlement what the report is (title, date, analysts, sectors, description) and nothing of its file or text', async () => {
    const refused = await open(other, ids.pdf!, 'H');
    expect(refused.statusCode).toBe(403);
    const body = refused.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'report', 'success']);
    const { report } = reportRefusalReply.parse(body);
    expect(report).toEqual({
      id: ids.pdf,
      apiId: `H-${ids.pdf}`,
      title: 'Chip cycle turns',
      published_date: '2029-12-01T08:00:00.000Z',
      description: 'Why the memory upturn has further to run.',
      analysts: [
        { id: expect.any(Number), name: 'Alice Tanaka', image_path: null },
        { id: expect.any(Number), name: 'Sam Lee', image_path: null },
      ],
      sectors: [{ id: expect.any(Number), sName: 'Technology & Semiconductors' }],
    });
    // Exactly the metadata: no file URL, page count, snippet or anything else of the viewer's reply.
    expect(Object.keys(body.report).sort()).toEqual(
      ['analysts', 'apiId', 'description', 'id', 'published_date', 'sectors', 'title'].sort(),
    );
    for (const leak of ['/files/', 'fileUrl', 'pageCount', 'snippet', 'watermarks', 'Chip chapter'])
      expect(refused.body).not.toContain(leak);
    // The body text is really in the database (search finds it), so its absence above means something.
    const text = JSON.stringify(
      await t.db.execute(sql`select body_text from reports where id = ${ids.pdf!}`),
    );
    expect(text).toContain('Chip chapter 1');
    // Unknown reports and anonymous callers learn nothing about a report.
    expect((await open(other, 999_999)).json()).toEqual({
      success: false,
      error: `<p>${viewerMessages.reportMissing}</p>`,
    });
    expect((await open(anonymous, ids.pdf!)).json()).toEqual({ success: false, error: 'requiredLogin' });
  });

  it('lets a reader open a free-access report outside their sectors', async () => {
    const response = await open(reader, ids.free!);
    expect(response.statusCode).toBe(200);
    expect(await lastLog(ids.free!)).toMatchObject({ granted: true, reason: 'freeAccess' });
    expect((await open(reader, ids.banks!)).statusCode).toBe(403);
  });

  it('refuses a file URL from another session of the same user, from another user and anonymously', async () => {
    const url = await fileUrlOf(reader, ids.pdf!);
    for (const client of [readerElsewhere, other, anonymous]) {
      const response = await client.get(url);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/json/);
      expect(response.json()).toEqual({ success: false, error: `<p>${viewerMessages.fileLinkInvalid}</p>` });
    }
    expect(await lastLog(ids.pdf!)).toMatchObject({ action: 'file', granted: false, reason: 'otherBinding' });
    expect((await reader.get(url)).statusCode).toBe(200);
  });

  it('refuses a file URL after its five minutes, and a forged one', async () => {
    const url = await fileUrlOf(reader, ids.pdf!);
    t.clock.advance(299_000);
    expect((await reader.get(url)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const late = await reader.get(url);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ success: false, error: `<p>${viewerMessages.fileLinkExpired}</p>` });
    expect(await lastLog(ids.pdf!)).toMatchObject({ action: 'file', granted: false, reason: 'expired' });
    const [payload, signature] = url.slice('/api/files/'.length).split('.') as [string, string];
    const otherReport = Buffer.from(
      JSON.stringify([
        ids.banks,
        9_999_999_999,
        's',
        readerId,
        null,
        JSON.parse(Buffer.from(payload, 'base64url').toString())[5],
      ]),
    ).toString('base64url');
    const forged = await reader.get(`/api/files/${otherReport}.${signature}`);
    expect(forged.statusCode).toBe(403);
    expect((await reader.get('/api/files/x')).statusCode).toBe(400);
  });

  it('stops a file URL when the reader loses the entitlement', async () => {
    const url = await fileUrlOf(reader, ids.pdf!);
    await unsubscribeUser(t.db, readerId, [10000131], t.clock());
    t.app.services.changes.publish({ kind: 'matrix', ids: [readerId] });
    try {
      const response = await reader.get(url);
      expect(response.statusCode).toBe(403);
      expect(await lastLog(ids.pdf!)).toMatchObject({
        action: 'file',
        granted: false,
        reason: 'notEntitled',
      });
    } finally {
      await subscribeUser(t.db, readerId, [10000131], t.clock());
      t.app.services.changes.publish({ kind: 'matrix', ids: [readerId] });
    }
  });

  it('gives the signed path for a new window (GET /reports/:id), and the address for youtube', async () => {
    const response = await reader.get(`/api/reports/S-${ids.pdf}`);
    expect(response.statusCode).toBe(200);
    const path = response.json().data.report.path as string;
    expect(path).toMatch(/^\/files\//);
    expect((await reader.get(`/api${path}`)).statusCode).toBe(200);
    const youtube = await reader.get(`/api/reports/S-${ids.youtube}`);
    expect(youtube.json()).toEqual({
      success: true,
      data: { report: { path: 'https://www.youtube-nocookie.com/embed/abc' } },
    });
    const opened = reportViewerReply.parse((await open(reader, ids.youtube!)).json());
    expect(opened.data.report).toMatchObject({
      fileUrl: 'https://www.youtube-nocookie.com/embed/abc',
      fileUrlExpiresAt: null,
    });
  });

  it('serves htm with a sandboxing CSP, framable by the portal only', async () => {
    const response = await reader.get(await fileUrlOf(reader, ids.htm!));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'", "frame-ancestors 'self'"]),
    );
    expect(csp).not.toContain('script-src');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe(html);
    // everything else keeps the global frame ban
    const pdf = await reader.get(await fileUrlOf(reader, ids.pdf!));
    expect(pdf.headers['x-frame-options']).toBe('DENY');
  });

  it('answers Range requests on video for seeking', async () => {
    const url = await fileUrlOf(reader, ids.mp4!);
    const whole = await reader.get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp4Bytes)).toBe(true);
    const part = await reader.request('GET', url, { headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${mp4Bytes.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(mp4Bytes.subarray(100, 1100))).toBe(true);
    const tail = await reader.request('GET', url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(mp4Bytes.subarray(mp4Bytes.length - 10))).toBe(true);
    const beyond = await reader.request('GET', url, { headers: { range: `bytes=${mp4Bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp4Bytes.length}`);
  });

  it('logs highlighted and free access for entitled readers only (CSRF required)', async () => {
    const ok = await reader.post(`/api/report/H-${ids.pdf}/access/dAcsHighligted`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'access',
      granted: true,
      detail: 'highlighted',
      userId: readerId,
    });
    expect((await reader.post(`/api/report/S-${ids.free}/access/dAcsFree`)).statusCode).toBe(200);
    expect(await lastLog(ids.free!)).toMatchObject({ action: 'access', granted: true, detail: 'free' });
    const refused = await other.post(`/api/report/S-${ids.pdf}/access/dAcsFree`);
    expect(refused.statusCode).toBe(403);
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'access',
      granted: false,
      reason: 'notEntitled',
      userId: otherId,
    });
    const anon = await anonymous.post(`/api/report/S-${ids.pdf}/access/dAcsFree`);
    expect(anon.json()).toEqual({ success: false, error: 'requiredLogin' });
    expect(
      (await reader.post(`/api/report/S-${ids.pdf}/access/dAcsFree`, undefined, { csrf: false })).statusCode,
    ).toBe(403);
  });

  it('downloads a PDF stamped for the chosen user, for admins only, once a second', async () => {
    const response = await admin.get(`/api/reports/downloadPdf/S-${ids.pdf}/${readerId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; data: string };
    expect(body.success).toBe(true);
    const pages = await pdfPageTexts(Buffer.from(body.data, 'base64'));
    expect(pages).toHaveLength(3);
    expect(pages.every((text) => text.includes('Fixture ada'))).toBe(true);
    expect(pages[0]).toContain(`user ${readerId}`);
    expect(await lastLog(ids.pdf!)).toMatchObject({
      action: 'download',
      via: 'admin',
      granted: true,
      detail: `for user ${readerId}`,
    });

    const throttled = await admin.get(`/api/reports/downloadPdf/S-${ids.pdf}/${readerId}`);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await admin.get(`/api/reports/downloadPdf/S-${ids.htm}/${readerId}`)).json()).toEqual({
      success: false,
      error: `<p>${viewerMessages.notPdf}</p>`,
    });
    t.clock.advance(1000);
    expect((await admin.get(`/api/reports/downloadPdf/S-${ids.pdf}/999999`)).statusCode).toBe(404);
    t.clock.advance(1000);

    const refused = await reader.get(`/api/reports/downloadPdf/S-${ids.pdf}/${readerId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: messages.auth.forbidden });
  });

  it('still opens reports when the watermark configuration is not an array, without watermarks', async () => {
    const [saved] = await t.db.select().from(parameters).where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    await t.db
      .update(parameters)
      .set({ value: '{"WatermarkText":"x"}' })
      .where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
    parametersChanged(t, 'sRWReportWaterMarkJSON');
    try {
      const response = await open(reader, ids.pdf!);
      expect(response.statusCode).toBe(200);
      expect(reportViewerReply.parse(response.json()).data.watermarks).toEqual([]);
      const file = await reader.get(await fileUrlOf(reader, ids.pdf!));
      expect(file.statusCode).toBe(200);
      expect((await pdfPageTexts(file.rawPayload))[0]).not.toContain('Fixture ada');
    } finally {
      await t.db
        .update(parameters)
        .set({ value: saved!.value })
        .where(eq(parameters.name, 'sRWReportWaterMarkJSON'));
      parametersChanged(t, 'sRWReportWaterMarkJSON');
    }
  });

  it('gives an admin the copy-link menu from sWebCustomLinks and rw_CopyLinkTo, and a reader none', async () => {
    const setParameter = async (name: string, value: string) => {
      await t.db
        .insert(parameters)
        .values({ name, value, isPublic: false })
        .onConflictDoUpdate({ target: parameters.name, set: { value } });
      parametersChanged(t, name);
    };
    const saved = await t.db.select().from(parameters);
    const before = (name: string) => saved.find((row) => row.name === name)?.value;
    await setParameter('rw_CopyLinkTo', 'https://research.example.com/ignored-path');
    await setParameter(
      'sWebCustomLinks',
      JSON.stringify({
        'Client CRM': 'https://crm.example.com/research/@@ReportId@@?from=@@ReportUrl@@',
        'Script link': 'javascript:alert(1)',
        '': 'https://nameless.example.com/',
        Number: 42,
      }),
    );
    try {
      const adminView = reportViewerReply.parse((await open(admin, ids.pdf!)).json()).data;
      const own = `https://research.example.com/reports/${ids.pdf}_chip-cycle-turns`;
      expect(adminView.copyLinks).toEqual([
        { name: copyLinkTexts.thisReport, url: own },
        {
          name: 'Client CRM',
          url: `https://crm.example.com/research/${ids.pdf}?from=${encodeURIComponent(own)}`,
        },
      ]);
      // What a reader is sent never carries the firm's internal links.
      const readerView = await open(reader, ids.pdf!);
      expect(reportViewerReply.parse(readerView.json()).data.copyLinks).toEqual([]);
      expect(readerView.body).not.toContain('crm.example.com');
      // Broken JSON: the report still opens, with its own link only.
      await setParameter('sWebCustomLinks', '{not json');
      expect(reportViewerReply.parse((await open(admin, ids.pdf!)).json()).data.copyLinks).toEqual([
        { name: copyLinkTexts.thisReport, url: own },
      ]);
    } finally {
      for (const name of ['rw_CopyLinkTo', 'sWebCustomLinks']) {
        const value = before(name);
        if (value === undefined) {
          await t.db.delete(parameters).where(eq(parameters.name, name));
          parametersChanged(t, name);
        } else await setParameter(name, value);
      }
    }
  });

  it('refuses malformed ids with the validation shape', async () => {
    for (const url of [
      '/api/report/S-0',
      '/api/report/123',
      '/api/report/S-abc',
      '/api/reports/downloadPdf/S-1/x',
    ]) {
      const client = url.includes('download') ? admin : reader;
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});
