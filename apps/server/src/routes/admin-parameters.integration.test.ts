import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminParameters,
  adminParametersReply,
  messagesSettingsAdmin,
  reportViewerReply,
  watermarkParameterName,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameters } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { addReport } from '../modules/ingest/add-report.ts';
import { extractPdfPages } from '../modules/ingest/extract-text.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

const e = messagesSettingsAdmin.errors;

/** A watermark configuration as the settings screen sends it. */
const mark = (text: string, extra: Record<string, unknown> = {}) => ({
  sectors: '',
  pages: '',
  WatermarkText: text,
  WatermarkAngle: 0,
  WatermarkColor: [120, 120, 120],
  WatermarkFontSize: 12,
  WatermarkXAlignment: 'Center',
  WatermarkYAlignment: 'Bottom',
  WatermarkWidthMul: 1,
  WatermarkHeightMul: 0.1,
  ...extra,
});

// GET /admin/parameters and POST /admin/parameters/{name} (issue 24, "Watermark and parameters"): admin only, with
// the CSRF header; each value checked by its type, nothing written on a refusal; a reader gets the new value on the
// next request (caches on), the watermark in the stamped PDF included.
describe('admin parameters: GET /admin/parameters, POST /admin/parameters/{name}', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  let reader: TestClient;
  let reportId = 0;
  let sectorId = 0;
  const seen: Change[] = [];

  const write = (name: string, body: unknown, who = admin, csrf = true) =>
    who.request('POST', `/api/admin/parameters/${name}`, { body, csrf });
  const stored = async (name: string) =>
    (await t.db.select().from(parameters).where(eq(parameters.name, name)))[0]?.value ?? null;
  /** The reader's stamped copy's first page text, fetched as the viewer does. */
  const stampedFirstPage = async () => {
    const opened = await reader.get(`/api/report/S-${reportId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const file = await reader.get(`/api${reportViewerReply.parse(opened.json()).data.report.fileUrl}`);
    expect(file.statusCode).toBe(200);
    return (await extractPdfPages(file.rawPayload))[0] ?? '';
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-parameters-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir, CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    sectorId = await f.sector('Watermarked Semis');
    const analyst = await f.analyst('Wanda Mark', { sectorIds: [sectorId] });
    const readerId = await f.user('wanda.reader@example.org');
    await f.subscribe(readerId, [sectorId]);
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText('Sample chapter', { x: 60, y: 700, size: 14, font });
    reportId = await addReport(t.db, t.storage, {
      publishedAt: new Date('2029-12-01T08:00:00Z'),
      analystIds: [analyst],
      title: 'Watermark sample',
      fileType: 'pdf',
      file: { key: 'reports/test/watermark.pdf', bytes: await pdf.save() },
      sectorIds: [sectorId],
    });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    reader = await TestClient.signedIn(t.app, 'wanda.reader@example.org', fixturePassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('parameter', (change) => seen.push(change));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every editable parameter with its type and stored value, for admins only', async () => {
    expect((await anonymous.get('/api/admin/parameters')).statusCode).toBe(401);
    expect((await client.get('/api/admin/parameters')).statusCode).toBe(403);
    const reply = await admin.get('/api/admin/parameters');
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = adminParametersReply.parse(reply.json());
    expect(data.map((p) => p.name)).toEqual(adminParameters.map((p) => p.name));
    expect(new Set(data.map((p) => p.name)).size).toBe(data.length);
    expect(data.find((p) => p.name === 'bEnableConnectBookings')).toEqual({
      name: 'bEnableConnectBookings',
      type: 'flag',
      value: '1',
    });
    expect(data.find((p) => p.name === watermarkParameterName)?.type).toBe('json');
    expect(data.find((p) => p.name === 'sRWClientSubEmailSenderID')?.type).toBe('idList');
    expect(data.find((p) => p.name === 'sRshWebContactHTML')?.type).toBe('html');
  });

  it('writes only for admins with the CSRF header', async () => {
    const before = await stored('rw_CNTBkTalkToThe');
    const writes = await countWrites(t.db);
    const written = await writes();
    expect((await write('rw_CNTBkTalkToThe', { value: 'Taken over' }, anonymous)).statusCode).toBe(401);
    expect((await write('rw_CNTBkTalkToThe', { value: 'Taken over' }, client)).statusCode).toBe(403);
    expect((await write('rw_CNTBkTalkToThe', { value: 'Taken over' }, admin, false)).statusCode).toBe(403);
    expect(await writes()).toBe(written);
    expect(await stored('rw_CNTBkTalkToThe')).toBe(before);
  });

  it('saves a public text, and GET /getParameter answers it on the next request', async () => {
    // read once, so that the cache holds the old value
    expect((await anonymous.get('/api/getParameter/rw_CNTBkTalkToThe')).json().value).toBe(
      'Talk to the Analyst',
    );
    seen.length = 0;
    const reply = await write('rw_CNTBkTalkToThe', { value: '  Ask the analyst  ' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      data: { name: 'rw_CNTBkTalkToThe', value: 'Ask the analyst' },
    });
    expect(seen).toEqual([{ kind: 'parameter', ids: ['rw_CNTBkTalkToThe'] }]);
    expect((await anonymous.get('/api/getParameter/rw_CNTBkTalkToThe')).json()).toEqual({
      name: 'rw_CNTBkTalkToThe',
      value: 'Ask the analyst',
    });
  });

  it('normalises flags, id lists, domain lists and JSON', async () => {
    expect((await write('bEnableConnectBookings', { value: '0' })).json().data.value).toBe('0');
    expect((await anonymous.get('/api/getParameter/bEnableConnectBookings')).json().value).toBe('0');
    expect((await write('bEnableConnectBookings', { value: '1' })).statusCode).toBe(200);
    expect((await write('sRWClientSubEmailSenderID', { value: ' 007, 12 ,3' })).json().data.value).toBe(
      '7,12,3',
    );
    expect((await write('sRWClientSubEmailSenderID', { value: '' })).json().data.value).toBe('');
    expect((await write('scUsrMatrixFieldId', { value: '2120500001' })).statusCode).toBe(200);
    expect((await write('sCommonEmailDomain', { value: 'Gmail.com, yahoo.com' })).json().data.value).toBe(
      'gmail.com,yahoo.com',
    );
    const config = { eventsPerPage: 6, registrationReloadMs: [1500, 2500] };
    const saved = await write('sConnectConfigJSON', { value: JSON.stringify(config, null, 2) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      JSON.parse(await anonymous.get('/api/getParameter/sConnectConfigJSON').then((r) => r.json().value)),
    ).toEqual(config);
    const links = { Portal: 'https://research.example.com/r/@@ReportId@@' };
    expect((await write('sWebCustomLinks', { value: JSON.stringify(links) })).statusCode).toBe(200);
    expect(JSON.parse((await stored('sWebCustomLinks'))!)).toEqual(links);
    expect((await write('rw_CopyLinkTo', { value: 'https://research.example.com' })).statusCode).toBe(200);
  });

  it('refuses each type’s invalid values with the field message, and writes nothing', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['bEnableConnectBookings', 'yes', 'value', e.flag],
      ['rw_HideTranscriptPanel', '2', 'value', e.flag],
      ['sRWClientSubEmailSenderID', '12, abc', 'value', e.idList],
      ['sRWClientSubEmailPublicNoCCIDs', '1;2', 'value', e.idList],
      ['scUsrMatrixFieldId', '1,2', 'value', e.idListOne],
      ['scCntMatrixFieldId', '', 'value', e.idListOne],
      ['rw_CNTBkTalkToThe', 'Two\nlines', 'value', e.singleLine],
      ['rw_CNTBkTalkToThe', 'x'.repeat(2001), 'value', e.tooLong(2000)],
      ['sSubEmlTMPLTSubject', '', 'value', e.required],
      ['sSubEmlTMPLTSubject', 'Hello @@Password@@', 'value', '@@Password@@ is not a placeholder here'],
      ['rw_CopyLinkTo', 'javascript:alert(1)', 'value', e.httpAddress],
      ['sCommonEmailDomain', 'gmail', 'value', e.domainList],
      ['sConnectConfigJSON', '{ not json', 'value', e.notJson],
      ['sConnectConfigJSON', '{"eventsPerPage": 0}', 'value.eventsPerPage', e.number],
      ['sConnectConfigJSON', '{"eventsPerPage": 8, "typo": 1}', 'value', e.unknownField],
      ['sRWClientSubConfigJSON', '{"categories": "all", "colors": []}', 'value.categories', e.list],
      ['sWebCustomLinks', '["https://example.com"]', 'value', e.jsonObject],
      ['sWebCustomLinks', '{"Evil": "javascript:alert(1)"}', 'value.Evil', e.httpAddress],
      ['sWebCustomLinks', '{"": "https://example.com"}', 'value', e.linkName(60)],
      ['sWebEmlTMPLTPublicNo', '<script>alert(1)</script>', 'value', e.htmlEmpty],
      ['sWebEmlTMPLTPublicNo', '<p>Dear @@Nobody@@</p>', 'value', '@@Nobody@@ is not a placeholder here'],
      [watermarkParameterName, '{"WatermarkText": "x"}', 'value', e.configsArray],
      [watermarkParameterName, JSON.stringify([mark('')]), 'value.0.WatermarkText', e.textRequired],
      [watermarkParameterName, JSON.stringify([mark('@@Secret@@')]), 'value.0.WatermarkText', '@@Secret@@'],
      [watermarkParameterName, JSON.stringify([mark('x', { pages: '3-1' })]), 'value.0.pages', e.pages],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkAngle: 'steep' })]),
        'value.0.WatermarkAngle',
        e.angle,
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkColor: [1, 2] })]),
        'value.0.WatermarkColor',
        e.color,
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x'), mark('x', { WatermarkFontSize: 900 })]),
        'value.1.WatermarkFontSize',
        e.fontSize(4, 200),
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkXAlignment: 'Up' })]),
        'value.0.WatermarkXAlignment',
        e.xAlign,
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkYAlignment: 'Up' })]),
        'value.0.WatermarkYAlignment',
        e.yAlign,
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkWidthMul: 0 })]),
        'value.0.WatermarkWidthMul',
        e.mul(0.01, 1),
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { WatermarkHeightMul: 2 })]),
        'value.0.WatermarkHeightMul',
        e.mul(0.01, 1),
      ],
      [
        watermarkParameterName,
        JSON.stringify([mark('x', { sectors: 'No such sector' })]),
        'value.0.sectors',
        e.unknownSector('No such sector'),
      ],
    ];
    const before = await t.db.select().from(parameters);
    const writes = await countWrites(t.db);
    const written = await writes();
    seen.length = 0;
    for (const [name, value, field, message] of cases) {
      const reply = await write(name, { value });
      const label = `${name}: ${value.slice(0, 60)}`;
      expect(reply.statusCode, label).toBe(400);
      const body = reply.json() as { success: boolean; message: string; errors: Record<string, string> };
      expect(body.success, label).toBe(false);
      expect(body.errors[field], `${label} ${reply.body}`).toContain(message);
      expect(body.message, label).toBeTruthy();
    }
    expect(await writes()).toBe(written);
    expect(seen).toEqual([]);
    expect(await t.db.select().from(parameters)).toEqual(before);
  });

  it('stores HTML sanitised, never with script', async () => {
    const html =
      '<p onclick="steal()">Dear @@FirstName@@,</p><script>steal()</script><p><a href="javascript:steal()">x</a>' +
      ' <a href="@@PreferencesUrl@@">preferences</a></p><iframe src="https://evil.example"></iframe>';
    const reply = await write('sWebEmlTMPLTPublicNo', { value: html });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = (await stored('sWebEmlTMPLTPublicNo'))!;
    expect(reply.json().data.value).toBe(saved);
    for (const bad of ['onclick', '<script', 'steal', 'javascript:', '<iframe'])
      expect(saved).not.toContain(bad);
    expect(saved).toContain('<p>Dear @@FirstName@@,</p>');
    expect(saved).toContain('href="@@PreferencesUrl@@"');
    // a public page's HTML: the page reads it on the next request
    const contact = await write('sRshWebContactHTML', { value: '<h2>Call us</h2><script>x()</script>' });
    expect(contact.statusCode, contact.body).toBe(200);
    expect((await anonymous.get('/api/getCustomPageParam/sRshWebContactHTML')).json().value).toBe(
      '<h2>Call us</h2>',
    );
  });

  it('answers unknown names 404 and malformed bodies 4xx, never 5xx, writing nothing', async () => {
    const writes = await countWrites(t.db);
    const written = await writes();
    const unknown = await write('sNoSuchParameter', { value: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(e.unknownParameter);
    // public but not editable here
    expect((await write('rw_WebcastUrl', { value: 'https://example.com' })).statusCode).toBe(404);
    for (const body of [
      {},
      { value: 5 },
      { value: null },
      { value: ['1'] },
      { value: { a: 1 } },
      { value: '1', other: 'x' },
      { value: 'a\u0000b' },
      { value: 'x'.repeat(100_001) },
      '1',
      [],
      'null',
    ]) {
      const reply = await write('bEnableConnectBookings', body);
      const label = JSON.stringify(body).slice(0, 60);
      expect(reply.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, label).toBeLessThan(500);
    }
    for (const name of ['%00', 'a'.repeat(101), 'bad name', '..%2f..%2fetc']) {
      const reply = await write(name, { value: '1' });
      expect(reply.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, name).toBeLessThan(500);
    }
    // JSON that parses but holds control characters inside
    const nul = await write(watermarkParameterName, { value: JSON.stringify([mark('a\u0000b')]) });
    expect(nul.statusCode).toBe(400);
    expect(await writes()).toBe(written);
  });

  it('stamps the reader’s next copy with a changed watermark', async () => {
    const first = await write(watermarkParameterName, {
      value: JSON.stringify([mark('First mark for @@ClientName@@')]),
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await stampedFirstPage();
    expect(before).toContain('Sample chapter');
    expect(before).toContain('First mark for Fixture wanda.reader');

    const second = await write(watermarkParameterName, {
      value: JSON.stringify([
        mark('Licensed to @@ClientName@@ on @@Date@@', {
          sectors: `${sectorId}`,
          pages: '1',
          WatermarkAngle: 45,
          WatermarkYAlignment: 'Middle',
          WatermarkHeightMul: 1,
        }),
        mark('Elsewhere only', { sectors: 'No such sector, nor this' }),
      ]),
    });
    // the second configuration names sectors that do not exist: refused, the first mark stays
    expect(second.statusCode).toBe(400);
    expect(second.json().errors['value.1.sectors']).toBe(e.unknownSector('No such sector'));
    expect(await stampedFirstPage()).toContain('First mark for');

    const third = await write(watermarkParameterName, {
      value: JSON.stringify([
        mark('Licensed to @@ClientName@@', {
          sectors: 'watermarked semis',
          pages: '1',
          WatermarkYAlignment: 'Top',
        }),
      ]),
    });
    expect(third.statusCode, third.body).toBe(200);
    const after = await stampedFirstPage();
    expect(after).toContain('Licensed to Fixture wanda.reader');
    expect(after).not.toContain('First mark for');
  });
});
