import { homeConstants, homeReply } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportReadingProgress } from '../../db/schema/index.ts';
import { catalogueFixtures, fixturePassword } from '../../test/catalogue-fixtures.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../../test/test-app.ts';

/**
 * Reading progress (PUT /report/:id/progress) and the signed-in home (GET /overall/home), issue 11. Runs with the
 * cache on (the default ttl), so that every write must show on the very next request.
 */
describe('reading progress and the signed-in home (issue 11)', () => {
  let t: TestApp;
  let reader: TestClient;
  let npi: TestClient;
  let anonymous: TestClient;
  let readerId = 0;
  const ids: Record<string, number> = {};

  const progressOf = async (userId: number, reportId: number) =>
    (
      await t.db
        .select()
        .from(reportReadingProgress)
        .where(and(eq(reportReadingProgress.userId, userId), eq(reportReadingProgress.reportId, reportId)))
    )[0];
  const put = (client: TestClient, id: number | string, body: unknown) =>
    client.request('PUT', `/api/report/${typeof id === 'number' ? `S-${id}` : id}/progress`, { body });
  const home = async (client: TestClient) => {
    const response = await client.get('/api/overall/home');
    expect(response.statusCode, response.body).toBe(200);
    return homeReply.parse(response.json());
  };
  const titles = (list: { data: { title: string }[] }) => list.data.map((card) => card.title);

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    const semis = await f.sector('Technology & Semiconductors');
    const banks = await f.sector('Banks');
    const energy = await f.sector('Energy');
    readerId = await f.user('ada@example.org');
    await f.user('nina@example.org', { type: 'npi' });
    await f.subscribe(readerId, [semis, energy]);
    const at = (day: number) => `2029-12-${String(day).padStart(2, '0')}T08:00:00Z`;
    // Eight semiconductor reports (more than a list shows), one energy report (linked sector only), bank reports.
    for (let day = 1; day <= 8; day++) {
      ids[`chips${day}`] = await f.report({ title: `Chips ${day}`, publishedAt: at(day), sectorId: semis });
    }
    ids.energy = await f.report({ title: 'Grid storage', publishedAt: at(9), sectorIds: [energy] });
    ids.bank = await f.report({
      title: 'Bank margins',
      publishedAt: at(20),
      sectorId: banks,
      mustRead: true,
    });
    ids.bankFree = await f.report({
      title: 'Free bank primer',
      publishedAt: at(15),
      sectorId: banks,
      freeAccess: true,
    });
    ids.oldMust = await f.report({
      title: 'Old must read',
      publishedAt: at(2),
      sectorId: semis,
      mustRead: true,
    });
    ids.newMust = await f.report({
      title: 'New must read',
      publishedAt: at(12),
      sectorId: semis,
      mustRead: true,
    });
    reader = await TestClient.signedIn(t.app, 'ada@example.org', fixturePassword);
    npi = await TestClient.signedIn(t.app, 'nina@example.org', fixturePassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('PUT /report/:id/progress', () => {
    it('keeps the furthest point and the latest time; sending it again is harmless', async () => {
      const id = ids.chips3!;
      expect((await put(reader, id, { fraction: 0.5 })).statusCode).toBe(200);
      const first = await progressOf(readerId, id);
      expect(first?.fraction).toBeCloseTo(0.5);
      t.clock.advance(60_000);
      const back = await put(reader, id, { fraction: 0.2 });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toEqual({ success: true });
      const after = await progressOf(readerId, id);
      expect(after?.fraction).toBeCloseTo(0.5);
      expect(after!.updatedAt.getTime()).toBe(first!.updatedAt.getTime() + 60_000);
      expect((await put(reader, id, { fraction: 0.5 })).statusCode).toBe(200);
      expect((await put(reader, id, { fraction: 0.75 })).statusCode).toBe(200);
      expect((await progressOf(readerId, id))?.fraction).toBeCloseTo(0.75);
      // the H- form of the id names the same report
      expect((await put(reader, `H-${id}`, { fraction: 0.8 })).statusCode).toBe(200);
      expect((await progressOf(readerId, id))?.fraction).toBeCloseTo(0.8);
    });

    it('refuses a report the reader may not open (403) or that does not exist (404), writing nothing', async () => {
      const before = await databaseDigest(t.db);
      const refused = await put(reader, ids.bank!, { fraction: 0.4 });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ success: false });
      expect((await put(reader, 999_999, { fraction: 0.4 })).statusCode).toBe(404);
      expect(await databaseDigest(t.db)).toBe(before);
      expect(await progressOf(readerId, ids.bank!)).toBeUndefined();
    });

    it('lets in what the viewer lets in: a free-access report outside the reader’s sectors', async () => {
      expect((await put(reader, ids.bankFree!, { fraction: 1 })).statusCode).toBe(200);
      expect((await progressOf(readerId, ids.bankFree!))?.fraction).toBe(1);
    });

    it('answers bad ids and fractions with the contract’s 400, and strangers with 401', async () => {
      const before = await databaseDigest(t.db);
      for (const body of [
        { fraction: 1.5 },
        { fraction: -0.1 },
        { fraction: '0.5x' },
        {},
        { fraction: null },
      ]) {
        const response = await put(reader, ids.chips1!, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
      for (const id of ['X-1', 'S-abc', 'S-99999999999', 'S--1']) {
        expect((await put(reader, id, { fraction: 0.5 })).statusCode, id).toBe(400);
      }
      expect((await put(anonymous, ids.chips1!, { fraction: 0.5 })).statusCode).toBe(401);
      expect(await databaseDigest(t.db)).toBe(before);
    });
  });

  describe('GET /overall/home', () => {
    it('lists the latest reports of the reader’s own sectors only, newest first, with the My Research link', async () => {
      const reply = await home(reader);
      expect(reply.variant).toBe('client');
      expect(reply.latestOf).toBe('sectors');
      expect(reply.latest.data).toHaveLength(homeConstants.listSize);
      expect(titles(reply.latest)).toEqual([
        'New must read',
        'Grid storage',
        'Chips 8',
        'Chips 7',
        'Chips 6',
        'Chips 5',
      ]);
      expect(reply.latest.data.every((card) => card.entitled)).toBe(true);
      expect(reply.latest.more).toBe('/search?tab=mine');
    });

    it('continue reading: unfinished reports, most recently read first; 90% and more counts as finished', async () => {
      t.clock.advance(1000);
      await put(reader, ids.chips1!, { fraction: 0.1 });
      t.clock.advance(1000);
      await put(reader, ids.chips2!, { fraction: homeConstants.finishedFraction });
      t.clock.advance(1000);
      await put(reader, ids.energy!, { fraction: 0.3 });
      const reply = await home(reader);
      // chips3 was read earlier (0.8), bankFree is finished (1), chips2 reached exactly 90%
      expect(titles(reply.continueReading)).toEqual(['Grid storage', 'Chips 1', 'Chips 3']);
      expect(reply.continueReading.data.map((card) => card.fraction)).toEqual([0.3, 0.1, 0.8]);
      expect(reply.continueReading.more).toBeNull();
      // reading on moves a report to the top at once (nothing cached in between)
      t.clock.advance(1000);
      await put(reader, ids.chips3!, { fraction: 0.85 });
      expect(titles((await home(reader)).continueReading)[0]).toBe('Chips 3');
      await put(reader, ids.chips3!, { fraction: 0.95 });
      expect(titles((await home(reader)).continueReading)).toEqual(['Grid storage', 'Chips 1']);
    });

    it('continue reading: a report opened in the viewer without any progress sent counts, a refused one does not', async () => {
      t.clock.advance(1000);
      expect((await reader.get(`/api/report/S-${ids.chips4}`)).statusCode).toBe(200);
      // not entitled: the viewer refuses, the access log says so, and it is no reading
      expect((await reader.get(`/api/report/S-${ids.bank}`)).statusCode).toBe(403);
      let reply = await home(reader);
      expect(titles(reply.continueReading)).toEqual(['Chips 4', 'Grid storage', 'Chips 1']);
      expect(reply.continueReading.data[0]?.fraction).toBe(0);
      // once it sends progress, progress decides: finished, it leaves the list
      await put(reader, ids.chips4!, { fraction: 1 });
      reply = await home(reader);
      expect(titles(reply.continueReading)).toEqual(['Grid storage', 'Chips 1']);
    });

    it('saved: newest saved first, and a save or an unsave shows on the next request', async () => {
      const save = (id: number, status: 0 | 1) => reader.post('/api/reports/save/', { id, status });
      expect((await home(reader)).saved.data).toEqual([]);
      expect((await save(ids.chips1!, 1)).statusCode).toBe(200);
      t.clock.advance(1000);
      await save(ids.bank!, 1);
      t.clock.advance(1000);
      await save(ids.chips8!, 1);
      let reply = await home(reader);
      expect(reply.saved.more).toBe('/SavedResearches');
      // saved_at order, not publication order (Chips 8 is newer than Chips 1, Bank margins newest of all)
      expect(titles(reply.saved)).toEqual(['Chips 8', 'Bank margins', 'Chips 1']);
      expect(reply.saved.data.every((card) => card.saved)).toBe(true);
      // the same report on another list carries the same flag
      expect(reply.latest.data.find((card) => card.title === 'Chips 8')?.saved).toBe(true);
      await save(ids.chips8!, 0);
      reply = await home(reader);
      expect(titles(reply.saved)).toEqual(['Bank margins', 'Chips 1']);
      expect(reply.latest.data.find((card) => card.title === 'Chips 8')?.saved).toBe(false);
    });

    it('Must Read: flagged reports, newest first, entitled per reader', async () => {
      const reply = await home(reader);
      expect(titles(reply.mustRead)).toEqual(['Bank margins', 'New must read', 'Old must read']);
      expect(reply.mustRead.data.map((card) => card.entitled)).toEqual([false, true, true]);
      expect(reply.mustRead.more).toBe('/search');
    });

    it('an npi reader gets its own variant: the latest reports it may read, leading to its research page', async () => {
      const reply = await home(npi);
      expect(reply.variant).toBe('npi');
      expect(reply.latestOf).toBe('readable');
      // no matrix: the free-access report is what this reader may open
      expect(titles(reply.latest)).toEqual(['Free bank primer']);
      expect(reply.latest.data[0]?.entitled).toBe(true);
      expect(reply.latest.more).toBe('/search');
      expect(titles(reply.mustRead)).toEqual(['Bank margins', 'New must read', 'Old must read']);
      expect(reply.continueReading.data).toEqual([]);
      // another reader's progress and saves are not this reader's
      expect(reply.saved.data).toEqual([]);
    });

    it('is for signed-in readers only', async () => {
      expect((await anonymous.get('/api/overall/home')).statusCode).toBe(401);
    });
  });
});
