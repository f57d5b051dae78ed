import { connectLimits, messagesConnect } from '@portal/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectBookings, connectCalendars, connectSlots } from '../db/schema/connect.ts';
import { analysts, emailOutbox, parameters, users } from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { type CatalogueFixtures, catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, parametersChanged, type TestApp } from '../test/test-app.ts';

const server = messagesConnect.server;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const parseInvite = (content: string) => {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    dtstart: String(vevent.getFirstPropertyValue('dtstart')),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
    vtimezone: calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid'),
  };
};

/**
 * Appointments and open slots (issue 15; spec 3 sections 2 and 7): access, the person rule, CSRF on the GET book
 * and cancel, malformed input answered 4xx, the subscriber rule, one booking per slot, and the booked and
 * cancelled mails with their invitations parsed back.
 */
describe('CONNECT appointments and open slots', () => {
  let t: TestApp;
  let f: CatalogueFixtures;
  let client: TestClient;
  let npi: TestClient;
  let admin: TestClient;
  let pending: TestClient;
  let clientPerson: number;
  let npiPerson: number;
  let adminPerson: number;
  let pendingPerson: number;
  let calendar: number;
  let otherCalendar: number;
  let slots: { soon: number; later: number; past: number; far: number; other: number };

  const personOf = async (email: string) => {
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    return row!.personId!;
  };
  const at = (ms: number) => new Date(t.clock().getTime() + ms);
  const book = (
    who: TestClient,
    person: number,
    slot: number,
    cal = calendar,
    options?: { csrf?: boolean },
  ) => who.get(`/api/connect/book/0/${person}/${slot}/${cal}`, options);
  const cancel = (who: TestClient, person: number, slot: number, cal = calendar) =>
    who.get(`/api/connect/cancel/0/${person}/${slot}/${cal}`);
  const mails = () => t.db.select().from(emailOutbox).orderBy(emailOutbox.id);

  beforeAll(async () => {
    t = await createTestApp();
    f = await catalogueFixtures(t.db);
    const metals = await f.sector('Metals');
    const banks = await f.sector('Banks');
    const zoe = await f.analyst('Zoe Zinc', { sectorIds: [metals] });
    const adam = await f.analyst('Adam Alloy', { sectorIds: [banks] });
    const economist = await f.analyst('Eve Economist', { sectorIds: [metals], jobCategory: 'Economists' });
    await t.db.update(analysts).set({ email: 'zoe@firm.test' }).where(eq(analysts.id, zoe));
    [calendar, otherCalendar] = (
      await t.db
        .insert(connectCalendars)
        .values([
          { analystId: zoe, timeZone: 'America/New_York' },
          { analystId: adam, timeZone: 'Asia/Tokyo' },
          { analystId: economist, timeZone: 'Europe/London' },
        ])
        .returning({ id: connectCalendars.id })
    ).map((row) => row.id) as [number, number];
    const slot = async (calendarId: number, startsAt: Date) => {
      const [row] = await t.db
        .insert(connectSlots)
        .values({ calendarId, startsAt, durationMinutes: 45 })
        .returning({ id: connectSlots.id });
      return row!.id;
    };
    slots = {
      later: await slot(calendar, at(2 * DAY_MS)),
      soon: await slot(calendar, at(DAY_MS + 30 * 60 * 1000)),
      past: await slot(calendar, at(-HOUR_MS)),
      far: await slot(calendar, at((connectLimits.slotHorizonDays + 1) * DAY_MS)),
      other: await slot(otherCalendar, at(DAY_MS)),
    };
    const [clientRow] = await t.db.select().from(users).where(eq(users.email, 'client@demo.test'));
    await f.subscribe(clientRow!.id, [metals]);
    const pendingId = await f.user('pending@reader.test', { activated: false });
    await f.subscribe(pendingId, [metals]);
    clientPerson = await personOf('client@demo.test');
    npiPerson = await personOf('npi@demo.test');
    adminPerson = await personOf('admin@demo.test');
    pendingPerson = await personOf('pending@reader.test');
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    npi = await TestClient.signedIn(t.app, 'npi@demo.test', demoPassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    pending = await TestClient.signedIn(t.app, 'pending@reader.test', fixturePassword);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(connectBookings);
    await t.db.delete(emailOutbox);
  });

  it('refuses callers who are not signed in', async () => {
    const anonymous = await new TestClient(t.app).start();
    for (const url of [
      '/api/connect/analysts',
      `/api/connect/appointments/${calendar}`,
      `/api/connect/getOpenSlotDetails/0?objectId=${calendar}`,
      `/api/connect/book/0/0/${slots.soon}/${calendar}`,
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
  });

  it('lists the analysts taking bookings by full name, job category Analysts only', async () => {
    const response = await client.get('/api/connect/analysts');
    expect(response.statusCode, response.body).toBe(200);
    const { analysts } = response.json();
    expect(analysts.map((a: { name: string }) => a.name)).toEqual(['Adam Alloy', 'Zoe Zinc']);
    expect(analysts[1]).toMatchObject({
      iCAO_ObjId: calendar,
      sJobCat: 'Analysts',
      sTimeZone: 'America/New_York',
      sectors: [{ name: 'Metals' }],
    });
  });

  it('leaves out an analyst who is no longer an active member: not listed, and the slots answer 404', async () => {
    const [zoe] = await t.db
      .select({ id: connectCalendars.analystId })
      .from(connectCalendars)
      .where(eq(connectCalendars.id, calendar));
    await t.db.update(analysts).set({ membershipStatus: 'inactive' }).where(eq(analysts.id, zoe!.id));
    try {
      const { analysts: listed } = (await client.get('/api/connect/analysts')).json();
      expect(listed.map((a: { name: string }) => a.name)).toEqual(['Adam Alloy']);
      expect((await client.get(`/api/connect/appointments/${calendar}`)).statusCode).toBe(404);
      expect((await book(client, clientPerson, slots.later)).statusCode).toBe(404);
    } finally {
      await t.db.update(analysts).set({ membershipStatus: 'active' }).where(eq(analysts.id, zoe!.id));
    }
  });

  it("lists an analyst's upcoming slots in the analyst's zone, with the subscriber flag", async () => {
    const response = await client.get(`/api/connect/appointments/${calendar}`);
    expect(response.statusCode, response.body).toBe(200);
    const { events } = response.json();
    // in time order; neither the started slot nor the one beyond the horizon
    expect(events.map((e: { iCAE_Id: number }) => e.iCAE_Id)).toEqual([slots.soon, slots.later]);
    // 2030-01-16T09:30Z is 04:30 in New York (EST)
    expect(events[0]).toMatchObject({
      dCAE_LocaleStartDateTime: '2030-01-16T04:30:00',
      TimezoneValue: 'America/New_York',
      booked: false,
      notSubscribed: connectLimits.bitFalse,
      iDurationMinutes: 45,
    });
    const flag = async (who: TestClient) =>
      (await who.get(`/api/connect/appointments/${calendar}`)).json().events[0].notSubscribed;
    expect(await flag(npi)).toBe(connectLimits.bitTrue);
    // a subscription of a reader who is not Activated grants nothing
    expect(await flag(pending)).toBe(connectLimits.bitTrue);
    expect(await flag(admin)).toBe(connectLimits.bitFalse);
    expect((await client.get('/api/connect/appointments/999999')).statusCode).toBe(404);
  });

  it('books a slot once, mails the reader and the analyst an invitation, and cancels it with the same UID', async () => {
    const booked = await book(client, clientPerson, slots.soon);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toEqual({ Status: 'success', ReasonText: server.bookedOk });

    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(['client@demo.test', 'zoe@firm.test']);
    const invites = sent.map((m) => parseInvite(m.calendar!.content));
    for (const invite of invites) {
      expect(invite).toMatchObject({
        method: 'REQUEST',
        sequence: 0,
        tzid: 'America/New_York',
        vtimezone: 'America/New_York',
      });
      expect(invite.dtstart).toBe('2030-01-16T04:30:00');
      expect(invite.attendees.sort()).toEqual(['mailto:client@demo.test', 'mailto:zoe@firm.test']);
    }
    const uid = invites[0]!.uid;
    expect(invites[1]!.uid).toBe(uid);
    expect(sent[0]!.subject).toContain('Zoe Zinc');

    // The reader sees it as booked; another reader no longer sees it at all.
    const mine = (await client.get(`/api/connect/appointments/${calendar}`)).json().events;
    expect(mine.find((e: { iCAE_Id: number }) => e.iCAE_Id === slots.soon).booked).toBe(true);
    const theirs = (await admin.get(`/api/connect/appointments/${calendar}`)).json().events;
    expect(theirs.map((e: { iCAE_Id: number }) => e.iCAE_Id)).toEqual([slots.later]);
    const open = await client.get(`/api/connect/getOpenSlotDetails/${clientPerson}?objectId=${calendar}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().slots[0]).toMatchObject({
      iCAE_Id: slots.soon,
      hide: connectLimits.bitTrue,
      date: '2030-01-16',
      time: '04:30',
      timezone: 'America/New_York',
      sAnalystName: 'Zoe Zinc',
    });
    expect(open.json().slots[1]).toMatchObject({ iCAE_Id: slots.later, hide: connectLimits.bitFalse });

    // Booked again: the caller's own booking, or someone else's.
    const again = await book(client, clientPerson, slots.soon);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ Status: 'failure', ReasonText: server.alreadyBooked });
    const taken = await book(admin, adminPerson, slots.soon);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ Status: 'failure', ReasonText: server.slotTaken });
    expect(await t.db.select().from(connectBookings)).toHaveLength(1);

    await t.db.delete(emailOutbox);
    const cancelled = await cancel(client, clientPerson, slots.soon);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ Status: 'success', ReasonText: server.cancelledOk });
    const cancelMails = await mails();
    expect(cancelMails).toHaveLength(2);
    for (const mail of cancelMails) {
      expect(parseInvite(mail.calendar!.content)).toMatchObject({ method: 'CANCEL', uid, sequence: 1 });
    }
    const twice = await cancel(client, clientPerson, slots.soon);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().ReasonText).toBe(server.notBooked);
    // free again: someone else may take it (a new booking, a new UID)
    expect((await book(admin, adminPerson, slots.soon)).statusCode).toBe(200);
    const rebooked = (await mails()).filter((m) => m.calendar?.method === 'REQUEST');
    expect(parseInvite(rebooked[0]!.calendar!.content).uid).not.toBe(uid);
  });

  it('requires the CSRF header on the GET book and cancel: without it nothing is booked', async () => {
    const before = await databaseDigest(t.db);
    const refused = await book(client, clientPerson, slots.soon, calendar, { csrf: false });
    expect(refused.statusCode).toBe(403);
    const cancelRefused = await client.get(
      `/api/connect/cancel/0/${clientPerson}/${slots.soon}/${calendar}`,
      {
        csrf: false,
      },
    );
    expect(cancelRefused.statusCode).toBe(403);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it("refuses another person's id unless the caller is an admin", async () => {
    const before = await databaseDigest(t.db);
    for (const person of [npiPerson, 0]) {
      const refused = await book(client, person, slots.soon);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ Status: 'failure', ReasonText: server.notYourPerson });
      const cancelRefused = await cancel(client, person, slots.soon);
      expect(cancelRefused.statusCode).toBe(403);
      const list = await client.get(`/api/connect/getOpenSlotDetails/${person}?objectId=${calendar}`);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(server.notYourPerson);
    }
    expect(await databaseDigest(t.db)).toBe(before);
    // 0 is nobody's person: an admin finds no one
    expect((await admin.get(`/api/connect/getOpenSlotDetails/0?objectId=${calendar}`)).statusCode).toBe(404);
    expect((await book(admin, 0, slots.soon)).statusCode).toBe(404);
    // an admin acts for the reader: the reader holds the booking
    expect((await book(admin, clientPerson, slots.soon)).statusCode).toBe(200);
    const list = await admin.get(`/api/connect/getOpenSlotDetails/${clientPerson}?objectId=${calendar}`);
    expect(list.json().slots[0]).toMatchObject({ iCAE_Id: slots.soon, hide: connectLimits.bitTrue });
    expect((await cancel(client, clientPerson, slots.soon)).statusCode).toBe(200);
  });

  it('refuses a reader without a Subscriber entry of the analyst, naming the sales contact', async () => {
    const before = await databaseDigest(t.db);
    const notSubscribed = messagesConnect.notSubscribed(t.config.firm.name, t.config.firm.email);
    for (const [who, person] of [
      [npi, npiPerson],
      [pending, pendingPerson],
    ] as const) {
      const refused = await book(who, person, slots.soon);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ Status: 'failure', ReasonText: notSubscribed });
    }
    // subscribed to Metals, not to Banks
    const banks = await book(client, clientPerson, slots.other, otherCalendar);
    expect(banks.statusCode).toBe(403);
    expect(banks.json().ReasonText).toBe(notSubscribed);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('refuses booking while bEnableConnectBookings is not 1; cancelling still works', async () => {
    expect((await book(client, clientPerson, slots.soon)).statusCode).toBe(200);
    const setSwitch = async (value: string) => {
      await t.db.update(parameters).set({ value }).where(eq(parameters.name, 'bEnableConnectBookings'));
      parametersChanged(t, 'bEnableConnectBookings');
    };
    await setSwitch('0');
    try {
      const before = await databaseDigest(t.db);
      const refused = await book(client, clientPerson, slots.later);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        Status: 'failure',
        ReasonText: messagesConnect.bookingRules.disabled,
      });
      expect((await book(admin, adminPerson, slots.later)).statusCode).toBe(403);
      expect(await databaseDigest(t.db)).toBe(before);
      expect((await cancel(client, clientPerson, slots.soon)).statusCode).toBe(200);
    } finally {
      await setSwitch('1');
    }
  });

  it('answers malformed or mismatched input with 4xx and changes nothing', async () => {
    const before = await databaseDigest(t.db);
    const bad = [
      `/api/connect/book/2/${clientPerson}/${slots.soon}/${calendar}`,
      `/api/connect/book/x/${clientPerson}/${slots.soon}/${calendar}`,
      `/api/connect/book/0/-1/${slots.soon}/${calendar}`,
      `/api/connect/book/0/${clientPerson}/abc/${calendar}`,
      `/api/connect/book/0/${clientPerson}/0/${calendar}`,
      `/api/connect/book/0/${clientPerson}/1.5/${calendar}`,
      `/api/connect/book/0/${clientPerson}/99999999999/${calendar}`,
      `/api/connect/cancel/0/${clientPerson}/${slots.soon}/%27or%201=1`,
      '/api/connect/appointments/abc',
      '/api/connect/appointments/0',
      `/api/connect/getOpenSlotDetails/x?objectId=${calendar}`,
      `/api/connect/getOpenSlotDetails/${clientPerson}`,
      `/api/connect/getOpenSlotDetails/${clientPerson}?objectId=-3`,
    ];
    for (const url of bad) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().success, url).toBe(false);
    }
    // a slot of another calendar, an unknown slot, an unknown calendar
    for (const [slot, cal] of [
      [slots.other, calendar],
      [999999, calendar],
      [slots.soon, 999999],
    ] as const) {
      const response = await book(client, clientPerson, slot, cal);
      expect(response.statusCode).toBe(404);
      expect(response.json().ReasonText).toBe(server.slotNotFound);
    }
    expect(
      (await client.get(`/api/connect/getOpenSlotDetails/${clientPerson}?objectId=999999`)).statusCode,
    ).toBe(404);
    const started = await book(client, clientPerson, slots.past);
    expect(started.statusCode).toBe(409);
    expect(started.json().ReasonText).toBe(server.slotPast);
    expect(await databaseDigest(t.db)).toBe(before);
  });
});
