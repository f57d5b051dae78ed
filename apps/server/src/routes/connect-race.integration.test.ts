import { messagesConnect } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { connectBookings, connectCalendars, connectSlots } from '../db/schema/connect.ts';
import { analysts, emailOutbox, type User, users } from '../db/schema/index.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const server = messagesConnect.server;
const CLIENTS = 50;
const ROUNDS = 100;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A slot is booked at most once whatever the interleaving (issue 15): 50 readers book the same slot at once, 100
 * rounds, on PostgreSQL (PGlite has one connection, so nothing would race there). The calls go straight to the
 * slots service on the app's pool (10 connections), which keeps 5,000 bookings within seconds; the HTTP layer in
 * front of it is covered by connect-slots.integration.test.ts.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('booking race on PostgreSQL', () => {
  let t: TestApp;
  let calendar: number;
  let readers: User[];
  let slotIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    const metals = await f.sector('Metals');
    const analyst = await f.analyst('Rory Race', { sectorIds: [metals] });
    await t.db.update(analysts).set({ email: 'rory@firm.test' }).where(eq(analysts.id, analyst));
    const [cal] = await t.db
      .insert(connectCalendars)
      .values({ analystId: analyst, timeZone: 'Europe/Berlin' })
      .returning({ id: connectCalendars.id });
    calendar = cal!.id;
    const now = t.clock();
    const ids = (
      await t.db
        .insert(users)
        .values(
          Array.from({ length: CLIENTS }, (_, i) => ({
            email: `racer${i}@reader.test`,
            firstName: 'Racer',
            lastName: String(i),
            passwordHash: 'not-a-password',
            type: 'client' as const,
            emailVerifiedAt: now,
            activatedAt: now,
            createdAt: now,
          })),
        )
        .returning({ id: users.id })
    ).map((row) => row.id);
    for (const id of ids) await f.subscribe(id, [metals]);
    readers = await t.db.select().from(users).where(inArray(users.id, ids));
    slotIds = (
      await t.db
        .insert(connectSlots)
        .values(
          Array.from({ length: ROUNDS + 2 }, (_, i) => ({
            calendarId: calendar,
            startsAt: new Date(now.getTime() + (24 + i) * HOUR_MS),
          })),
        )
        .returning({ id: connectSlots.id })
    ).map((row) => row.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const book = (reader: User, slotId: number) =>
    t.app.services.slots.book(reader, { personId: reader.personId!, slotId, calendarId: calendar });

  it('50 readers booking one slot: exactly one wins, every round, and nothing is left over', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const slotId = slotIds[round]!;
      const outcomes = await Promise.all(readers.map((reader) => book(reader, slotId)));
      const winners = outcomes.filter((o) => o.code === 200 && o.reply.Status === 'success');
      expect(winners, `round ${round}`).toHaveLength(1);
      const losers = outcomes.filter((o) => o.code === 409);
      expect(losers, `round ${round}`).toHaveLength(CLIENTS - 1);
      for (const loser of losers) expect(loser.reply.ReasonText).toBe(server.slotTaken);
    }

    const roundSlots = slotIds.slice(0, ROUNDS);
    const live = rowsOf<{ slot_id: number; n: string | number }>(
      await t.db.execute(sql`select slot_id, count(*) as n from connect_bookings
        where cancelled_at is null group by slot_id`),
    );
    expect(live.map((r) => r.slot_id).sort((a, b) => a - b)).toEqual(roundSlots);
    expect(live.every((r) => Number(r.n) === 1)).toBe(true);
    // the losers wrote nothing: one booking row per round
    expect(await t.db.select({ id: connectBookings.id }).from(connectBookings)).toHaveLength(ROUNDS);
    const [orphans] = rowsOf<{ bookings: string | number; mails: string | number }>(
      await t.db.execute(sql`select
        (select count(*) from connect_bookings b where not exists
          (select 1 from connect_slots s where s.id = b.slot_id)) as bookings,
        (select count(*) from email_outbox m where m.calendar is null or not exists
          (select 1 from connect_bookings b
           where m.calendar->>'content' like '%UID:connect-slot-booking-' || b.id || '@%')) as mails`),
    );
    expect(Number(orphans!.bookings)).toBe(0);
    expect(Number(orphans!.mails)).toBe(0);
    // the winner and the analyst, once per round
    const mails = await t.db.select({ to: emailOutbox.to }).from(emailOutbox);
    expect(mails).toHaveLength(ROUNDS * 2);
    expect(mails.filter((m) => m.to === 'rory@firm.test')).toHaveLength(ROUNDS);
  });

  it('one reader booking one slot 20 times at once holds it once', async () => {
    const slotId = slotIds[ROUNDS]!;
    const reader = readers[0]!;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => book(reader, slotId)));
    expect(outcomes.filter((o) => o.code === 200)).toHaveLength(1);
    expect(outcomes.filter((o) => o.reply.ReasonText === server.alreadyBooked)).toHaveLength(19);
    const rows = await t.db.select().from(connectBookings).where(eq(connectBookings.slotId, slotId));
    expect(rows).toHaveLength(1);
  });

  it('a cancel racing 49 bookings leaves at most one live booking', async () => {
    const slotId = slotIds[ROUNDS + 1]!;
    const [holder, ...others] = readers;
    expect((await book(holder!, slotId)).code).toBe(200);
    const cancelled = t.app.services.slots.cancel(holder!, {
      personId: holder!.personId!,
      slotId,
      calendarId: calendar,
    });
    const outcomes = await Promise.all([cancelled, ...others.map((reader) => book(reader, slotId))]);
    expect(outcomes[0]!.code).toBe(200);
    const live = await t.db
      .select()
      .from(connectBookings)
      .where(sql`${connectBookings.slotId} = ${slotId} and ${connectBookings.cancelledAt} is null`);
    expect(live.length).toBeLessThanOrEqual(1);
    expect(outcomes.slice(1).filter((o) => o.code === 200)).toHaveLength(live.length);
  });
});
