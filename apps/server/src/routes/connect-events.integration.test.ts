import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ConnectEvent, type ConnectRegistrant, connectLimits, messagesConnect } from '@portal/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectCampaigns,
  connectEvents,
  connectRegistrations,
  emailOutbox,
  users,
} from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../test/test-app.ts';

// CONNECT events (issue 15): the readers' list and registration, approval with the meeting-link mail and its
// invitation, reminders, meeting links and their page, the banner upload. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL, where 20 concurrent approvals of one registrant are a real race.
const server = messagesConnect.server;
const hour = 3_600_000;
const BOUNDARY = '----connect-banner-boundary';
const form = (bytes: Buffer | string, filename = 'banner.png', type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

describe('CONNECT events calls', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestClient;
  let client: TestClient;
  let npi: TestClient;
  let anonymous: TestClient;
  let clientUser: { id: number; personId: number | null; email: string };
  let npiUser: { id: number; email: string };
  let campaignA: number;
  let campaignB: number;
  /** events: a later upcoming one in A, an earlier one in B, a date-to-be-confirmed one in A, a past one in B */
  const ev = { laterA: 0, earlierB: 0, tbcA: 0, pastB: 0 };

  const userByEmail = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
  const mailsTo = (email: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(asc(emailOutbox.id));
  const registrationOf = async (eventId: number, userId: number) =>
    (
      await t.db
        .select()
        .from(connectRegistrations)
        .where(and(eq(connectRegistrations.eventId, eventId), eq(connectRegistrations.userId, userId)))
    )[0];
  const insertEvent = async (values: Partial<typeof connectEvents.$inferInsert> & { campaignId: number }) =>
    (
      await t.db
        .insert(connectEvents)
        .values({
          name: 'Event',
          startsAt: new Date(t.clock().getTime() + 48 * hour),
          timeZone: 'Europe/London',
          typePickId: connectLimits.confirmedDateType,
          ...values,
        })
        .returning({ id: connectEvents.id })
    )[0]!.id;
  const approvalUrl = (campaignId: number, eventId: number, action = '') =>
    `/api/connect/approvalEvent/${campaignId}/${eventId}${action ? `/${action}` : ''}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-connect-events-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    npi = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    clientUser = await userByEmail('client@demo.test');
    npiUser = await userByEmail('npi@demo.test');
    const campaigns = await t.db
      .insert(connectCampaigns)
      .values([{ title: 'Test campaign A' }, { title: 'Test campaign B' }])
      .returning({ id: connectCampaigns.id });
    campaignA = campaigns[0]!.id;
    campaignB = campaigns[1]!.id;
    const now = t.clock().getTime();
    ev.laterA = await insertEvent({
      campaignId: campaignA,
      name: 'Copper outlook',
      startsAt: new Date(now + 30 * 24 * hour),
      timeZone: 'America/New_York',
      durationMinutes: 90,
      city: 'New York',
      speakers: [{ name: 'Ada Analyst', title: 'Head of Metals', analystId: null }],
      meetingUrl: 'https://meet.example/room-1',
    });
    ev.earlierB = await insertEvent({
      campaignId: campaignB,
      name: 'Nickel',
      startsAt: new Date(now + 10 * 24 * hour),
    });
    ev.tbcA = await insertEvent({
      campaignId: campaignA,
      name: 'Zinc (date to be confirmed)',
      startsAt: new Date(now - 24 * hour),
      typePickId: connectLimits.dateToBeConfirmedType,
    });
    ev.pastB = await insertEvent({ campaignId: campaignB, name: 'Tin', startsAt: new Date(now - 5 * hour) });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const ours = (events: ConnectEvent[]) =>
    events.filter((e) => e.iCMP_Id === campaignA || e.iCMP_Id === campaignB);

  it('lists upcoming and date-to-be-confirmed events by campaign, in the zone of each, for the caller', async () => {
    expect((await anonymous.get('/api/connect/events')).statusCode).toBe(401);
    const response = await client.get('/api/connect/events');
    expect(response.statusCode, response.body).toBe(200);
    const events = ours(response.json().events as ConnectEvent[]);
    // grouped by campaign: A first (its date-to-be-confirmed event's provisional date, passed, is its first), so
    // A's later event comes before B's earlier one; the past event is left out
    expect(events.map((e) => e.iCAE_Id)).toEqual([ev.tbcA, ev.laterA, ev.earlierB]);
    const copper = events.find((e) => e.iCAE_Id === ev.laterA)!;
    expect(copper).toMatchObject({
      sCmpTitle: 'Test campaign A',
      dUTC_EvtDate: '2030-02-14T09:00:00.000Z',
      // 09:00 UTC is 04:00 in New York in February
      dLocale_EvtDate: '2030-02-14T04:00:00',
      sTimeZone: 'America/New_York',
      sCity: 'New York',
      speaker: [{ sName: 'Ada Analyst', sTitle: 'Head of Metals', id: null }],
      bRegistered: false,
      sRegistrationStatus: 'none',
      sBannerUrl: null,
      iDurationMinutes: 90,
    });
  });

  it('shows one event, past ones too; unknown ids 404 and malformed ids 400', async () => {
    const past = await client.get(`/api/connect/event/${ev.pastB}`);
    expect(past.statusCode).toBe(200);
    expect(past.json().event.sEvtName).toBe('Tin');
    const unknown = await client.get('/api/connect/event/999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, server.eventNotFound]);
    for (const id of ['abc', '0', '-1', '1.5', '%00', '99999999999999']) {
      const bad = await client.get(`/api/connect/event/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });

  it('registers idempotently with the person; an unknown or ended event refuses all and changes nothing', async () => {
    const first = await client.post('/api/connect/events', { submitEvts: [ev.laterA, ev.tbcA, ev.laterA] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, registered: [ev.laterA, ev.tbcA] });
    const again = await client.post('/api/connect/events', { submitEvts: [ev.laterA] });
    expect(again.json().registered).toEqual([ev.laterA]);
    const rows = await t.db
      .select()
      .from(connectRegistrations)
      .where(
        and(
          eq(connectRegistrations.userId, clientUser.id),
          inArray(connectRegistrations.eventId, [ev.laterA, ev.tbcA]),
        ),
      );
    expect(rows).toHaveLength(2);
    expect(
      rows.every((r) => r.personId === clientUser.personId && r.personId !== null && r.approvedAt === null),
    ).toBe(true);
    const listed = ours((await client.get('/api/connect/events')).json().events as ConnectEvent[]);
    expect(listed.find((e) => e.iCAE_Id === ev.laterA)).toMatchObject({
      bRegistered: true,
      sRegistrationStatus: 'pending',
    });
    // another reader's list is their own
    const others = ours((await npi.get('/api/connect/events')).json().events as ConnectEvent[]);
    expect(others.find((e) => e.iCAE_Id === ev.laterA)?.bRegistered).toBe(false);

    const before = await databaseDigest(t.db);
    const ended = await npi.post('/api/connect/events', { submitEvts: [ev.earlierB, ev.pastB] });
    expect([ended.statusCode, ended.json().message]).toEqual([400, server.eventPast]);
    const unknown = await npi.post('/api/connect/events', { submitEvts: [ev.earlierB, 999999] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, server.eventNotFound]);
    for (const body of [
      {},
      { submitEvts: [] },
      { submitEvts: 'x' },
      { submitEvts: ['abc'] },
      { submitEvts: ['1\u0000'] },
      { submitEvts: [0] },
      { submitEvts: Array.from({ length: 10_000 }, () => ev.earlierB) },
      { submitEvts: [2 ** 40] },
    ]) {
      const bad = await npi.post('/api/connect/events', body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('is admin only: readers get 403 on every approval call and the upload', async () => {
    for (const response of [
      await client.get('/api/connect/approvalEvents'),
      await client.get(approvalUrl(campaignA, ev.laterA)),
      await client.post(approvalUrl(campaignA, ev.laterA, 'approve'), { approveList: [1] }),
      await client.post(approvalUrl(campaignA, ev.laterA, 'remind'), { remindList: [1] }),
      await client.post(approvalUrl(campaignA, ev.laterA, 'uniqueLink'), { id: 1 }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });

  it('lists campaigns with events that have registrants and their registrants', async () => {
    await npi.post('/api/connect/events', { submitEvts: [ev.laterA] });
    const campaigns = (await admin.get('/api/connect/approvalEvents')).json().campaigns as Array<{
      iCMP_Id: number;
      events: Array<{ iCAE_Id: number; iPending: number; iApproved: number }>;
    }>;
    const a = campaigns.find((c) => c.iCMP_Id === campaignA)!;
    expect(a.events.map((e) => [e.iCAE_Id, e.iPending, e.iApproved])).toEqual([
      [ev.tbcA, 1, 0],
      [ev.laterA, 2, 0],
    ]);
    expect(campaigns.some((c) => c.iCMP_Id === campaignB)).toBe(false);
    const list = await admin.get(approvalUrl(campaignA, ev.laterA));
    expect(list.statusCode, list.body).toBe(200);
    const registrants = list.json().registrants as ConnectRegistrant[];
    expect(registrants.map((r) => r.sEmail)).toEqual(['client@demo.test', 'npi@demo.test']);
    expect(registrants[0]).toMatchObject({
      iPSN_Id: clientUser.personId,
      iApprovedById: null,
      sApprovedByFullName: null,
      dUTC_Approved: null,
      bSentMeetingLink: false,
      sMeetingLink: null,
    });
    expect(registrants[0]!.sRegistrantName).toBeTruthy();
    expect(registrants[0]!.sCompanyName).toEqual(expect.any(String));
    const mismatch = await admin.get(approvalUrl(campaignB, ev.laterA));
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([404, server.campaignMismatch]);
    const unknown = await admin.get(approvalUrl(campaignA, 999999));
    expect(unknown.statusCode).toBe(404);
    for (const bad of [
      approvalUrl(0, ev.laterA),
      '/api/connect/approvalEvent/x/1',
      '/api/connect/approvalEvent/1/%00',
    ]) {
      expect((await admin.get(bad)).statusCode, bad).toBe(400);
    }
  });

  it('approves once: one mail with the unique link and an invitation in the event zone, never a second', async () => {
    const registration = (await registrationOf(ev.laterA, clientUser.id))!;
    const before = await databaseDigest(t.db);
    const notHers = await admin.post(approvalUrl(campaignA, ev.laterA, 'approve'), {
      approveList: [registration.id, 999999],
    });
    expect([notHers.statusCode, notHers.json().message]).toEqual([404, server.participantNotFound]);
    for (const body of [
      { approveList: [] },
      { approveList: ['\u0000'] },
      { approveList: Array(501).fill(1) },
      { approveList: 'x' },
    ]) {
      expect((await admin.post(approvalUrl(campaignA, ev.laterA, 'approve'), body)).statusCode).toBe(400);
    }
    expect(await databaseDigest(t.db)).toBe(before);

    const approve = () =>
      admin.post(approvalUrl(campaignA, ev.laterA, 'approve'), { approveList: [registration.id] });
    const first = await approve();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, approved: 1 });
    expect((await approve()).json().approved).toBe(0);
    const mails = await mailsTo('client@demo.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const approved = (await registrationOf(ev.laterA, clientUser.id))!;
    expect(approved.meetingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const link = `http://portal.test/connect/join/${approved.meetingToken}`;
    expect(mail.subject).toBe(messagesConnect.mailEvents.approvedSubject('Copper outlook'));
    expect(mail.text).toContain(link);
    // the link is mailed to its registrant only: the other registrant has no mail and no token
    expect(await mailsTo('npi@demo.test')).toHaveLength(0);
    expect((await registrationOf(ev.laterA, npiUser.id))!.meetingToken).toBeNull();

    expect(mail.calendar?.method).toBe('REQUEST');
    const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`connect-event-registration-${registration.id}@portal.test`);
    expect(vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(mail.calendar!.content).toContain('DTSTART;TZID=America/New_York:20300214T040000');
    expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual([
      'mailto:client@demo.test',
    ]);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-02-14T09:00:00.000Z');

    const list = (await admin.get(approvalUrl(campaignA, ev.laterA))).json()
      .registrants as ConnectRegistrant[];
    expect(list.find((r) => r.id === registration.id)).toMatchObject({
      sMeetingLink: link,
      bSentMeetingLink: true,
      dUTC_Approved: t.clock().toISOString(),
      sApprovedByFullName: expect.any(String),
    });
  });

  it('approving a date-to-be-confirmed event says so in the mail and sends no invitation', async () => {
    const registration = (await registrationOf(ev.tbcA, clientUser.id))!;
    const before = (await mailsTo('client@demo.test')).length;
    const response = await admin.post(approvalUrl(campaignA, ev.tbcA, 'approve'), {
      approveList: [registration.id],
    });
    expect(response.json().approved).toBe(1);
    const mails = await mailsTo('client@demo.test');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.calendar).toBeNull();
    expect(mails.at(-1)!.text).toContain(messagesConnect.mailEvents.dateToBeConfirmed);
  });

  it('reminds approved registrants only, with their link; a pending one named refuses all', async () => {
    const approved = (await registrationOf(ev.laterA, clientUser.id))!;
    const pending = (await registrationOf(ev.laterA, npiUser.id))!;
    const digest = await databaseDigest(t.db);
    const refused = await admin.post(approvalUrl(campaignA, ev.laterA, 'remind'), {
      remindList: [approved.id, pending.id],
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, server.notApproved]);
    expect(await databaseDigest(t.db)).toBe(digest);
    const before = (await mailsTo('client@demo.test')).length;
    const response = await admin.post(approvalUrl(campaignA, ev.laterA, 'remind'), {
      remindList: [approved.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, reminded: 1 });
    const mails = await mailsTo('client@demo.test');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toContain('Reminder: Copper outlook');
    expect(mails.at(-1)!.text).toContain(`/connect/join/${approved.meetingToken}`);
    expect(
      new ICAL.Event(
        new ICAL.Component(ICAL.parse(mails.at(-1)!.calendar!.content)).getFirstSubcomponent('vevent')!,
      ).uid,
    ).toBe(`connect-event-registration-${approved.id}@portal.test`);
    expect((await registrationOf(ev.laterA, clientUser.id))!.lastRemindedAt?.toISOString()).toBe(
      t.clock().toISOString(),
    );
    expect(await mailsTo('npi@demo.test')).toHaveLength(0);
  });

  it('gives a stable unique link for approved registrants only', async () => {
    const approved = (await registrationOf(ev.laterA, clientUser.id))!;
    const pending = (await registrationOf(ev.laterA, npiUser.id))!;
    const url = approvalUrl(1, 1, 'uniqueLink').replace('/1/1/', `/${campaignA}/${ev.laterA}/`);
    const first = await admin.post(url, { id: approved.id, sRegistrantName: 'ignored' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      data: `http://portal.test/connect/join/${approved.meetingToken}`,
    });
    expect((await admin.post(url, { id: approved.id })).json().data).toBe(first.json().data);
    const refused = await admin.post(url, { id: pending.id });
    expect([refused.statusCode, refused.json().message]).toEqual([400, server.notApproved]);
    expect((await registrationOf(ev.laterA, npiUser.id))!.meetingToken).toBeNull();
    expect((await admin.post(url, { id: 999999 })).statusCode).toBe(404);
    expect((await admin.post(url, { id: 'x' })).statusCode).toBe(400);
  });

  it('opens the meeting room only from 15 minutes before the start to 60 after the end', async () => {
    const token = (await registrationOf(ev.laterA, clientUser.id))!.meetingToken!;
    const join = () => anonymous.get(`/api/connect/join/${token}`);
    const closed = await join();
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      sEvtName: 'Copper outlook',
      sTimeZone: 'America/New_York',
      dUTC_Opens: '2030-02-14T08:45:00.000Z',
      dUTC_Closes: '2030-02-14T11:30:00.000Z',
      sMeetingUrl: null,
    });
    expect(closed.json().sRegistrantName).toBeTruthy();
    const startsAt = new Date('2030-02-14T09:00:00.000Z').getTime();
    const moveTo = (instant: number) => t.clock.advance(instant - t.clock().getTime());
    const original = t.clock().getTime();
    try {
      moveTo(startsAt - 16 * 60_000);
      expect((await join()).json().sMeetingUrl).toBeNull();
      moveTo(startsAt - 15 * 60_000);
      expect((await join()).json().sMeetingUrl).toBe('https://meet.example/room-1');
      moveTo(startsAt + (90 + 60) * 60_000);
      expect((await join()).json().sMeetingUrl).toBe('https://meet.example/room-1');
      moveTo(startsAt + (90 + 61) * 60_000);
      expect((await join()).json().sMeetingUrl).toBeNull();
    } finally {
      moveTo(original);
    }
    const unknown = await anonymous.get(`/api/connect/join/${'A'.repeat(32)}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, messagesConnect.meeting.invalid]);
    for (const bad of ['short', `${'A'.repeat(31)}%00`, 'A'.repeat(65), `${'A'.repeat(30)}..`]) {
      expect((await anonymous.get(`/api/connect/join/${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('replaces a banner with a re-encoded PNG; JPEG and garbage are refused', async () => {
    const upload = (body: Buffer, id: number | string = ev.earlierB, type = 'campaign') =>
      admin.request('POST', `/api/upload?type=${type}&id=${id}`, {
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
    const banners = async () =>
      (await readdir(path.join(dataDir, 'files', 'banners')).catch(() => [] as string[])).sort();
    const png = await sharp({ create: { width: 2400, height: 400, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    for (const [body, name] of [
      [jpeg, 'banner.png'],
      [Buffer.from('definitely not an image'), 'banner.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'banner.svg'],
    ] as const) {
      const refused = await upload(form(body, name));
      expect([refused.statusCode, refused.json().message]).toEqual([
        400,
        messagesConnect.registration.bannerWrongType,
      ]);
    }
    const big = await upload(form(Buffer.concat([png, Buffer.alloc(connectLimits.bannerMaxBytes)])));
    expect([big.statusCode, big.json().message]).toEqual([413, server.bannerTooLarge]);
    const cut = await upload(form(png.subarray(0, 100)));
    expect(cut.statusCode).toBe(400);
    expect((await upload(form(png), 999999)).statusCode).toBe(404);
    expect((await upload(form(png), 'abc')).statusCode).toBe(400);
    expect((await upload(form(png), ev.earlierB, 'post')).statusCode).toBe(400);
    expect(
      (
        await client.request('POST', `/api/upload?type=campaign&id=${ev.earlierB}`, {
          body: form(png),
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        })
      ).statusCode,
    ).toBe(403);
    expect(await banners()).toEqual([]);

    const first = await upload(form(png, 'any-name.txt', 'text/plain'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: messagesConnect.registration.bannerReplaced,
    });
    const url = first.json().url as string;
    expect(url).toMatch(/^\/api\/media\/banners\/event-\d+-[0-9a-f]{16}\.png$/);
    const served = await anonymous.get(url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', connectLimits.bannerStoredMaxWidth, 267]);
    const listed = (await client.get(`/api/connect/event/${ev.earlierB}`)).json().event as ConnectEvent;
    expect(listed.sBannerUrl).toBe(url);

    const second = await upload(form(png));
    const replacedUrl = second.json().url as string;
    expect(replacedUrl).not.toBe(url);
    // the old file is gone: one banner file for the event
    expect(await banners()).toEqual([replacedUrl.split('/').at(-1)]);
    expect((await anonymous.get(url)).statusCode).toBe(404);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    '20 concurrent approvals of one registrant send exactly one mail',
    async () => {
      const eventId = await insertEvent({
        campaignId: campaignB,
        name: 'Race',
        startsAt: new Date(t.clock().getTime() + 72 * hour),
      });
      await npi.post('/api/connect/events', { submitEvts: [eventId] });
      const registration = (await registrationOf(eventId, npiUser.id))!;
      const before = (await mailsTo('npi@demo.test')).length;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          admin.post(approvalUrl(campaignB, eventId, 'approve'), { approveList: [registration.id] }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(answers.reduce((sum, a) => sum + (a.json().approved as number), 0)).toBe(1);
      expect(await mailsTo('npi@demo.test')).toHaveLength(before + 1);
    },
  );
});
