import { matrixConstants, subscriptionMessages, throttles } from '@portal/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  mailEvents,
  matrixItems,
  parameters,
  personFieldValues,
  personLinkTokens,
  personMatrix,
  personRelationships,
  persons,
  pickListValues,
  unsubscribeReasons,
  users,
} from '../db/schema/index.ts';
import { writeEntries } from '../modules/persons/matrix.repository.ts';
import { hashToken } from '../modules/tokens/token-crypto.ts';
import { demoPassword } from '../seed/accounts.ts';
import { subscriptionParameters } from '../seed/crm-parameters.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../test/test-app.ts';

// Notification mails, unsubscribe reasons, e-mailed person links and one-click unsubscribe (issue 12): the server
// decides recipients, case and text; every list mail carries its unsubscribe links; every bad input is a 4xx.
const e = subscriptionMessages.errors;
const DAY = 24 * 60 * 60 * 1000;
const ITEM_A = 9_990_001;
const ITEM_B = 9_990_002;
const ITEM_C = 9_990_003;
const REASON_FIRST = 99_001;
const REASON_OTHER = 99_009;

const templates = {
  sSubEmlTMPLTSubject: 'Your research request, @@FirstName@@',
  sWebEmlTMPLTExstClient:
    '<p>Dear @@FirstName@@ of @@FirmName@@,</p><p>Requested: @@Products@@.</p><p>Removed: @@RemovedProducts@@.</p><p>@@Unknown@@ExstClient</p>',
  sWebEmlTMPLTPublicNo: '<p>PublicNo @@FullName@@: @@Products@@</p>',
  sWebEmlTMPLTPublicYes:
    '<p>PublicYes @@FullName@@: @@Products@@</p><p><a href="@@PreferencesUrl@@">Preferences</a></p>',
  sUnsubRsnEmlSubject: 'Unsubscribe: @@FullName@@',
  sUnsubRsnEmlTmplt: '<p>@@FullName@@ unsubscribed from @@Product@@. Reason: @@Reason@@</p>',
  sUnsubEmlTMPLTSubject: 'You have unsubscribed',
  sWebUnsubEmlTMPLTExstClient: '<p>Unsub ExstClient @@Product@@</p>',
  sWebUnsubEmlTMPLTPublicNo: '<p>Unsub PublicNo @@Product@@</p>',
  sWebUnsubEmlTMPLTPublicYes: '<p>Unsub PublicYes @@Product@@</p>',
};

describe('subscription mail', () => {
  let t: TestApp;
  let client: TestClient;
  let npi: TestClient;
  let admin: TestClient;
  let clientPsn: number;
  let npiPsn: number;
  const staff: Record<'am1' | 'am2' | 'cc' | 'bcc' | 'sender', { id: number; email: string }> = {} as never;

  const personOfEmail = async (email: string) =>
    (await t.db.select({ p: users.personId }).from(users).where(eq(users.email, email)))[0]!.p!;
  const setParameter = (name: string, value: string) =>
    t.db
      .insert(parameters)
      .values({ name, value })
      .onConflictDoUpdate({ target: parameters.name, set: { value } });
  const outboxAfter = (id: number) =>
    t.db.select().from(emailOutbox).where(gt(emailOutbox.id, id)).orderBy(emailOutbox.id);
  const lastOutboxId = async () =>
    (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]
      ?.id ?? 0;
  const change = async (personId: number, upsert: [number, number][], remove: number[] = []) => {
    t.clock.advance(1000);
    await writeEntries(t.db, personId, {
      upsert: upsert.map(([itemId, statusId]) => ({ itemId, statusId })),
      remove,
      byUserId: null,
      at: t.clock(),
    });
    t.clock.advance(1000);
  };
  const sendEmail = (c: TestClient, psnId: number, template: string, extra = '') =>
    c.get(`/api/SendEmail?psnId=${psnId}&emailBodyParameterName=${template}${extra}`);
  const field = async (personId: number) =>
    (
      await t.db
        .select({ v: personFieldValues.value })
        .from(personFieldValues)
        .where(
          and(
            eq(personFieldValues.personId, personId),
            eq(personFieldValues.fieldName, matrixConstants.suppressEmailsField),
          ),
        )
    )[0]?.v ?? null;
  const clearSuppress = (personId: number) =>
    t.db.delete(personFieldValues).where(eq(personFieldValues.personId, personId));

  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock();
    for (const [key, first] of [
      ['am1', 'Grace'],
      ['am2', 'Henry'],
      ['cc', 'Sales'],
      ['bcc', 'Services'],
      ['sender', 'Sender'],
    ] as const) {
      const email = `${key}.staff@harbourline.example`;
      const [row] = await t.db
        .insert(persons)
        .values({ firstName: first, lastName: 'Staff', email, staff: true, entity: 'U', createdAt: now })
        .returning({ id: persons.id });
      staff[key] = { id: row!.id, email };
    }
    clientPsn = await personOfEmail('client@demo.test');
    npiPsn = await personOfEmail('npi@demo.test');
    // The test's own world: whatever the demo seed gave these two persons is replaced.
    for (const p of [clientPsn, npiPsn]) {
      await t.db.delete(personMatrix).where(eq(personMatrix.personId, p));
      await t.db.delete(personRelationships).where(eq(personRelationships.personId, p));
    }
    await t.db.insert(personRelationships).values([
      { personId: clientPsn, relatedPersonId: staff.am1.id, relType: 'Account Manager', createdAt: now },
      { personId: npiPsn, relatedPersonId: staff.am2.id, relType: 'Account Manager', createdAt: now },
    ]);
    await t.db.insert(matrixItems).values([
      { id: ITEM_A, name: 'Test Semiconductors' },
      { id: ITEM_B, name: 'Test Banks & <Brokers>' },
      { id: ITEM_C, name: 'Test Energy' },
    ]);
    await t.db
      .insert(pickListValues)
      .values([
        { mnemonic: 'sUnsubRsns', valueId: REASON_FIRST, sort: -100, text: 'Receiving too many e-mails' },
        { mnemonic: 'sUnsubRsns', valueId: REASON_OTHER, sort: 10_000, text: 'Other' },
      ])
      .onConflictDoNothing();
    for (const [name, value] of Object.entries(templates)) await setParameter(name, value);
    await setParameter('sRWClientSubEmailSenderID', String(staff.sender.id));
    await setParameter('sRWClientUnsubRsnEmailSenderID', String(staff.sender.id));
    await setParameter('sRWClientUnsubEmailSenderID', String(staff.sender.id));
    for (const c of ['ExstClient', 'PublicNo', 'PublicYes']) {
      // unknown ids and junk in the lists are skipped
      await setParameter(`sRWClientSubEmail${c}CCIDs`, `${staff.cc.id}, 99999999, x`);
      await setParameter(`sRWClientSubEmail${c}BccIDs`, String(staff.bcc.id));
    }
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    npi = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mails an existing client the ExstClient case, to recipients of its own choosing, once per change', async () => {
    await change(clientPsn, [[ITEM_A, matrixConstants.subscriberZ]]);
    await t.db.delete(mailEvents).where(eq(mailEvents.personId, clientPsn));
    await change(clientPsn, [[ITEM_B, matrixConstants.requestZ]], [ITEM_A]);
    // Re-subscribe A so the person stays an existing client, then the last state of A is what counts.
    await change(clientPsn, [[ITEM_A, matrixConstants.subscriberZ]]);
    const before = await lastOutboxId();
    const response = await sendEmail(
      client,
      clientPsn,
      'sWebEmlTMPLTPublicNo',
      '&toIds=1&ccIds=2&bccIds=3&fromSenderId=4&emailSubject=Hacked&headerParams=x',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { template: 'sWebEmlTMPLTExstClient', queued: 2 },
    });
    // the reader's own copy (list mail, with the reader's links), and the staff's copy without them
    const [mail, staffCopy, ...more] = await outboxAfter(before);
    expect(more).toEqual([]);
    expect(mail!.to).toBe('client@demo.test');
    expect(mail!.cc).toEqual([]);
    expect(mail!.bcc).toEqual([]);
    expect(staffCopy!.to).toBe(staff.am1.email);
    expect(staffCopy!.cc).toEqual([staff.cc.email]);
    expect(staffCopy!.bcc).toEqual([staff.bcc.email]);
    expect(staffCopy!.headers).toEqual({ 'Reply-To': 'client@demo.test' });
    expect(staffCopy!.html).not.toContain('token=');
    expect(staffCopy!.subject).toBe(mail!.subject);
    const [reader] = await t.db.select().from(persons).where(eq(persons.id, clientPsn));
    expect(mail!.subject).toBe(`Your research request, ${reader!.firstName}`);
    expect(mail!.subject).not.toContain('Hacked');
    expect(mail!.headers['Reply-To']).toBe(staff.sender.email);
    expect(mail!.html).toContain('Requested: Test Banks &amp; &lt;Brokers&gt;, Test Semiconductors.');
    expect(mail!.html).not.toContain('@@');
    expect(mail!.html).toContain('<p>ExstClient</p>');
    // the firm's layout: contacts and the year of the server's clock
    expect(mail!.html).toContain(`&copy; ${t.clock().getUTCFullYear()}`);
    expect(mail!.text).toContain(t.config.firm.phone);
    expect(mail!.text).toContain('Requested: Test Banks & <Brokers>, Test Semiconductors.');
    expect(mail!.text).not.toContain('<p>');
    // what was mailed is kept: the same change is not mailed again
    const again = await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient');
    expect(again.json()).toEqual({ success: true, data: { template: 'sWebEmlTMPLTExstClient', queued: 0 } });
    await change(clientPsn, [[ITEM_C, matrixConstants.requestZ]]);
    const next = await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient');
    expect(next.json().data.queued).toBe(2);
    const [nextMail] = await outboxAfter(before + 2);
    expect(nextMail!.html).toContain('Requested: Test Energy.');
    const events = await t.db.select().from(mailEvents).where(eq(mailEvents.personId, clientPsn));
    expect(events.map((row) => row.template)).toEqual(['sWebEmlTMPLTExstClient', 'sWebEmlTMPLTExstClient']);
    expect(events[0]).toMatchObject({
      toIds: [clientPsn],
      ccIds: [staff.am1.id, staff.cc.id],
      bccIds: [staff.bcc.id],
      senderId: staff.sender.id,
    });
  });

  it('carries List-Unsubscribe, List-Unsubscribe-Post and a footer link on list mail, not on an account mail', async () => {
    const before = await lastOutboxId();
    await change(npiPsn, [[ITEM_C, matrixConstants.requestZ]]);
    expect((await sendEmail(npi, npiPsn, 'sWebEmlTMPLTPublicYes')).json().data).toEqual({
      template: 'sWebEmlTMPLTPublicYes',
      queued: 2,
    });
    const [mail] = await outboxAfter(before);
    expect(mail!.html).toContain('PublicYes');
    expect(mail!.to).toBe('npi@demo.test');
    expect(mail!.cc).toEqual([]);
    const oneClick =
      /^<(http:\/\/portal\.test\/api\/unsubscribe\/oneClick\?token=[\w-]+)>, <mailto:[^>]+>$/.exec(
        mail!.headers['List-Unsubscribe'] ?? '',
      );
    expect(oneClick).not.toBeNull();
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = new URL(oneClick![1]!).searchParams.get('token')!;
    expect(mail!.html).toContain(`href="http://portal.test/unsubscribe/0?token=${token}"`);
    expect(mail!.text).toContain(`http://portal.test/unsubscribe/0?token=${token}`);
    // the reader's preferences, through a reusable link of their own that opens the page without a sign-in
    const prefs = /href="http:\/\/portal\.test(\/subscriptionPreference\/home\?token=([\w-]+))"/.exec(
      mail!.html,
    );
    expect(prefs).not.toBeNull();
    const visitor = await new TestClient(t.app).start();
    for (let i = 0; i < 2; i += 1) {
      const redeemed = await visitor.post('/api/mailLinks/redeem', { token: prefs![2] });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(redeemed.json().data).toMatchObject({ purpose: 'preferences', iPSN_Id: npiPsn });
    }
    expect((await visitor.get(`/api/users/loadPersonMatrixDetails/${npiPsn}/U`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/users/loadPersonMatrixDetails/${clientPsn}/U`)).statusCode).toBe(403);
    // the public case the caller did not name: ExstClient without a subscription falls back to PublicNo
    await change(npiPsn, [[ITEM_A, matrixConstants.requestZ]]);
    expect((await sendEmail(npi, npiPsn, 'sWebEmlTMPLTExstClient')).json().data.template).toBe(
      'sWebEmlTMPLTPublicNo',
    );

    const mark = await lastOutboxId();
    await new TestClient(t.app)
      .start()
      .then((v) => v.post('/api/users/forgotPassword', { email: 'npi@demo.test' }));
    const [reset] = await outboxAfter(mark);
    expect(reset!.to).toBe('npi@demo.test');
    expect(reset!.headers).toEqual({});
    expect(reset!.html).not.toContain('/unsubscribe/');
  });

  it('escapes the values it fills in (a name with <script>)', async () => {
    await t.db.update(persons).set({ firstName: '<script>alert(1)</script>' }).where(eq(persons.id, npiPsn));
    const before = await lastOutboxId();
    await change(npiPsn, [[ITEM_B, matrixConstants.requestZ]]);
    expect((await sendEmail(npi, npiPsn, 'sWebEmlTMPLTPublicNo')).json().data.queued).toBe(2);
    const [mail] = await outboxAfter(before);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await t.db.update(persons).set({ firstName: 'Nina' }).where(eq(persons.id, npiPsn));
  });

  it('saves unsubscribe reasons by the pick list and mails the reason to the account managers once', async () => {
    const url = (psn: number, product: number, text: string, reason: number) =>
      `/api/users/SaveUnsubscribeReason/${psn}/${product}/${text}/${reason}`;
    const anonymous = await new TestClient(t.app).start();
    // (the grant cookies' key is made on first use)
    await anonymous.get(`/api/users/getUserUnsubLastSentEmail/${clientPsn}`);
    const digest = await databaseDigest(t.db);
    expect((await client.get(url(clientPsn, ITEM_B, 'NA', 12345))).json()).toEqual({
      success: false,
      message: e.unknownReason,
    });
    expect((await client.get(url(clientPsn, 8_888_888, 'NA', REASON_FIRST))).json().message).toBe(
      e.unknownItem,
    );
    expect((await client.get(url(npiPsn, ITEM_B, 'NA', REASON_FIRST))).statusCode).toBe(403);
    expect((await anonymous.get(url(clientPsn, ITEM_B, 'NA', REASON_FIRST))).statusCode).toBe(401);
    expect(await databaseDigest(t.db)).toBe(digest);

    // a blank text is kept as 'NA'
    expect((await client.get(url(clientPsn, ITEM_B, '%20', REASON_FIRST))).statusCode).toBe(200);
    const saved = await client.get(
      url(clientPsn, ITEM_B, encodeURIComponent('Our budget <moved> & more'), REASON_OTHER),
    );
    expect(saved.json()).toEqual({ success: true });
    const reasons = await t.db
      .select()
      .from(unsubscribeReasons)
      .where(eq(unsubscribeReasons.personId, clientPsn))
      .orderBy(unsubscribeReasons.id);
    expect(reasons.map((r) => [r.productId, r.reasonId, r.otherText])).toEqual([
      [ITEM_B, REASON_FIRST, 'NA'],
      [ITEM_B, REASON_OTHER, 'Our budget <moved> & more'],
    ]);
    expect(reasons[1]!.byUserId).not.toBeNull();

    const before = await lastOutboxId();
    const sent = await sendEmail(client, clientPsn, 'sUnsubRsnEmlTmplt');
    expect(sent.json().data).toEqual({ template: 'sUnsubRsnEmlTmplt', queued: 1 });
    const [mail] = await outboxAfter(before);
    expect(mail!.to).toBe(staff.am1.email);
    expect(mail!.cc).toEqual([]);
    expect(mail!.headers).toEqual({ 'Reply-To': 'client@demo.test' });
    expect(mail!.html).toContain(
      'from Test Banks &amp; &lt;Brokers&gt;. Reason: Our budget &lt;moved&gt; &amp; more',
    );
    // mailed once: nothing new to tell
    expect((await sendEmail(client, clientPsn, 'sUnsubRsnEmlTmplt')).json().data.queued).toBe(0);

    // no account manager: the configured sender gets it
    await t.db.delete(personRelationships).where(eq(personRelationships.personId, npiPsn));
    t.clock.advance(1000);
    expect((await npi.get(url(npiPsn, ITEM_C, 'NA', REASON_FIRST))).statusCode).toBe(200);
    t.clock.advance(1000);
    const mark = await lastOutboxId();
    expect((await sendEmail(npi, npiPsn, 'sUnsubRsnEmlTmplt')).json().data.queued).toBe(1);
    const [toSender] = await outboxAfter(mark);
    expect(toSender!.to).toBe(staff.sender.email);
    expect(toSender!.html).toContain('Reason: Receiving too many e-mails');
    await t.db.insert(personRelationships).values({
      personId: npiPsn,
      relatedPersonId: staff.am2.id,
      relType: 'Account Manager',
      createdAt: t.clock(),
    });
  });

  it('sends the unsubscribe-preference mail only when the last one is empty or older than 7 days', async () => {
    // The subject as seeded names the product left (issue 21: "... from <firm> research" read as leaving everything).
    await setParameter('sUnsubEmlTMPLTSubject', subscriptionParameters(t.config).sUnsubEmlTMPLTSubject ?? '');
    await t.db.update(persons).set({ unsubMailLastSentAt: null }).where(eq(persons.id, npiPsn));
    const lastSent = async () => (await npi.get(`/api/users/getUserUnsubLastSentEmail/${npiPsn}`)).json();
    expect(await lastSent()).toEqual({ success: true, data: { dLastSent: null } });
    const before = await lastOutboxId();
    const first = await sendEmail(npi, npiPsn, 'sWebUnsubEmlTMPLTPublicNo');
    expect(first.json().data).toEqual({ template: 'sWebUnsubEmlTMPLTPublicNo', queued: 1 });
    const [mail] = await outboxAfter(before);
    expect(mail!.to).toBe('npi@demo.test');
    expect(mail!.subject).toBe('You have unsubscribed from Test Energy');
    expect(mail!.html).toContain('Unsub PublicNo Test Energy');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await lastSent()).toEqual({ success: true, data: { dLastSent: t.clock().toISOString() } });

    expect((await sendEmail(npi, npiPsn, 'sWebUnsubEmlTMPLTPublicNo')).json().data.queued).toBe(0);
    t.clock.advance(6 * DAY);
    expect((await sendEmail(npi, npiPsn, 'sWebUnsubEmlTMPLTPublicNo')).json().data.queued).toBe(0);
    t.clock.advance(DAY + 1000);
    // (a week on, sessions have timed out)
    const signIn = (email: string) => TestClient.signedIn(t.app, email, demoPassword);
    npi = await signIn('npi@demo.test');
    expect((await sendEmail(npi, npiPsn, 'sWebUnsubEmlTMPLTPublicNo')).json().data.queued).toBe(1);

    t.clock.advance(30 * DAY);
    [npi, client, admin] = [
      await signIn('npi@demo.test'),
      await signIn('client@demo.test'),
      await signIn('admin@demo.test'),
    ];
    expect((await npi.get(`/api/users/updateUserUnsubLastSentEmail/${npiPsn}`)).json()).toEqual({
      success: true,
    });
    expect(await lastSent()).toEqual({ success: true, data: { dLastSent: t.clock().toISOString() } });
    expect((await sendEmail(npi, npiPsn, 'sWebUnsubEmlTMPLTPublicNo')).json().data.queued).toBe(0);
  });

  it('keeps the owner rule on every person call; an admin may act for anyone', async () => {
    const anonymous = await new TestClient(t.app).start();
    const calls = [
      (c: TestClient, p: number) => sendEmail(c, p, 'sWebEmlTMPLTPublicNo'),
      (c: TestClient, p: number) =>
        c.post('/api/users/insertMailEvent', { psnId: p, emailObj: { body: 'sWebEmlTMPLTPublicNo' } }),
      (c: TestClient, p: number) => c.get(`/api/users/getUserUnsubLastSentEmail/${p}`),
      (c: TestClient, p: number) => c.get(`/api/users/updateUserUnsubLastSentEmail/${p}`),
    ];
    const digest = await databaseDigest(t.db);
    for (const call of calls) {
      expect((await call(client, npiPsn)).statusCode).toBe(403);
      expect((await call(anonymous, npiPsn)).statusCode).toBe(401);
    }
    expect(await databaseDigest(t.db)).toBe(digest);
    expect((await calls[2]!(admin, npiPsn)).statusCode).toBe(200);
    expect((await admin.get('/api/users/getUserUnsubLastSentEmail/99999999')).statusCode).toBe(404);
    // a state-changing GET needs the CSRF header
    expect(
      (await npi.request('GET', `/api/users/updateUserUnsubLastSentEmail/${npiPsn}`, { csrf: false }))
        .statusCode,
    ).toBe(403);
  });

  it('records a mail event as the server renders it, keeping only known items and reports', async () => {
    // Right after SendEmail, insertMailEvent confirms the record SendEmail wrote instead of adding a second one.
    await change(clientPsn, [], [ITEM_B]);
    await change(clientPsn, [[ITEM_B, matrixConstants.requestZ]]);
    expect((await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient')).json().data.queued).toBe(2);
    const [latest] = await t.db
      .select({ id: mailEvents.id })
      .from(mailEvents)
      .where(and(eq(mailEvents.personId, clientPsn), eq(mailEvents.template, 'sWebEmlTMPLTExstClient')))
      .orderBy(desc(mailEvents.id))
      .limit(1);
    t.clock.advance(60 * 1000);
    const rowsBefore = (await t.db.select({ id: mailEvents.id }).from(mailEvents)).length;
    const confirm = await client.post('/api/users/insertMailEvent', {
      psnId: clientPsn,
      emailObj: { body: 'sWebEmlTMPLTExstClient' },
      subData: { sectorIds: [ITEM_A] },
    });
    expect(confirm.json()).toEqual({ success: true, data: { id: latest!.id } });
    expect((await t.db.select({ id: mailEvents.id }).from(mailEvents)).length).toBe(rowsBefore);
    // Long after any mail, it records one of its own.
    t.clock.advance(11 * 60 * 1000);
    const response = await client.post('/api/users/insertMailEvent', {
      psnId: clientPsn,
      emailObj: { subject: 'Forged <b>subject</b>', body: 'sWebEmlTMPLTPublicYes' },
      subData: {
        senderId: 1,
        assignedToIds: [1, 2],
        assignedCCIds: 'x',
        sectorIds: [ITEM_A, 123],
        documentIds: ['S-999999', 'junk'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(mailEvents).where(eq(mailEvents.id, response.json().data.id));
    expect(row).toMatchObject({
      personId: clientPsn,
      template: 'sWebEmlTMPLTExstClient',
      senderId: staff.sender.id,
      toIds: [clientPsn],
      ccIds: [staff.am1.id, staff.cc.id],
      bccIds: [staff.bcc.id],
      sectorIds: [ITEM_A],
      documentIds: [],
    });
    expect(row!.subject).toMatch(/^Your research request, /);
    expect(row!.body).toContain('Requested: Test Semiconductors.');
    // (the clock moved: let every session record its visit now, not inside a later test's digest)
    for (const c of [client, npi, admin]) await c.get('/api/users/me');
  });

  it('answers a missing template with 409, logs it and queues nothing', async () => {
    await t.db.delete(parameters).where(eq(parameters.name, 'sWebEmlTMPLTPublicYes'));
    await t.db.delete(personMatrix).where(eq(personMatrix.personId, npiPsn));
    const digest = await databaseDigest(t.db);
    const response = await sendEmail(npi, npiPsn, 'sWebEmlTMPLTPublicYes');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: e.mailNotConfigured });
    expect(await databaseDigest(t.db)).toBe(digest);
    await setParameter('sWebEmlTMPLTPublicYes', templates.sWebEmlTMPLTPublicYes);
  });

  it('throttles mails about one person (429 with a clear message)', async () => {
    await t.db.execute(sql`delete from throttles where key like 'subscriptionMailPerPerson:%'`);
    const statuses: number[] = [];
    for (let i = 0; i < throttles.subscriptionMailPerPerson.max + 1; i += 1) {
      statuses.push((await sendEmail(admin, clientPsn, 'sWebEmlTMPLTExstClient')).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(throttles.subscriptionMailPerPerson.max);
    const refused = await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(e.mailLimit);
    await t.db.execute(sql`delete from throttles where key like 'subscriptionMailPerPerson:%'`);
  });

  it('answers the Enter Email dialog the same for known and unknown addresses; the link works once', async () => {
    const visitor = await new TestClient(t.app).start();
    const before = await lastOutboxId();
    const known = await visitor.post('/api/unsubscribe/requestLink', {
      email: 'NPI@demo.test',
      productId: ITEM_C,
    });
    const unknown = await visitor.post('/api/unsubscribe/requestLink', {
      email: 'nobody@demo.test',
      productId: ITEM_C,
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ success: true, message: subscriptionMessages.unsubscribe.linkSent });
    const mails = await outboxAfter(before);
    expect(mails.map((m) => m.to)).toEqual(['npi@demo.test']);
    expect(mails[0]!.subject).toBe(subscriptionMessages.mail.linkSubject);
    const link = /http:\/\/portal\.test\/unsubscribe\/(\d+)\?token=([\w-]+)/.exec(mails[0]!.text)!;
    expect(Number(link[1])).toBe(ITEM_C);

    const redeemed = await visitor.post('/api/mailLinks/redeem', { token: link[2] });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data).toMatchObject({
      purpose: 'unsubscribe',
      iPSN_Id: npiPsn,
      productId: ITEM_C,
    });
    const cookie = (
      redeemed.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[]
    ).find((c) => c.name === 'pgrant');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    // the grant acts for that person only
    expect((await visitor.get(`/api/users/getUserUnsubLastSentEmail/${npiPsn}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/users/getUserUnsubLastSentEmail/${clientPsn}`)).statusCode).toBe(403);
    // single use
    const again = await new TestClient(t.app)
      .start()
      .then((v) => v.post('/api/mailLinks/redeem', { token: link[2] }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(e.linkInvalid);
    // an unknown product is refused, whatever the address
    expect(
      (await visitor.post('/api/unsubscribe/requestLink', { email: 'npi@demo.test', productId: 8_888_888 }))
        .statusCode,
    ).toBe(400);
  });

  it('expires the Enter Email link after an hour, and skips the link mail silently over the limit', async () => {
    const visitor = await new TestClient(t.app).start();
    const before = await lastOutboxId();
    await visitor.post('/api/unsubscribe/requestLink', { email: 'client@demo.test', productId: 0 });
    const [mail] = await outboxAfter(before);
    const token = /token=([\w-]+)/.exec(mail!.text)![1];
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await visitor.post('/api/mailLinks/redeem', { token })).statusCode).toBe(400);

    const mark = await lastOutboxId();
    const answers = new Set<string>();
    for (let i = 0; i < throttles.unsubscribeLinkPerEmail.max + 2; i += 1) {
      const r = await visitor.post('/api/unsubscribe/requestLink', {
        email: 'client@demo.test',
        productId: 0,
      });
      answers.add(`${r.statusCode} ${r.body}`);
    }
    expect([...answers]).toHaveLength(1);
    expect(await outboxAfter(mark)).toHaveLength(throttles.unsubscribeLinkPerEmail.max);
  });

  it('one-click unsubscribes by POST without cookies or CSRF, idempotently; a bad token is 400', async () => {
    await clearSuppress(clientPsn);
    await change(clientPsn, [], [ITEM_C]);
    const before = await lastOutboxId();
    expect((await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient')).json().data.queued).toBe(2);
    const [mail] = await outboxAfter(before);
    const url = /<(http[^>]+oneClick[^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    const path = url.replace('http://portal.test', '');
    const post = (target: string) =>
      t.app.inject({
        method: 'POST',
        url: target,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post(path);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: subscriptionMessages.unsubscribe.oneClickDone });
    expect(await field(clientPsn)).toBe('1');
    const reasons = async () =>
      t.db
        .select()
        .from(unsubscribeReasons)
        .where(
          and(
            eq(unsubscribeReasons.personId, clientPsn),
            eq(unsubscribeReasons.otherText, 'One-click unsubscribe'),
          ),
        );
    expect(await reasons()).toMatchObject([{ productId: 0 }]);
    expect((await post(path)).statusCode).toBe(200);
    expect(await reasons()).toHaveLength(1);
    // a multipart body (some mail clients) works too
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload:
            '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
        })
      ).statusCode,
    ).toBe(200);

    // now suppressed: the reader gets no list mail, but their account manager and the case's copies still hear of
    // the request, in an internal mail without list headers
    await change(clientPsn, [[ITEM_C, matrixConstants.subscriberZ]]);
    const mark = await lastOutboxId();
    expect((await sendEmail(client, clientPsn, 'sWebEmlTMPLTExstClient')).json().data.queued).toBe(1);
    const [internal, ...others] = await outboxAfter(mark);
    expect(others).toEqual([]);
    expect(internal!.to).toBe(staff.am1.email);
    expect(internal!.cc).toEqual([staff.cc.email]);
    expect(internal!.bcc).toEqual([staff.bcc.email]);
    expect(internal!.headers).toEqual({ 'Reply-To': 'client@demo.test' });
    expect(internal!.html).not.toContain('/unsubscribe/');

    for (const bad of ['nonsense', 'a'.repeat(43)]) {
      const refused = await post(`/api/unsubscribe/oneClick?token=${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(e.linkInvalid);
    }
    expect((await post('/api/unsubscribe/oneClick')).statusCode).toBe(400);
    // a single-use Enter Email link is no one-click authority
    const visitor = await new TestClient(t.app).start();
    const m2 = await lastOutboxId();
    await visitor.post('/api/unsubscribe/requestLink', { email: 'admin@demo.test', productId: 0 });
    const single = /token=([\w-]+)/.exec((await outboxAfter(m2))[0]!.text)![1];
    expect((await post(`/api/unsubscribe/oneClick?token=${single}`)).statusCode).toBe(400);
    await clearSuppress(clientPsn);
  });

  it('SaveUnsubscribeReason for our e-mail list (product 0) stops list mail', async () => {
    await clearSuppress(npiPsn);
    const r = await npi.get(`/api/users/SaveUnsubscribeReason/${npiPsn}/0/NA/${REASON_FIRST}`);
    expect(r.statusCode).toBe(200);
    expect(await field(npiPsn)).toBe('1');
    await clearSuppress(npiPsn);
  });

  it('answers malformed input with 4xx and changes nothing', async () => {
    const digest = await databaseDigest(t.db);
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/SendEmail'],
      ['GET', `/api/SendEmail?psnId=${npiPsn}`],
      ['GET', `/api/SendEmail?psnId=${npiPsn}&emailBodyParameterName=sRshWebContactHTML`],
      ['GET', `/api/SendEmail?psnId=-1&emailBodyParameterName=sUnsubRsnEmlTmplt`],
      ['GET', `/api/SendEmail?psnId=1e3&emailBodyParameterName=sUnsubRsnEmlTmplt`],
      [
        'GET',
        `/api/SendEmail?psnId=${npiPsn}&emailBodyParameterName=sUnsubRsnEmlTmplt&toIds=${'1,'.repeat(400)}`,
      ],
      ['POST', '/api/users/insertMailEvent', {}],
      ['POST', '/api/users/insertMailEvent', { psnId: npiPsn, emailObj: { body: '<p>hi</p>' } }],
      ['POST', '/api/users/insertMailEvent', { psnId: 'x', emailObj: { body: 'sUnsubRsnEmlTmplt' } }],
      [
        'POST',
        '/api/users/insertMailEvent',
        { psnId: npiPsn, emailObj: { body: 'sUnsubRsnEmlTmplt' }, subData: { sectorIds: ['x'] } },
      ],
      ['GET', `/api/users/SaveUnsubscribeReason/${npiPsn}/x/NA/${REASON_FIRST}`],
      ['GET', `/api/users/SaveUnsubscribeReason/${npiPsn}/0/NA/abc`],
      ['GET', `/api/users/SaveUnsubscribeReason/${npiPsn}/0/${'a'.repeat(1001)}/${REASON_FIRST}`],
      ['GET', `/api/users/SaveUnsubscribeReason/${npiPsn}/0/a%00b/${REASON_FIRST}`],
      ['GET', '/api/users/getUserUnsubLastSentEmail/abc'],
      ['GET', '/api/users/updateUserUnsubLastSentEmail/99999999999'],
      ['POST', '/api/mailLinks/redeem', {}],
      ['POST', '/api/mailLinks/redeem', { token: '' }],
      ['POST', '/api/mailLinks/redeem', { token: 'x'.repeat(201) }],
      ['POST', '/api/mailLinks/redeem', { token: 'nonsense' }],
      ['POST', '/api/unsubscribe/requestLink', { email: 'not-an-address', productId: 0 }],
      ['POST', '/api/unsubscribe/requestLink', { email: 'a@b.example', productId: -1 }],
      ['POST', '/api/unsubscribe/requestLink', { email: 'a@b.example' }],
    ];
    for (const [method, url, body] of requests) {
      const response = await npi.request(method as 'GET', url, body === undefined ? {} : { body });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(response.json().success).toBe(false);
    }
    expect(await databaseDigest(t.db)).toBe(digest);
  });

  it('lets exactly one of 10 concurrent redeems of a single-use link win', async () => {
    const visitor = await new TestClient(t.app).start();
    const before = await lastOutboxId();
    await t.db.execute(sql`delete from throttles where key like 'unsubscribeLink%'`);
    await visitor.post('/api/unsubscribe/requestLink', { email: 'npi@demo.test', productId: 0 });
    const token = /token=([\w-]+)/.exec((await outboxAfter(before))[0]!.text)![1];
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/mailLinks/redeem',
          payload: { token },
          headers: {
            origin: 'http://portal.test',
            cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-csrf-token': visitor.csrfToken!,
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
    const [row] = await t.db
      .select()
      .from(personLinkTokens)
      .where(eq(personLinkTokens.tokenHash, hashToken(token!)));
    expect(row!.usedAt).not.toBeNull();
  });
});
