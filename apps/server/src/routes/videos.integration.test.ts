import { type TranscriptEntry, messagesVideos as texts, type VideoItem } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectCampaigns,
  connectEventSectors,
  connectEvents,
  reports,
  users,
  videoAnalysts,
  videoSectors,
  videos,
} from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// Video replays (issue 25; spec 2 and 3 "Videos and transcripts"): who may watch what (the reports' rule, on the
// replay's report, else its event, else its own sectors), the list and its side panels, saving, heartbeats, the film
// and transcript by short-lived signed URLs (byte ranges), transcripts with their versions, the player's message.
const line = (id: string, text: string, start: string, end: string): TranscriptEntry => ({
  id,
  text,
  instances: [{ start, end }],
});

describe('video replays', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  let freeId: number;
  let lockedId: number;
  let noFileId: number;
  let sector: number;
  let energy: number;
  const seen: Change[] = [];
  const film = Buffer.alloc(100_000, 3);

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    sector = await f.sector('Semiconductors');
    energy = await f.sector('Energy');
    const analyst = await f.analyst('Wei-Lun Hsieh', { sectorIds: [sector] });
    await t.app.services.storage.put('replays/free.mp4', film, 'video/mp4');
    await t.app.services.storage.put('replays/locked.mp4', film, 'video/mp4');
    const rows = await t.db
      .insert(videos)
      .values([
        {
          docId: 'V-1',
          title: 'Foundry and HBM: the year ahead',
          description: 'Our semiconductor analysts on capacity, pricing and packaging.',
          coverage: 'Asia',
          publishedAt: new Date('2026-11-20T08:00:00Z'),
          videoKey: 'replays/free.mp4',
          durationSeconds: 180,
          freeAccess: true,
          transcript: null,
        },
        {
          docId: 'V-2',
          title: 'Semiconductor day replay',
          publishedAt: new Date('2026-11-25T08:00:00Z'),
          videoKey: 'replays/locked.mp4',
          durationSeconds: 200,
          freeAccess: false,
        },
        {
          docId: 'V-3',
          title: 'A replay whose file is gone',
          publishedAt: new Date('2026-11-10T08:00:00Z'),
          videoKey: 'replays/missing.mp4',
          freeAccess: true,
        },
      ])
      .returning({ id: videos.id });
    [freeId, lockedId, noFileId] = rows.map((row) => row.id) as [number, number, number];
    await t.db.insert(videoSectors).values([
      { videoId: freeId, sectorId: sector },
      { videoId: lockedId, sectorId: sector },
    ]);
    await t.db.insert(videoAnalysts).values({ videoId: freeId, analystId: analyst, position: 0 });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    // The client reads Energy (not Semiconductors): set before any request, so no cache holds the old rule.
    const [reader] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'client@demo.test'));
    await f.subscribe(reader!.id, [energy]);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('video', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The reader's signed URLs of a replay (the access call), below /api. */
  const pathsOf = async (who: TestClient, id: number) => {
    const reply = await who.request('POST', `/api/videos/${id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const data = reply.json().data as VideoItem;
    return {
      film: `/api${data.video_path}`,
      transcript: data.transcript_path && `/api${data.transcript_path}`,
    };
  };
  const signedPath = expect.stringMatching(/^\/videos\/files\/[\w-]+\.[\w-]{43}$/);

  const list = async (who: TestClient, path = '/api/videos') => {
    const reply = await who.get(path);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as VideoItem[];
  };

  it('is for signed-in readers, and lists only the replays each may watch (the reports’ rule)', async () => {
    const { film: clientFilm } = await pathsOf(client, freeId);
    for (const path of ['/api/videos', '/api/videos/most_watch', '/api/videos/saved', clientFilm])
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
    expect((await anonymous.request('POST', `/api/videos/${freeId}`)).statusCode).toBe(401);
    const mine = await list(client);
    expect(mine.map((v) => v.id)).toEqual([freeId, noFileId]);
    expect(mine[0]).toMatchObject({
      doc_id: 'V-1',
      title: 'Foundry and HBM: the year ahead',
      analysts: [{ name: 'Wei-Lun Hsieh' }],
      sectors: [{ sName: 'Semiconductors' }],
      video_path: signedPath,
      transcript_path: null,
      duration: 180,
      saved: false,
      published_date: '2026-11-20T08:00:00.000Z',
    });
    expect((await list(admin)).map((v) => v.id)).toEqual([lockedId, freeId, noFileId]);
    // The player's calls refuse a replay outside the reader's entitlement, and one that does not exist.
    expect((await client.request('POST', `/api/videos/${lockedId}`)).statusCode).toBe(403);
    // (the admin's URL of it opens nothing for the client: it is bound to the admin's session)
    expect((await client.get((await pathsOf(admin, lockedId)).film)).statusCode).toBe(403);
    expect((await client.request('POST', `/api/videos/save/${lockedId}`)).statusCode).toBe(403);
    expect((await client.request('POST', '/api/videos/999999')).statusCode).toBe(404);
    for (const id of ['0', '-1', 'x', '1.5', '99999999999'])
      expect((await client.request('POST', `/api/videos/${id}`)).statusCode, id).toBe(400);
  });

  it('saves and unsaves a replay; the saved list shows it on the next request', async () => {
    seen.length = 0;
    expect((await client.request('POST', `/api/videos/save/${freeId}`, { csrf: false })).statusCode).toBe(
      403,
    );
    const saved = await client.request('POST', `/api/videos/save/${freeId}`);
    expect(saved.json()).toEqual({ success: true, saved: true });
    expect(seen).toEqual([{ kind: 'video', ids: [freeId] }]);
    expect((await list(client, '/api/videos/saved')).map((v) => v.id)).toEqual([freeId]);
    expect((await list(client)).find((v) => v.id === freeId)?.saved).toBe(true);
    expect((await list(admin, '/api/videos/saved')).map((v) => v.id)).toEqual([]);
    const unsaved = await client.request('POST', `/api/videos/save/${freeId}`);
    expect(unsaved.json()).toEqual({ success: true, saved: false });
    expect(await list(client, '/api/videos/saved')).toEqual([]);
  });

  it('counts watch time from heartbeats: Most Watched ranks by it, and the player resumes where the reader left', async () => {
    const beat = (who: TestClient, id: number, body: unknown) =>
      who.request('POST', `/api/videos/${id}/watch`, { body });
    expect(await list(client, '/api/videos/most_watch')).toEqual([]);
    expect((await beat(client, freeId, { position: 30, watched: 30 })).statusCode).toBe(200);
    expect((await beat(client, freeId, { position: 42.5, watched: 12.5 })).statusCode).toBe(200);
    expect((await beat(admin, noFileId, { position: 5, watched: 5 })).statusCode).toBe(200);
    expect((await list(client, '/api/videos/most_watch')).map((v) => v.id)).toEqual([freeId, noFileId]);
    const access = await client.request('POST', `/api/videos/${freeId}`);
    expect(access.statusCode, access.body).toBe(200);
    expect(access.json().data).toMatchObject({
      id: freeId,
      currentTime: 42.5,
      // 42.5 s watched; the furthest point 42.5 s of 180: 24%
      watched: { seconds: 43, furthest: 42.5, percent: 24 },
    });
    // A heartbeat claims at most a minute, never a negative time, and only for a replay the reader may watch.
    const writes = await countWrites(t.db);
    for (const body of [
      { position: 10, watched: 61 },
      { position: -1, watched: 1 },
      { watched: 1 },
      null,
      'x',
    ])
      expect((await beat(client, freeId, body)).statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    expect((await beat(client, lockedId, { position: 1, watched: 1 })).statusCode).toBe(403);
    expect(await writes()).toBe(0);
  });

  it('serves the film with byte ranges, read from that offset', async () => {
    const { film: path } = await pathsOf(client, freeId);
    const whole = await client.get(path);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(film.length);
    const middle = await client.request('GET', path, {
      headers: { range: 'bytes=50000-50099' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 50000-50099/${film.length}`);
    expect(middle.rawPayload.length).toBe(100);
    const past = await client.request('GET', path, {
      headers: { range: 'bytes=200000-' },
    });
    expect(past.statusCode).toBe(416);
    expect((await client.get((await pathsOf(client, noFileId)).film)).statusCode).toBe(404);
  });

  it('saves a transcript (admin, CSRF), sanitised, over the version it was edited from only', async () => {
    expect((await pathsOf(client, freeId)).transcript).toBeNull();
    const entries = [
      line(
        '1',
        'Welcome to our <b>foundry</b> outlook.<script>steal()</script>',
        '0:00:00.000',
        '0:00:04.200',
      ),
      line('2', 'Capacity stays tight &amp; pricing holds.', '0:00:04.500', '0:00:09.000'),
    ];
    const save = (who: TestClient, body: unknown, csrf = true) =>
      who.request('POST', `/api/transcript/${freeId}`, { body, csrf });
    const writes = await countWrites(t.db);
    expect((await save(client, { transcript: entries, version: 0 })).statusCode).toBe(403);
    expect((await save(admin, { transcript: entries, version: 0 }, false)).statusCode).toBe(403);
    expect((await save(anonymous, { transcript: entries, version: 0 })).statusCode).toBe(401);
    // malformed transcripts: 4xx with the reason, nothing written
    const bad: [unknown, string?][] = [
      [{ transcript: [line('1', 'x', '0:00:05', '0:00:04')], version: 0 }, texts.transcriptTimes],
      [
        {
          transcript: [line('1', 'a', '0:00:05', '0:00:06'), line('2', 'b', '0:00:01', '0:00:02')],
          version: 0,
        },
        texts.transcriptTimes,
      ],
      [
        {
          transcript: [line('1', 'a', '0:00:01', '0:00:02'), line('1', 'b', '0:00:03', '0:00:04')],
          version: 0,
        },
        texts.duplicateLine,
      ],
      [{ transcript: [line('1', 'a', 'one second', '0:00:02')], version: 0 }, texts.transcriptInvalid],
      [{ transcript: [{ id: '1', text: 'a', instances: [] }], version: 0 }, texts.transcriptInvalid],
      [{ transcript: [line('1', 'a\u0000b', '0:00:01', '0:00:02')], version: 0 }],
      [{ transcript: [line('1', 'x'.repeat(2001), '0:00:01', '0:00:02')], version: 0 }, texts.lineTooLong],
      [{ transcript: 'not a list', version: 0 }],
      [{ transcript: [null, 'x', 7], version: 0 }],
      [{ transcript: entries }],
      [{ transcript: entries, version: -1 }],
      [null],
    ];
    for (const [body, message] of bad) {
      const reply = await save(admin, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(reply.body).toContain(message);
    }
    expect(
      (await admin.request('POST', '/api/transcript/999999', { body: { transcript: entries, version: 0 } }))
        .statusCode,
    ).toBe(404);
    expect(await writes()).toBe(0);

    seen.length = 0;
    const first = await save(admin, { transcript: entries, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { success: true, version: 1 } });
    expect(seen).toEqual([{ kind: 'video', ids: [freeId] }]);
    // The next request: the list names the transcript, and it reads sanitised.
    expect((await list(client)).find((v) => v.id === freeId)?.transcript_path).toEqual(signedPath);
    const path = (await pathsOf(client, freeId)).transcript!;
    // the transcript's URL is the reader's, like the film's
    expect((await admin.get(path)).statusCode).toBe(403);
    const read = await client.get(path);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      version: 1,
      data: [
        line('1', 'Welcome to our foundry outlook.', '0:00:00.000', '0:00:04.200'),
        line('2', 'Capacity stays tight & pricing holds.', '0:00:04.500', '0:00:09.000'),
      ],
    });
    // Two admins edited version 1: the first save wins, the second is refused and changes nothing.
    const mine = await save(admin, { transcript: [entries[0]!], version: 1 });
    expect(mine.json().data.version).toBe(2);
    const theirs = await save(admin, { transcript: entries, version: 1 });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(texts.transcriptChanged);
    expect((await client.get(path)).json().data).toHaveLength(1);
  });

  it('finds words spoken in the replays each reader may watch, with the second they are said at', async () => {
    const locked = [
      line('a', 'Foundry capacity stays tight into next year.', '0:00:01.000', '0:00:05.000'),
      line('b', 'We expect foundry pricing to hold.', '0:01:05.400', '0:01:09.000'),
    ];
    expect(
      (
        await admin.request('POST', `/api/transcript/${lockedId}`, {
          body: { transcript: locked, version: 0 },
        })
      ).statusCode,
    ).toBe(200);
    const search = async (who: TestClient, q: string) => {
      const reply = await who.get(`/api/videos/search?q=${encodeURIComponent(q)}`);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json().data as { id: number; hits: { second: number; text: string }[] }[];
    };
    // The client may watch the free replay only; its transcript has the one line left by the test above.
    expect(await search(client, 'FOUNDRY')).toEqual([
      expect.objectContaining({ id: freeId, hits: [{ second: 0, text: 'Welcome to our foundry outlook.' }] }),
    ]);
    const all = await search(admin, 'foundry');
    expect(all.map((r) => r.id)).toEqual([lockedId, freeId]);
    expect(all[0]!.hits.map((h) => h.second)).toEqual([1, 65]);
    // every word in one line; wildcards are words, not patterns
    expect((await search(admin, 'foundry pricing')).map((r) => r.hits.length)).toEqual([1]);
    expect(await search(admin, '%')).toEqual([]);
    expect(await search(admin, 'found_y')).toEqual([]);
    expect((await client.get('/api/videos/search?q=')).statusCode).toBe(400);
    expect((await anonymous.get('/api/videos/search?q=foundry')).statusCode).toBe(401);
  });

  it('lets in by what the replay records: its report, else its event’s sectors, else its own', async () => {
    const [campaign] = await t.db
      .insert(connectCampaigns)
      .values({ title: 'Energy Transition Roundtables' })
      .returning({ id: connectCampaigns.id });
    const event = async (name: string, sectorId: number) => {
      const [row] = await t.db
        .insert(connectEvents)
        .values({
          campaignId: campaign!.id,
          name,
          startsAt: new Date('2026-11-01T08:00:00Z'),
          timeZone: 'Asia/Singapore',
          typePickId: 1,
        })
        .returning({ id: connectEvents.id });
      await t.db.insert(connectEventSectors).values({ eventId: row!.id, sectorId });
      return row!.id;
    };
    const f = {
      report: async (sectorId: number) => {
        const [row] = await t.db
          .insert(reports)
          .values({
            title: 'Semiconductor Yearbook',
            publishedAt: new Date('2026-11-02T08:00:00Z'),
            fileType: 'pdf',
            filePath: 'reports/yearbook.pdf',
            accessKey: 'k'.repeat(32),
            sectorId,
          })
          .returning({ id: reports.id });
        return row!.id;
      },
    };
    const energyEvent = await event('Grid Investment and the Cost of Capital', energy);
    const semisEvent = await event('Semiconductor Supply Chain Day', sector);
    const reportId = await f.report(sector);
    const rows = await t.db
      .insert(videos)
      .values([
        {
          docId: 'V-4',
          title: 'Grid replay',
          publishedAt: new Date('2026-11-02T08:00:00Z'),
          videoKey: 'replays/free.mp4',
          eventId: energyEvent,
        },
        {
          docId: 'V-5',
          title: 'Supply chain replay',
          publishedAt: new Date('2026-11-02T08:00:00Z'),
          videoKey: 'replays/free.mp4',
          eventId: semisEvent,
        },
        {
          docId: 'V-6',
          title: 'Yearbook briefing',
          publishedAt: new Date('2026-11-03T08:00:00Z'),
          videoKey: 'replays/free.mp4',
          // its own free access and sectors do not count: the report's rule does
          freeAccess: true,
          reportId,
          message:
            '<p onclick="steal()">Figures from our <a href="/reports/1_yearbook">Yearbook</a>.<script>steal()</script></p>',
        },
      ])
      .returning({ id: videos.id });
    const [grid, supply, briefing] = rows.map((row) => row.id) as [number, number, number];
    // the event's sectors decide, not the replay's own
    await t.db.insert(videoSectors).values({ videoId: supply, sectorId: energy });
    t.app.services.changes.publish({ kind: 'video' });

    const access = (who: TestClient, id: number) => who.request('POST', `/api/videos/${id}`);
    expect((await access(client, grid)).statusCode).toBe(200);
    expect((await list(client)).find((v) => v.id === grid)?.sectors).toEqual([
      { id: energy, sName: 'Energy' },
    ]);
    expect((await access(client, supply)).statusCode).toBe(403);
    expect((await access(client, briefing)).statusCode).toBe(403);
    const asAdmin = await access(admin, briefing);
    // the player's message, sanitised on the way out
    expect(asAdmin.json().data.msg).toBe(
      '<p>Figures from our <a rel="noopener noreferrer" href="/reports/1_yearbook">Yearbook</a>.</p>',
    );
    expect(asAdmin.json().data.sectors).toEqual([{ id: sector, sName: 'Semiconductors' }]);
    expect((await access(admin, grid)).json().data.msg).toBeNull();

    // The report is made free: the client may watch on the next request (the report's change reaches the cache).
    const adminFilm = (await pathsOf(admin, briefing)).film;
    await t.db.update(reports).set({ freeAccess: true }).where(eq(reports.id, reportId));
    t.app.services.changes.publish({ kind: 'report', ids: [reportId] });
    const { film } = await pathsOf(client, briefing);
    expect((await client.get(film)).statusCode).toBe(200);
    // Withdrawn: the client's still-valid URL opens nothing at once; admins may still watch.
    await t.db.update(reports).set({ state: 'withdrawn' }).where(eq(reports.id, reportId));
    t.app.services.changes.publish({ kind: 'report', ids: [reportId] });
    expect((await client.get(film)).statusCode).toBe(403);
    expect((await access(client, briefing)).statusCode).toBe(403);
    expect((await list(client)).map((v) => v.id)).not.toContain(briefing);
    expect((await admin.get(adminFilm)).statusCode).toBe(200);
  });

  it('opens a film only by the reader’s own short-lived URL, with the entitlement checked on every request', async () => {
    const { film } = await pathsOf(client, freeId);
    expect((await client.get(film)).statusCode).toBe(200);
    // another reader's session, a tampered or malformed token, and no session at all
    expect((await admin.get(film)).statusCode).toBe(403);
    expect((await admin.get(film)).json().message).toBe(texts.fileLinkInvalid);
    const [payload, signature] = film.slice('/api/videos/files/'.length).split('.') as [string, string];
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged[1] = lockedId;
    const forgedPath = `/api/videos/files/${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect((await client.get(forgedPath)).statusCode).toBe(403);
    for (const bad of ['x', 'a.b', `${payload}.${'A'.repeat(43)}`, `${'%00'.repeat(20)}.${'A'.repeat(43)}`])
      expect((await client.get(`/api/videos/files/${bad}`)).statusCode, bad).toBeGreaterThanOrEqual(400);
    expect((await anonymous.get(film)).statusCode).toBe(401);
    // A report file's signed URL is not a replay's, and the other way round: the keys and shapes differ.
    expect((await client.get(film.replace('/api/videos/files/', '/api/files/'))).statusCode).toBe(403);
    // Expired after the viewer's few minutes: 410 with the text; the access call makes a new one.
    t.clock.advance(301_000);
    const expired = await client.get(film);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(texts.fileLinkExpired);
    expect((await client.get((await pathsOf(client, freeId)).film)).statusCode).toBe(200);
  });
});
