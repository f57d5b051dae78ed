import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  mailMessages,
  managedReportReply,
  messagesPublishing,
  type PublishMetadata,
  publishingOptionsReply,
  reportUploadLimits,
  reportViewerReply,
  viewerMessages,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, reportAccessKeys, reports, throttles } from '../db/schema/index.ts';
import { extractPdfPages } from '../modules/ingest/extract-text.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import {
  brokenPdf,
  lyingZipXlsx,
  multipartForm,
  smallPdf,
  smallXlsx,
  zipBombXlsx,
} from '../test/report-uploads.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

const e = messagesPublishing.errors;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Publishing (issue 23) through the API, with the caches on (the test config's default ttl): admin-only writes
 * with CSRF, uploads checked on the server, and every change seen by readers on their NEXT request.
 */
describe('publishing reports (issue 23)', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestClient;
  let reader: TestClient;
  let anonymous: TestClient;
  let readerEmail: string;
  const ids = { semis: 0, banks: 0, alice: 0, bruno: 0, tsmc: 0, taiwan: 0 };

  const base = (): PublishMetadata => ({
    title: 'Foundry pricing turns',
    description: 'Wafer prices rise into next year.',
    analystIds: [ids.alice],
    sectorIds: [ids.semis],
    companyIds: [ids.tsmc],
    countryIds: [ids.taiwan],
    hashtags: ['foundry'],
    freeAccess: false,
    publishAt: null,
  });

  const send = (
    client: TestClient,
    url: string,
    parts: Parameters<typeof multipartForm>[0],
    options: { csrf?: boolean } = {},
  ) => {
    const form = multipartForm(parts);
    return client.request('POST', url, {
      body: form.body,
      headers: { 'content-type': form.contentType },
      ...options,
    });
  };
  const publish = (
    metadata: Record<string, unknown>,
    file?: { filename: string; data: Uint8Array },
    client = admin,
    options: { csrf?: boolean } = {},
  ) =>
    send(
      client,
      '/api/reports/publish',
      [{ name: 'metadata', value: JSON.stringify(metadata) }, ...(file ? [{ name: 'file', ...file }] : [])],
      options,
    );
  const published = async (
    metadata: Record<string, unknown>,
    file?: { filename: string; data: Uint8Array },
  ) => {
    const response = await publish(metadata, file);
    expect(response.statusCode, response.body).toBe(200);
    return managedReportReply.parse(response.json()).report;
  };

  const listedIds = async (client: TestClient, query = 'type=all') => {
    const response = await client.get(`/api/reports?${query}&pageSize=50`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: number }[]).map((card) => card.id);
  };
  const suggested = async (client: TestClient, q: string) => {
    const response = await client.get(`/api/reports/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().reports as { id: number }[]).map((r) => r.id);
  };
  const fileUrlOf = async (client: TestClient, id: number) => {
    const response = await client.get(`/api/report/S-${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return `/api${reportViewerReply.parse(response.json()).data.report.fileUrl}`;
  };

  // E-mailed links: a key mailed to the reader, opened on a device verified through the mailed link.
  const mailsTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.id);
  const emailedLink = async (reportId: number) => {
    const response = await admin.post(`/api/reports/S-${reportId}/emailLink`, { email: readerEmail });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await mailsTo(readerEmail))
      .filter((m) => m.subject === mailMessages.reportLinkSubject)
      .at(-1);
    const link = mail?.text.match(/http:\/\/portal\.test(\/rfs\.htm\?\S+)/)?.[1];
    if (!link) throw new Error('no report link mailed');
    const key = new URL(link, 'http://portal.test').searchParams.get('a')!;
    const device = await new TestClient(t.app).start();
    const asked = await device.post('/api/getCookie', { email: readerEmail, link });
    expect(asked.statusCode, asked.body).toBe(200);
    const verify = (await mailsTo(readerEmail))
      .filter((m) => m.subject === mailMessages.deviceVerifySubject)
      .at(-1)
      ?.text.match(/http:\/\/portal\.test\/verifyCookieEmail\?token=([\w%-]+)/)?.[1];
    const confirmed = await device.post('/api/verifyCookieEmail', { token: decodeURIComponent(verify!) });
    expect(confirmed.json().success, confirmed.body).toBe(true);
    return { device, key, open: () => device.get(`/api/report?accessKey=${encodeURIComponent(key)}`) };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-publishing-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const f = await catalogueFixtures(t.db);
    ids.semis = await f.sector('Semiconductors');
    ids.banks = await f.sector('Banks');
    ids.alice = await f.analyst('Alice Tanaka', { sectorIds: [ids.semis] });
    ids.bruno = await f.analyst('Bruno Keller', { sectorIds: [ids.banks] });
    ids.taiwan = await f.country('Taiwan');
    ids.tsmc = await f.company('Taiwan Semiconductor', { countryId: ids.taiwan, sectorId: ids.semis });
    await f.user('boss@firm.test', { type: 'admin' });
    readerEmail = 'ada@reader.test';
    const readerId = await f.user(readerEmail);
    await f.subscribe(readerId, [ids.semis]);
    admin = await TestClient.signedIn(t.app, 'boss@firm.test', fixturePassword);
    reader = await TestClient.signedIn(t.app, readerEmail, fixturePassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.db.delete(throttles);
  });

  it('is admin-only with the CSRF header; refusals change nothing', async () => {
    const pdf = { filename: 'note.pdf', data: await smallPdf() };
    const writes = await countWrites(t.db);
    const before = await writes();
    expect((await publish(base(), pdf, reader)).statusCode).toBe(403);
    expect((await publish(base(), pdf, anonymous)).statusCode).toBe(401);
    expect((await publish(base(), pdf, admin, { csrf: false })).statusCode).toBe(403);
    for (const url of ['/api/reports/1/update', '/api/reports/1/withdraw']) {
      expect((await reader.post(url, {})).statusCode).toBe(403);
      expect((await admin.post(url, {}, { csrf: false })).statusCode).toBe(403);
    }
    expect((await reader.get('/api/reports/1/manage')).statusCode).toBe(403);
    expect((await reader.get('/api/admin/publishing/options')).statusCode).toBe(403);
    expect(await writes()).toBe(before);
  });

  it('offers the analysts (with their sectors), sectors, companies and countries', async () => {
    const response = await admin.get('/api/admin/publishing/options');
    expect(response.statusCode, response.body).toBe(200);
    const options = publishingOptionsReply.parse(response.json());
    expect(options.analysts).toContainEqual({ id: ids.alice, name: 'Alice Tanaka', sectorIds: [ids.semis] });
    expect(options.sectors.map((s) => s.id)).toEqual(expect.arrayContaining([ids.semis, ids.banks]));
    expect(options.companies.map((c) => c.id)).toContain(ids.tsmc);
    expect(options.countries.map((c) => c.id)).toContain(ids.taiwan);
  });

  it('refuses malformed input with a 4xx and field messages, never a 5xx, writing nothing', async () => {
    const pdf = { filename: 'note.pdf', data: await smallPdf() };
    const writes = await countWrites(t.db);
    const before = await writes();
    const cases: [
      Record<string, unknown>,
      { filename: string; data: Uint8Array } | undefined,
      string,
      string,
    ][] = [
      [{ ...base(), title: '  ' }, pdf, 'title', e.titleRequired],
      [{ ...base(), analystIds: [] }, pdf, 'analystIds', e.analystsRequired],
      [{ ...base(), sectorIds: [] }, pdf, 'sectorIds', e.sectorsRequired],
      [{ ...base(), analystIds: [999_999] }, pdf, 'analystIds', e.unknownAnalyst],
      [{ ...base(), sectorIds: [999_999] }, pdf, 'sectorIds', e.unknownSector],
      [{ ...base(), companyIds: [999_999] }, pdf, 'companyIds', e.unknownCompany],
      [{ ...base(), countryIds: [999_999] }, pdf, 'countryIds', e.unknownCountry],
      [{ ...base(), analystIds: [ids.bruno] }, pdf, 'analystIds', e.analystOutsideSectors('Bruno Keller')],
      [{ ...base(), hashtags: ['no spaces'] }, pdf, 'hashtags', e.hashtagInvalid],
      [{ ...base(), publishAt: 'tomorrow' }, pdf, 'publishAt', e.publishAtInvalid],
      [
        { ...base(), publishAt: new Date(t.clock().getTime() - DAY_MS).toISOString() },
        pdf,
        'publishAt',
        e.publishAtPast,
      ],
      [base(), undefined, 'file', e.sourceRequired],
      [{ ...base(), youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }, pdf, 'file', e.sourceBoth],
      [{ ...base(), youtubeUrl: 'https://vimeo.com/123456' }, undefined, 'youtubeUrl', e.youtubeInvalid],
      [
        { ...base(), youtubeUrl: 'https://www.youtube.com/watch?v=short' },
        undefined,
        'youtubeUrl',
        e.youtubeInvalid,
      ],
      [{ ...base(), extra: 1 }, pdf, '_', ''],
      [{ ...base(), title: 'A\u0000B' }, pdf, 'title', ''],
    ];
    for (const [metadata, file, field, message] of cases) {
      const response = await publish(metadata, file);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors ?? {}), response.body).toContain(field);
      if (message) expect(body.errors[field]).toBe(message);
    }
    // the form itself
    const raw = (body: string | Buffer, contentType: string) =>
      admin.request('POST', '/api/reports/publish', { body, headers: { 'content-type': contentType } });
    expect((await raw('{}', 'application/json')).statusCode).toBe(400);
    expect((await raw('garbage', 'multipart/form-data; boundary=x')).statusCode).toBe(400);
    expect((await raw('garbage', 'multipart/form-data')).statusCode).toBe(400);
    expect(
      (await send(admin, '/api/reports/publish', [{ name: 'metadata', value: '{not json' }])).statusCode,
    ).toBe(400);
    expect((await send(admin, '/api/reports/publish', [{ name: 'file', ...pdf }])).statusCode).toBe(400);
    const twoFiles = await send(admin, '/api/reports/publish', [
      { name: 'metadata', value: JSON.stringify(base()) },
      { name: 'file', ...pdf },
      { name: 'file', ...pdf },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    // ids in paths and bodies of the JSON calls
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await admin.get(`/api/reports/${id}/manage`)).statusCode).toBe(400);
      expect((await admin.post(`/api/reports/${id}/withdraw`)).statusCode).toBe(400);
    }
    expect((await admin.get('/api/reports/999999/manage')).statusCode).toBe(404);
    expect((await admin.post('/api/reports/999999/withdraw')).statusCode).toBe(404);
    expect((await admin.post('/api/reports/999999/update', base())).statusCode).toBe(404);
    expect((await admin.post('/api/reports/999999/update', { ...base(), publishAt: 'x' })).statusCode).toBe(
      400,
    );
    expect((await admin.post('/api/reports/1/update', { title: 5 })).statusCode).toBe(400);
    expect((await admin.post('/api/reports/1/update', [])).statusCode).toBe(400);
    expect(await writes()).toBe(before);
  });

  it('refuses crafted uploads: wrong magic bytes, a PDF that does not open, oversize, zip bombs', async () => {
    const writes = await countWrites(t.db);
    const before = await writes();
    const pdf = await smallPdf();
    const refused: [{ filename: string; data: Uint8Array }, number, string][] = [
      [{ filename: 'model.xlsx', data: pdf }, 400, e.fileTypeMismatch('xlsx')],
      [{ filename: 'note.pdf', data: await smallXlsx() }, 400, e.fileTypeMismatch('pdf')],
      [{ filename: 'clip.mp4', data: pdf }, 400, e.fileTypeMismatch('mp4')],
      [{ filename: 'run.exe', data: pdf }, 400, e.fileType],
      [{ filename: 'note.pdf', data: brokenPdf() }, 400, e.pdfUnreadable],
      [{ filename: 'model.xlsx', data: zipBombXlsx(50) }, 400, e.xlsxTooLarge],
      [{ filename: 'model.xlsx', data: lyingZipXlsx(5) }, 400, e.xlsxTooLarge],
      [
        { filename: 'page.htm', data: new Uint8Array(reportUploadLimits.maxBytes.htm + 10).fill(0x61) },
        413,
        e.fileTooLarge('htm', 5),
      ],
    ];
    for (const [file, status, message] of refused) {
      const response = await publish(base(), file);
      expect(response.statusCode, `${file.filename}: ${response.body}`).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await writes()).toBe(before);
  });

  it('streams a film to storage through a temporary file (never held whole), leaving nothing behind', async () => {
    const film = await readFile(
      new URL('../../assets/demo-media/india-banks-video-note.mp4', import.meta.url),
    );
    const spoolDir = await mkdtemp(path.join(tmpdir(), 'portal-spool-test-'));
    const previousTmp = process.env.TMPDIR;
    const put = t.storage.put;
    const putKeys: string[] = [];
    t.storage.put = (key, bytes, contentType) => {
      putKeys.push(key);
      return put.call(t.storage, key, bytes, contentType);
    };
    process.env.TMPDIR = spoolDir;
    try {
      const metadata = { ...base(), title: 'Spooled bank film', description: 'A film note.', hashtags: [] };
      const report = await published(metadata, { filename: 'Bank film.mp4', data: film });
      expect(report.fileType).toBe('mp4');
      const [row] = await t.db
        .select({ filePath: reports.filePath })
        .from(reports)
        .where(eq(reports.id, report.id));
      const stored = await t.storage.get(row!.filePath);
      expect(stored && Buffer.compare(stored, film)).toBe(0);
      // stored with putFile from the spooled file, not put with the bytes
      expect(putKeys.filter((key) => key.endsWith('.mp4'))).toEqual([]);
      expect(await readdir(spoolDir)).toEqual([]);
      // a refused film is removed as well
      const refused = await publish(metadata, { filename: 'clip.mp4', data: await smallPdf() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(e.fileTypeMismatch('mp4'));
      expect(await readdir(spoolDir)).toEqual([]);
      // the server's own temporary folder missing is the server's fault (500), not a bad form (400)
      const writes = await countWrites(t.db);
      const before = await writes();
      process.env.TMPDIR = path.join(spoolDir, 'missing');
      const failed = await publish(metadata, { filename: 'Bank film.mp4', data: film });
      expect(failed.statusCode).toBe(500);
      expect(await writes()).toBe(before);
    } finally {
      t.storage.put = put;
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      await rm(spoolDir, { recursive: true, force: true });
    }
  });

  it('publishes a PDF now: listed, searchable and suggested on the reader NEXT request', async () => {
    // warm the reader's caches first, so that the change feed (not a cold cache) makes the report appear
    const word = 'Wafercapacityzeta';
    expect(await listedIds(reader)).toBeDefined();
    expect(await listedIds(reader, `type=all&q=${word}`)).toEqual([]);
    expect(await suggested(reader, 'Foundry pricing')).toEqual([]);
    const report = await published(
      { ...base(), hashtags: ['#Foundry', 'capex'] },
      {
        filename: 'Foundry Note.PDF',
        data: await smallPdf(word),
      },
    );
    expect(report).toMatchObject({
      state: 'published',
      fileType: 'pdf',
      fileVersion: 1,
      analystIds: [ids.alice],
      sectorIds: [ids.semis],
      hashtags: ['Foundry', 'capex'],
      youtubeUrl: null,
    });
    expect(report.publishedAt).toBe(t.clock().toISOString());
    expect(report.viewerPath).toBe(`/reports/${report.id}_foundry-pricing-turns`);
    expect(await listedIds(reader)).toContain(report.id);
    expect(await listedIds(reader, `type=all&q=${word}`)).toEqual([report.id]);
    expect(await suggested(reader, 'Foundry pricing')).toEqual([report.id]);
    // the reader opens it and the stored file is the upload
    const file = await reader.get(await fileUrlOf(reader, report.id));
    expect(file.statusCode).toBe(200);
    expect((await extractPdfPages(file.rawPayload)).join(' ')).toContain(word);
    const manage = await admin.get(`/api/reports/${report.id}/manage`);
    expect(managedReportReply.parse(manage.json()).report).toEqual(report);
  });

  it('publishes a YouTube link as the embed address the viewer plays', async () => {
    const report = await published({
      ...base(),
      title: 'Chip tariffs explained',
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    });
    expect(report).toMatchObject({
      fileType: 'youtube',
      youtubeUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(await listedIds(reader)).toContain(report.id);
    // a YouTube report has no file to replace
    const replaced = await send(admin, `/api/reports/${report.id}/replaceFile`, [
      { name: 'file', filename: 'x.pdf', data: await smallPdf() },
    ]);
    expect(replaced.statusCode).toBe(409);
  });

  it('edits the details: seen on the next request, same validation', async () => {
    const report = await published(
      { ...base(), title: 'Memory upcycle begins' },
      {
        filename: 'model.xlsx',
        data: await smallXlsx('DRAM contract prices'),
      },
    );
    expect(await suggested(reader, 'Memory upcycle')).toEqual([report.id]);
    const { publishAt: _, ...rest } = base();
    const edit = { ...rest, title: 'Memory downcycle ends', publishAt: null };
    const refused = await admin.post(`/api/reports/${report.id}/update`, {
      ...edit,
      analystIds: [ids.bruno],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.analystIds).toBe(e.analystOutsideSectors('Bruno Keller'));
    const moved = await admin.post(`/api/reports/${report.id}/update`, {
      ...edit,
      publishAt: new Date(t.clock().getTime() + DAY_MS).toISOString(),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.publishAt).toBe(e.scheduledOnlyTime);
    const response = await admin.post(`/api/reports/${report.id}/update`, {
      ...edit,
      freeAccess: true,
      hashtags: ['memory'],
      sectorIds: [ids.semis, ids.banks],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(managedReportReply.parse(response.json()).report).toMatchObject({
      title: 'Memory downcycle ends',
      freeAccess: true,
      sectorIds: [ids.semis, ids.banks],
      hashtags: ['memory'],
      state: 'published',
    });
    expect(await suggested(reader, 'Memory upcycle')).toEqual([]);
    expect(await suggested(reader, 'Memory downcycle')).toEqual([report.id]);
  });

  it('replaces the file: a new version, old file URLs and e-mailed links refused, the new file served', async () => {
    const report = await published(
      { ...base(), title: 'Capex guide raised' },
      {
        filename: 'capex.pdf',
        data: await smallPdf('Oldversiontext'),
      },
    );
    const [before] = await t.db.select().from(reports).where(eq(reports.id, report.id));
    const oldUrl = await fileUrlOf(reader, report.id);
    expect((await reader.get(oldUrl)).statusCode).toBe(200);
    const link = await emailedLink(report.id);
    expect((await link.open()).statusCode).toBe(200);

    const response = await send(admin, `/api/reports/${report.id}/replaceFile`, [
      { name: 'file', filename: 'capex-v2.pdf', data: await smallPdf('Newversiontext') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(managedReportReply.parse(response.json()).report).toMatchObject({
      fileVersion: 2,
      fileType: 'pdf',
    });
    const [after] = await t.db.select().from(reports).where(eq(reports.id, report.id));
    expect(after!.filePath).not.toBe(before!.filePath);
    expect(await t.storage.exists(before!.filePath)).toBe(false);

    const old = await reader.get(oldUrl);
    expect(old.statusCode).toBe(403);
    expect(old.json().error).toContain(viewerMessages.fileLinkExpired);
    const dead = await link.open();
    expect(dead.statusCode, dead.body).toBeGreaterThanOrEqual(400);
    const keys = await t.db.select().from(reportAccessKeys).where(eq(reportAccessKeys.reportId, report.id));
    expect(keys.every((key) => key.revokedAt !== null)).toBe(true);

    const fresh = await reader.get(await fileUrlOf(reader, report.id));
    expect(fresh.statusCode).toBe(200);
    expect((await extractPdfPages(fresh.rawPayload)).join(' ')).toContain('Newversiontext');
    expect(await listedIds(reader, 'type=all&q=Newversiontext')).toEqual([report.id]);
    expect(await listedIds(reader, 'type=all&q=Oldversiontext')).toEqual([]);

    // a crafted replacement is refused like a crafted upload, and changes nothing
    const bomb = await send(admin, `/api/reports/${report.id}/replaceFile`, [
      { name: 'file', filename: 'm.xlsx', data: zipBombXlsx(50) },
    ]);
    expect(bomb.statusCode).toBe(400);
    const noFile = await send(admin, `/api/reports/${report.id}/replaceFile`, [
      { name: 'metadata', value: '{}' },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect((await t.db.select().from(reports).where(eq(reports.id, report.id)))[0]!.fileVersion).toBe(2);
  });

  it('withdraws a report: refused everywhere a reader looks, e-mailed links dead', async () => {
    const report = await published(
      { ...base(), title: 'Withdrawn outlook', hashtags: ['withdrawntag'] },
      {
        filename: 'w.pdf',
        data: await smallPdf('Withdrawnwordxyz'),
      },
    );
    const save = await reader.post('/api/reports/save/', { id: report.id, status: 1 });
    expect(save.statusCode, save.body).toBe(200);
    const fileUrl = await fileUrlOf(reader, report.id);
    const link = await emailedLink(report.id);
    expect(await listedIds(reader, 'type=saved')).toContain(report.id);
    expect(JSON.stringify((await reader.get('/api/overall/home')).json())).toContain('Withdrawn outlook');

    const response = await admin.post(`/api/reports/${report.id}/withdraw`);
    expect(response.statusCode, response.body).toBe(200);
    const managed = managedReportReply.parse(response.json()).report;
    expect(managed).toMatchObject({ state: 'withdrawn', withdrawnAt: t.clock().toISOString() });

    expect(await listedIds(reader)).not.toContain(report.id);
    expect(await listedIds(reader, 'type=saved')).not.toContain(report.id);
    expect(await listedIds(reader, 'type=all&q=Withdrawnwordxyz')).toEqual([]);
    expect(await listedIds(reader, 'type=all&tags=withdrawntag')).toEqual([]);
    expect(await suggested(reader, 'Withdrawn outlook')).toEqual([]);
    expect(JSON.stringify((await reader.get('/api/overall/home')).json())).not.toContain('Withdrawn outlook');
    expect(JSON.stringify((await reader.get('/api/overall/research')).json())).not.toContain(
      'Withdrawn outlook',
    );
    expect((await reader.get(`/api/report/S-${report.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/report/S-${report.id}`)).statusCode).toBe(404);
    expect((await reader.get(fileUrl)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await link.open()).statusCode).toBeGreaterThanOrEqual(400);
    expect((await reader.post('/api/reports/save/', { id: report.id, status: 1 })).statusCode).toBe(404);
    // withdrawing again is harmless; editing a withdrawn report is refused
    expect((await admin.post(`/api/reports/${report.id}/withdraw`)).statusCode).toBe(200);
    const { publishAt: _, ...rest } = base();
    const edit = await admin.post(`/api/reports/${report.id}/update`, { ...rest, publishAt: null });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(e.withdrawn);
  });

  it('schedules a report: hidden until its time, then published once by the job', async () => {
    const at = new Date(t.clock().getTime() + 2 * 60 * 60 * 1000);
    const report = await published(
      { ...base(), title: 'Scheduled memory note', publishAt: at.toISOString() },
      {
        filename: 's.pdf',
        data: await smallPdf('Scheduledwordqq'),
      },
    );
    expect(report).toMatchObject({ state: 'scheduled', publishedAt: at.toISOString() });
    expect(await listedIds(reader)).not.toContain(report.id);
    expect(await listedIds(reader, 'type=all&q=Scheduledwordqq')).toEqual([]);
    expect(await suggested(reader, 'Scheduled memory')).toEqual([]);
    expect((await reader.get(`/api/report/S-${report.id}`)).statusCode).toBe(404);
    // an admin may look at it before its time
    expect((await admin.get(`/api/report/S-${report.id}`)).statusCode).toBe(200);

    expect(await t.app.services.publishing.publishDue()).toEqual([]);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await t.app.services.publishing.publishDue()).toEqual([report.id]);
    expect(await t.app.services.publishing.publishDue()).toEqual([]);
    expect(await listedIds(reader)).toContain(report.id);
    expect(await listedIds(reader, 'type=all&q=Scheduledwordqq')).toEqual([report.id]);
    const manage = await admin.get(`/api/reports/${report.id}/manage`);
    expect(manage.json().report.state).toBe('published');
  });

  it('moves a scheduled report to another time, or publishes it now', async () => {
    const later = new Date(t.clock().getTime() + DAY_MS);
    const report = await published(
      { ...base(), title: 'Moved note', publishAt: later.toISOString() },
      {
        filename: 'm.pdf',
        data: await smallPdf(),
      },
    );
    const { publishAt: _, ...rest } = base();
    const sooner = new Date(t.clock().getTime() + 60 * 60 * 1000).toISOString();
    const moved = await admin.post(`/api/reports/${report.id}/update`, {
      ...rest,
      title: 'Moved note',
      publishAt: sooner,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().report).toMatchObject({ state: 'scheduled', publishedAt: sooner });
    expect(await listedIds(reader)).not.toContain(report.id);
    const now = await admin.post(`/api/reports/${report.id}/update`, {
      ...rest,
      title: 'Moved note',
      publishAt: null,
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().report).toMatchObject({ state: 'published', publishedAt: t.clock().toISOString() });
    expect(await listedIds(reader)).toContain(report.id);
  });
});
