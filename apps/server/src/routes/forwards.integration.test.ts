import {
  adminUsersConstants,
  forwardQuotaUsedText,
  messagesAdminUsers,
  viewerMessages,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  forwardCounts,
  parameters,
  reportAccessKeys,
  reportForwards,
  throttles,
  users,
} from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { type CatalogueFixtures, catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, parametersChanged, type TestApp } from '../test/test-app.ts';

const texts = messagesAdminUsers.forward;
const limit = adminUsersConstants.forwardsPerMonth;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forward to a colleague (issue 13, the Terms): the sender's own entitlement, their firm's domains, 5 a month
 * counted atomically (10 parallel forwards racing for the last one: exactly one wins), and a working access key.
 */
describe('forward a report to a colleague', () => {
  let t: TestApp;
  let readable: number;
  let unreadable: number;
  let client: TestClient;
  let clientId: number;
  let f: CatalogueFixtures;
  let ports: number;
  const title = 'Harbour cranes: a quiet quarter';

  const browser = () => new TestClient(t.app).start();
  const forward = (who: TestClient, body: unknown, id = readable) =>
    who.post(`/api/report/S-${id}/forward`, body);
  const left = async (who: TestClient) => {
    const response = await who.get(`/api/report/S-${readable}/forward`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { remaining: number; limit: number };
  };
  const mailsTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.id);
  const setUsed = async (used: number) => {
    await t.db.delete(forwardCounts).where(eq(forwardCounts.userId, clientId));
    const month = t.clock().toISOString().slice(0, 7);
    if (used > 0) await t.db.insert(forwardCounts).values({ userId: clientId, month, used });
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await catalogueFixtures(t.db);
    ports = await f.sector('Ports');
    const banks = await f.sector('Banks');
    readable = await f.report({ title, publishedAt: '2030-01-10T00:00:00Z', sectorId: ports });
    unreadable = await f.report({
      title: 'Bank margins',
      publishedAt: '2030-01-11T00:00:00Z',
      sectorId: banks,
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    clientId = row!.id;
    await f.subscribe(clientId, [ports]);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(throttles);
    await setUsed(0);
  });

  it('sends no publication type header when sWebEmlHdPubType would inject a header', async () => {
    const [saved] = await t.db.select().from(parameters).where(eq(parameters.name, 'sWebEmlHdPubType'));
    const set = async (value: string) => {
      await t.db.update(parameters).set({ value }).where(eq(parameters.name, 'sWebEmlHdPubType'));
      parametersChanged(t, 'sWebEmlHdPubType');
    };
    try {
      await set('Research Update\r\nBcc: someone@else.example');
      expect((await forward(client, { email: 'npi@demo.test' })).statusCode).toBe(200);
      const [mail] = (await mailsTo('npi@demo.test')).slice(-1);
      expect(mail!.headers).not.toHaveProperty('X-Publication-Type');
      expect(JSON.stringify(mail!.headers)).not.toContain('someone@else');
    } finally {
      await set(saved!.value);
    }
  });

  it('sends a personal access-key link that the colleague opens, and counts it', async () => {
    expect(await left(client)).toEqual({ remaining: limit, limit });
    const note = 'Worth a read before <b>Monday</b> & the call.';
    const response = await forward(client, { email: 'NPI@demo.test', note });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: texts.sent,
      data: { remaining: limit - 1, limit },
    });
    expect(await left(client)).toEqual({ remaining: limit - 1, limit });

    const [mail] = (await mailsTo('npi@demo.test')).slice(-1);
    expect(mail!.subject).toBe(texts.mailSubject);
    expect(mail!.text).toContain('Jordan Miller');
    expect(mail!.text).toContain(title);
    // The note is the sender's words: kept as typed in the text part, escaped in the HTML part.
    expect(mail!.text).toContain(note);
    expect(mail!.html).toContain('Worth a read before &lt;b&gt;Monday&lt;/b&gt; &amp; the call.');
    expect(mail!.html).not.toContain('<b>Monday');
    // sWebEmlHdPubType: research e-mails say what they are in a header of their own (publication-type.ts).
    expect(mail!.headers).toMatchObject({ 'X-Publication-Type': 'Research Update' });

    const [logged] = await t.db
      .select()
      .from(reportForwards)
      .where(eq(reportForwards.senderUserId, clientId));
    expect(logged).toMatchObject({ reportId: readable, recipientEmail: 'npi@demo.test' });
    const [key] = await t.db
      .select()
      .from(reportAccessKeys)
      .where(eq(reportAccessKeys.id, logged!.accessKeyId!));
    expect(key).toMatchObject({ reportId: readable, recipientEmail: 'npi@demo.test', createdBy: clientId });

    // The colleague opens the link's key as the e-mailed-link tests do (signed in as the recipient).
    const match = mail!.text.match(/http:\/\/portal\.test(\/rfs\.htm\?\S+)/);
    const accessKey = new URL(match![1]!, 'http://portal.test').searchParams.get('a')!;
    const recipient = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    const opened = await recipient.get(`/api/report?accessKey=${encodeURIComponent(accessKey)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.report.id).toBe(readable);
  });

  it('allows 5 a month, then 429 without a mail; a new month starts again', async () => {
    for (let i = 1; i <= limit; i++) {
      const response = await forward(client, { email: `colleague${i}@demo.test` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.remaining).toBe(limit - i);
    }
    const before = await databaseDigest(t.db);
    const sixth = await forward(client, { email: 'colleague6@demo.test' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ success: false, message: forwardQuotaUsedText });
    expect(await mailsTo('colleague6@demo.test')).toEqual([]);
    expect(await databaseDigest(t.db)).toBe(before);
    expect(await left(client)).toEqual({ remaining: 0, limit });

    // 2030-01-15 plus 17 days is February (UTC): a fresh month.
    t.clock.advance(17 * DAY_MS);
    // Sessions idle for a week end: sign in again at the new time.
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    expect(await left(client)).toEqual({ remaining: limit, limit });
    const february = await forward(client, { email: 'colleague6@demo.test' });
    expect(february.statusCode, february.body).toBe(200);
    expect(february.json().data.remaining).toBe(limit - 1);
  });

  it('refuses a foreign domain, a report the sender may not read, their own address, an unknown report', async () => {
    const cases: Array<[TestClient, unknown, number, number, string]> = [
      [client, { email: 'someone@example.org' }, readable, 403, texts.foreignDomain],
      // another firm's domain (Straits Meridian Investors), and a look-alike of the sender's
      [client, { email: 'pm@straits-meridian.example' }, readable, 403, texts.foreignDomain],
      [client, { email: 'pm@demo.test.example.org' }, readable, 403, texts.foreignDomain],
      [client, { email: 'npi@demo.test' }, unreadable, 403, texts.notEntitled],
      [client, { email: 'Client@Demo.Test' }, readable, 400, texts.toSelf],
      [client, { email: 'npi@demo.test' }, 999_999, 404, viewerMessages.reportMissing],
    ];
    for (const [who, body, id, status, message] of cases) {
      const before = await databaseDigest(t.db);
      const response = await forward(who, body, id);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
      // Refused: nothing written, and the forward counted first is given back.
      expect(await databaseDigest(t.db)).toBe(before);
    }
    expect(await left(client)).toEqual({ remaining: limit, limit });
  });

  it('refuses a reader whose person has no firm, even for a report they may read', async () => {
    // A sign-up from a domain no firm owns: the person trigger links no firm.
    const loneId = await f.user('lone@nofirm.example');
    await f.subscribe(loneId, [ports]);
    const reader = await TestClient.signedIn(t.app, 'lone@nofirm.example', fixturePassword);
    expect((await reader.get(`/api/report/S-${readable}`)).statusCode).toBe(200);
    const before = await databaseDigest(t.db);
    const response = await forward(reader, { email: 'colleague@nofirm.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: texts.noFirm });
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('answers malformed input with 4xx and changes nothing; signed-out callers and no CSRF are refused', async () => {
    const before = await databaseDigest(t.db);
    for (const [id, body] of [
      [`S-${readable}`, {}],
      [`S-${readable}`, { email: 'not-an-address' }],
      [`S-${readable}`, { email: 42 }],
      [`S-${readable}`, { email: 'npi@demo.test', note: 'x'.repeat(501) }],
      [`S-${readable}`, { email: 'npi@demo.test', note: 'bell \u0007' }],
      [`S-${readable}`, { email: 'npi@demo.test', note: 5 }],
      [`${readable}`, { email: 'npi@demo.test' }],
      ['S-0', { email: 'npi@demo.test' }],
      ['S-99999999999', { email: 'npi@demo.test' }],
    ] as const) {
      const response = await client.post(`/api/report/${id}/forward`, body);
      expect(response.statusCode, `${id} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const raw = await client.request('POST', `/api/report/S-${readable}/forward`, {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect((await client.get('/api/report/S-abc/forward')).statusCode).toBe(400);
    const noCsrf = await client.post(
      `/api/report/S-${readable}/forward`,
      { email: 'npi@demo.test' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await browser();
    expect(
      (await anonymous.post(`/api/report/S-${readable}/forward`, { email: 'npi@demo.test' })).statusCode,
    ).toBe(401);
    expect((await anonymous.get(`/api/report/S-${readable}/forward`)).statusCode).toBe(401);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('10 concurrent forwards racing for the last one: exactly one wins', async () => {
    await setUsed(limit - 1);
    // One signed-in reader firing 10 forwards at once (as many tabs would).
    const racers = Array.from({ length: 10 }, (_, i) => i);
    const keysBefore = (await t.db.select({ id: reportAccessKeys.id }).from(reportAccessKeys)).length;
    const replies = await Promise.all(racers.map((i) => forward(client, { email: `racer${i}@demo.test` })));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(429)]);
    const [count] = await t.db
      .select()
      .from(forwardCounts)
      .where(and(eq(forwardCounts.userId, clientId)));
    expect(count!.used).toBe(limit);
    const keysAfter = (await t.db.select({ id: reportAccessKeys.id }).from(reportAccessKeys)).length;
    expect(keysAfter - keysBefore).toBe(1);
    const sent = (await t.db.select().from(emailOutbox)).filter((m) => m.to.startsWith('racer'));
    expect(sent).toHaveLength(1);
  });
});
