import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  accessKeyLimits,
  mailMessages,
  messages,
  messagesVerification,
  resolveFileUrl,
  viewerErrorCodes,
  viewerMessages,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, reportAccessKeys, reports, throttles, users } from '../db/schema/index.ts';
import { deviceCookieName } from '../modules/device-verification/device-cookie.ts';
import { hashToken } from '../modules/tokens/token-crypto.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../test/test-app.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const invalidKeyError = `<p>${viewerMessages.accessKeyInvalid}</p>`;

describe('e-mailed report links: access keys and device verification', () => {
  let t: TestApp;
  let dataDir: string;
  let reportId: number;
  let otherReportId: number;
  let admin: TestClient;
  const title = 'Asia Chips Outlook: foundry capacity';

  const browser = () => new TestClient(t.app).start();
  const mailsTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to.toLowerCase())).orderBy(emailOutbox.id);
  const outboxCount = async () => (await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;

  /** The rfs link (path and query) of the newest report-link mail to `to`. */
  const lastReportLink = async (to: string) => {
    const mail = (await mailsTo(to)).filter((m) => m.subject === mailMessages.reportLinkSubject).at(-1);
    const match = mail?.text.match(/http:\/\/portal\.test(\/rfs\.htm\?\S+)/);
    if (!match?.[1]) throw new Error(`no rfs link in the last mail to ${to}`);
    const url = new URL(match[1], 'http://portal.test');
    return { path: match[1], key: url.searchParams.get('a')!, url };
  };
  const lastDeviceToken = async (to: string) => {
    const mail = (await mailsTo(to)).filter((m) => m.subject === mailMessages.deviceVerifySubject).at(-1);
    const match = mail?.text.match(/http:\/\/portal\.test\/verifyCookieEmail\?token=([\w%-]+)/);
    if (!match?.[1]) throw new Error(`no device link in the last mail to ${to}`);
    return decodeURIComponent(match[1]);
  };

  const issue = async (email: string, body: Record<string, unknown> = {}, id = reportId) => {
    const response = await admin.post(`/api/reports/S-${id}/emailLink`, { email, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return {
      summary: response.json().data as { id: number; userId: number | null },
      ...(await lastReportLink(email)),
    };
  };
  const openWithKey = (client: TestClient, key: string) =>
    client.get(`/api/report?accessKey=${encodeURIComponent(key)}`);

  /** A fresh device that verifies itself for the link's recipient through the mailed link. */
  const verifiedDevice = async (email: string, link: string) => {
    const device = await browser();
    const asked = await device.post('/api/getCookie', { email, link });
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await lastDeviceToken(email);
    const confirmed = await device.post('/api/verifyCookieEmail', { token });
    expect(confirmed.json().success, confirmed.body).toBe(true);
    return device;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-links-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const f = await catalogueFixtures(t.db);
    const sector = await f.sector('Semiconductors');
    reportId = await f.report({ title, publishedAt: '2030-01-10T00:00:00Z', sectorId: sector });
    otherReportId = await f.report({ title: 'Another report', publishedAt: '2030-01-11T00:00:00Z' });
    // A real PDF behind the report, so that its signed file URL can be fetched.
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    page.drawText('Foundry capacity outlook', {
      x: 40,
      y: 200,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const [row] = await t.db
      .select({ filePath: reports.filePath })
      .from(reports)
      .where(eq(reports.id, reportId));
    await t.storage.put(row!.filePath, await doc.save(), 'application/pdf');
    admin = await browser();
    await admin.login('admin@demo.test', demoPassword);
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Every test starts with open throttles (all requests come from one address).
    await t.db.delete(throttles);
  });

  it('issues a per-recipient key: stored as sha256 only, mailed as an rfs link', async () => {
    const { summary, key, url } = await issue('Client@Demo.Test');
    const [client] = await t.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    expect(summary).toMatchObject({ reportId, email: 'client@demo.test', userId: client!.id });
    expect(new Date((summary as unknown as { expiresAt: string }).expiresAt).getTime()).toBe(
      t.clock().getTime() + accessKeyLimits.defaultDays * DAY_MS,
    );
    expect(url.pathname).toBe('/rfs.htm');
    expect(url.searchParams.get('rfsUrl')).toBe(`/reports/${reportId}_asia-chips-outlook-foundry-capacity`);
    expect(url.searchParams.get('rcptId')).toBe(String(summary.id));
    expect(url.searchParams.get('docId')).toBe(String(reportId));
    expect(key).toMatch(/^[\w-]{43}$/);
    const [stored] = await t.db.select().from(reportAccessKeys).where(eq(reportAccessKeys.id, summary.id));
    expect(stored!.keyHash).toBe(hashToken(key));
    const everything = await databaseDigest(t.db);
    expect(everything).not.toContain(key);
    const rows = await t.db.execute(sql`select * from report_access_keys`);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('lets only admins issue and revoke; bad input changes nothing', async () => {
    const client = await browser();
    await client.login('client@demo.test', demoPassword);
    const before = await databaseDigest(t.db);
    const refused = await client.post(`/api/reports/S-${reportId}/emailLink`, { email: 'x@example.org' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.auth.forbidden);
    const anonymous = await (await browser()).post(`/api/reports/S-${reportId}/emailLink`, {
      email: 'x@example.org',
    });
    expect(anonymous.statusCode).toBe(401);
    for (const [url, body] of [
      [`/api/reports/S-${reportId}/emailLink`, { email: 'not-an-address' }],
      [`/api/reports/S-${reportId}/emailLink`, { email: 'x@example.org', expiresInDays: 0 }],
      [`/api/reports/S-${reportId}/emailLink`, { email: 'x@example.org', expiresInDays: 366 }],
      [`/api/reports/${reportId}/emailLink`, { email: 'x@example.org' }],
      ['/api/reportAccessKeys/0/revoke', undefined],
      ['/api/reportAccessKeys/abc/revoke', undefined],
    ] as const) {
      const response = await admin.post(url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const missing = await admin.post('/api/reports/S-999999/emailLink', { email: 'x@example.org' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(viewerMessages.reportMissing);
    expect((await admin.post('/api/reportAccessKeys/999999/revoke')).statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toBe(before);

    const { summary } = await issue('outsider@example.org');
    expect(summary.userId).toBeNull();
    const clientRevoke = await client.post(`/api/reportAccessKeys/${summary.id}/revoke`);
    expect(clientRevoke.statusCode).toBe(403);
  });

  it('asks a new device for verification, and refuses unknown keys with the invalid-link text', async () => {
    const { key } = await issue('client@demo.test');
    const device = await browser();
    const first = await openWithKey(device, key);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ success: false, error: viewerErrorCodes.createNewCookie });

    for (const junk of ['x', 'A'.repeat(43), `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`]) {
      const unknown = await openWithKey(device, junk);
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual({ success: false, error: invalidKeyError });
    }
    expect((await device.get('/api/report?accessKey=')).statusCode).toBe(400);
  });

  it('mails a device link only to the recipient, with the same answer for any address', async () => {
    const { key, path: link } = await issue('client@demo.test');
    const device = await browser();
    const before = await outboxCount();
    for (const email of ['npi@demo.test', 'someone@example.org']) {
      const response = await device.post('/api/getCookie', { email, link });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: viewerMessages.deviceCheckSent });
    }
    // A link whose key is unknown, and no link at all, get the same answer and no mail either.
    for (const other of ['/rfs.htm?a=unknown-key', 'not a link']) {
      const response = await device.post('/api/getCookie', { email: 'client@demo.test', link: other });
      expect(response.json()).toEqual({ success: true, message: viewerMessages.deviceCheckSent });
    }
    expect(await outboxCount()).toBe(before);

    const matched = await device.post('/api/getCookie', {
      email: 'CLIENT@demo.test',
      link: `http://portal.test${link}`,
    });
    expect(matched.json()).toEqual({ success: true, message: viewerMessages.deviceCheckSent });
    expect(await outboxCount()).toBe(before + 1);
    const [mail] = (await mailsTo('client@demo.test')).slice(-1);
    expect(mail!.subject).toBe(mailMessages.deviceVerifySubject);
    expect(mail!.text).toContain(title);
    expect(mail!.text).not.toContain(key);
  });

  it('verifies the device by POST only: single use, signed HttpOnly cookie, then the report opens', async () => {
    const { key, path: link } = await issue('client@demo.test');
    const device = await browser();
    await device.post('/api/getCookie', { email: 'client@demo.test', link });
    const token = await lastDeviceToken('client@demo.test');

    // GET checks without consuming (mail scanners prefetch links).
    for (let i = 0; i < 2; i++) {
      expect((await device.get(`/api/verifyCookieEmail?token=${token}`)).json()).toEqual({ success: true });
    }
    expect(device.cookies.has(deviceCookieName)).toBe(false);

    const confirmed = await device.post('/api/verifyCookieEmail', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      redirectUrl: `${link}&confirmDevice=1`,
      message: messages.notices.deviceVerified,
    });
    const cookie = (confirmed.cookies as Array<Record<string, unknown>>).find(
      (c) => c.name === deviceCookieName,
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.maxAge).toBe(accessKeyLimits.deviceCookieDays * 24 * 60 * 60);
    expect(String(cookie!.value)).toMatch(/^[\w-]{24}\.[\w-]{43}$/);

    // Used once: both calls now name the way back with linkExpired.
    const again = await device.post('/api/verifyCookieEmail', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: false,
      redirectUrl: `${link}&linkExpired=1`,
      message: messages.notices.linkExpired,
    });
    expect((await device.get(`/api/verifyCookieEmail?token=${token}`)).json()).toEqual({
      success: false,
      redirectUrl: `${link}&linkExpired=1`,
    });

    const opened = await openWithKey(device, key);
    expect(opened.statusCode, opened.body).toBe(200);
    const data = opened.json().data;
    expect(data.report.id).toBe(reportId);
    // The watermark names the recipient, not whoever sent the link.
    expect(JSON.stringify(data.watermarks)).toContain('Jordan Miller');
    expect(JSON.stringify(data.watermarks)).not.toContain('Avery Chan');

    // The signed file URL works on this device and nowhere else.
    const fileUrl = resolveFileUrl('/api', data.report.fileUrl);
    const file = await device.get(fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect((await (await browser()).get(fileUrl)).statusCode).toBe(403);
  });

  it('answers unknown and expired device tokens', async () => {
    const device = await browser();
    const unknown = await device.post('/api/verifyCookieEmail', { token: 'B'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, message: messagesVerification.tokenInvalid });
    expect((await device.get(`/api/verifyCookieEmail?token=${'B'.repeat(43)}`)).json()).toEqual({
      success: false,
    });

    const { path: link, key } = await issue('client@demo.test');
    await device.post('/api/getCookie', { email: 'client@demo.test', link });
    const token = await lastDeviceToken('client@demo.test');
    t.clock.advance(accessKeyLimits.deviceTokenSeconds * 1000 + 1000);
    const expired = await device.post('/api/verifyCookieEmail', { token });
    expect(expired.json()).toEqual({
      success: false,
      redirectUrl: `${link}&linkExpired=1`,
      message: messages.notices.linkExpired,
    });
    expect(device.cookies.has(deviceCookieName)).toBe(false);
    expect((await openWithKey(device, key)).json().error).toBe(viewerErrorCodes.createNewCookie);
  });

  it('refuses forged device cookies and devices verified for another recipient', async () => {
    const { key, path: link } = await issue('client@demo.test');
    const genuine = await verifiedDevice('client@demo.test', link);
    const value = genuine.cookies.get(deviceCookieName)!;
    expect((await openWithKey(genuine, key)).statusCode).toBe(200);

    const [deviceId, signature] = value.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [
      `${deviceId}.${flipped}`,
      `${'x'.repeat(24)}.${signature}`,
      deviceId!,
      `${value}.extra`,
      'garbage',
    ]) {
      const forger = await browser();
      forger.cookies.set(deviceCookieName, forged);
      const response = await openWithKey(forger, key);
      expect(response.json(), forged).toEqual({ success: false, error: viewerErrorCodes.createNewCookie });
    }

    // A device verified for npi@demo.test's link is not verified for client@demo.test's.
    const npiLink = await issue('npi@demo.test');
    const npiDevice = await verifiedDevice('npi@demo.test', npiLink.path);
    expect((await openWithKey(npiDevice, npiLink.key)).statusCode).toBe(200);
    expect((await openWithKey(npiDevice, key)).json().error).toBe(viewerErrorCodes.createNewCookie);

    // One browser may be verified for both: the second verification keeps its device id.
    const both = await verifiedDevice('npi@demo.test', npiLink.path);
    const bothId = both.cookies.get(deviceCookieName)!.split('.')[0];
    await both.post('/api/getCookie', { email: 'client@demo.test', link });
    const token = await lastDeviceToken('client@demo.test');
    await both.post('/api/verifyCookieEmail', { token });
    expect(both.cookies.get(deviceCookieName)!.split('.')[0]).toBe(bothId);
    expect((await openWithKey(both, key)).statusCode).toBe(200);
    expect((await openWithKey(both, npiLink.key)).statusCode).toBe(200);
  });

  it('a reader signed in with the recipient account needs no device cookie; another account does', async () => {
    const { key } = await issue('client@demo.test', {}, otherReportId);
    const recipient = await browser();
    await recipient.login('client@demo.test', demoPassword);
    const opened = await openWithKey(recipient, key);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.report.id).toBe(otherReportId);

    const someoneElse = await browser();
    await someoneElse.login('npi@demo.test', demoPassword);
    expect((await openWithKey(someoneElse, key)).json().error).toBe(viewerErrorCodes.createNewCookie);
  });

  it('refuses expired and revoked keys, and their file URLs stop working', async () => {
    const short = await issue('client@demo.test', { expiresInDays: 1 });
    const device = await verifiedDevice('client@demo.test', short.path);
    expect((await openWithKey(device, short.key)).statusCode).toBe(200);
    t.clock.advance(DAY_MS + 1000);
    const expired = await openWithKey(device, short.key);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ success: false, error: invalidKeyError });

    const revoked = await issue('client@demo.test');
    const opened = await openWithKey(device, revoked.key);
    expect(opened.statusCode).toBe(200);
    const fileUrl = resolveFileUrl('/api', opened.json().data.report.fileUrl);
    expect((await device.get(fileUrl)).statusCode).toBe(200);

    const done = await admin.post(`/api/reportAccessKeys/${revoked.summary.id}/revoke`);
    expect(done.json()).toEqual({ success: true, message: viewerMessages.accessKeyRevoked });
    const [row] = await t.db
      .select()
      .from(reportAccessKeys)
      .where(eq(reportAccessKeys.id, revoked.summary.id));
    const firstRevocation = row!.revokedAt;
    expect(firstRevocation).not.toBeNull();
    expect((await admin.post(`/api/reportAccessKeys/${revoked.summary.id}/revoke`)).statusCode).toBe(200);
    const [again] = await t.db
      .select()
      .from(reportAccessKeys)
      .where(eq(reportAccessKeys.id, revoked.summary.id));
    expect(again!.revokedAt).toEqual(firstRevocation);

    expect((await openWithKey(device, revoked.key)).json()).toEqual({
      success: false,
      error: invalidKeyError,
    });
    expect((await device.get(fileUrl)).statusCode).toBe(403);
    // A revoked key's link mails nothing either.
    const before = await outboxCount();
    await device.post('/api/getCookie', { email: 'client@demo.test', link: revoked.path });
    expect(await outboxCount()).toBe(before);
  });

  it('answers /getCookie the same for any address: tries counted per link and IP first, the mail off the path', async () => {
    const { path: link } = await issue('client@demo.test');
    const device = await browser();
    const tries = 5; // throttles.deviceCheckPerLink.max
    const ask = (email: string, remoteAddress = '127.0.0.1') =>
      device.request('POST', '/api/getCookie', { body: { email, link }, remoteAddress });
    // The recipient's address and a stranger's get the same answers, and the limit at the same try.
    for (const [email, ip] of [
      ['client@demo.test', '10.0.0.1'],
      ['someone@else.example', '10.0.0.2'],
    ] as const) {
      for (let i = 0; i < tries; i++) {
        const response = await ask(email, ip);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, message: viewerMessages.deviceCheckSent });
      }
      const blocked = await ask(email, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(messages.auth.tooManyAttempts);
    }
    // A holder of the link who used up their tries from one address does not block the recipient elsewhere.
    expect((await ask('client@demo.test', '10.0.0.3')).statusCode).toBe(200);

    // The answer goes out before the address is compared: nothing is queued until the deferred work runs.
    await t.db.delete(throttles);
    await t.app.services.deferred.drain();
    const before = await outboxCount();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/getCookie',
      payload: { email: 'client@demo.test', link },
      headers: {
        cookie: [...device.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-csrf-token': device.csrfToken ?? '',
      },
      remoteAddress: '10.0.0.4',
    });
    expect(answer.statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
    await t.app.services.deferred.drain();
    expect(await outboxCount()).toBe(before + 1);
  });

  it('limits device-check mails per recipient and IP, and per recipient overall, without a different answer', async () => {
    await t.db.delete(throttles);
    const { path: link } = await issue('client@demo.test');
    const device = await browser();
    const before = await outboxCount();
    // 3 mails per recipient and IP; the 4th try from that IP is answered the same but sends nothing.
    for (let i = 0; i < 4; i++) {
      const response = await device.request('POST', '/api/getCookie', {
        body: { email: 'client@demo.test', link },
        remoteAddress: '10.1.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await outboxCount()).toBe(before + 3);
    // 10 per recipient overall, from any number of addresses.
    for (let i = 2; i < 6; i++) {
      for (let j = 0; j < 3; j++) {
        await device.request('POST', '/api/getCookie', {
          body: { email: 'client@demo.test', link },
          remoteAddress: `10.1.0.${i}`,
        });
      }
    }
    expect(await outboxCount()).toBe(before + 10);
  });

  it('limits device-check tries per IP across links and addresses', async () => {
    await t.db.delete(throttles);
    const device = await browser();
    for (let i = 0; i < 20; i++) {
      const { path: link } = await issue(`reader${i}@example.org`);
      const response = await device.post('/api/getCookie', { email: `reader${i}@example.org`, link });
      expect(response.statusCode).toBe(200);
    }
    const { path: link } = await issue('fresh@example.org');
    expect((await device.post('/api/getCookie', { email: 'fresh@example.org', link })).statusCode).toBe(429);
  });
});
