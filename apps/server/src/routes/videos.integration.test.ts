import { type TranscriptEntry, messagesVideos as texts, type VideoItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAnalysts, videoSectors, videos } from '../db/schema/index.ts';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// Video replays (issue 25; spec 2 and 3 "Videos and transcripts"): who may watch what (the reports' rule), the
// list and its side panels, saving, heartbeats, the film with byte ranges and transcripts with their versions.
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
  const seen: Change[] = [];
  const film = Buffer.alloc(100_000, 3);

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const f = await catalogueFixtures(t.db);
    const sector = await f.sector('Semiconductors');
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
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('video', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (who: TestClient, path = '/api/videos') => {
    const reply = await who.get(path);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as VideoItem[];
  };

  it('is for signed-in readers, and lists only the replays each may watch (the reports’ rule)', async () => {
    for (const path of [
      '/api/videos',
      '/api/videos/most_watch',
      '/api/videos/saved',
      `/api/videos/${freeId}/file`,
    ])
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
    expect((await anonymous.request('POST', `/api/videos/${freeId}`)).statusCode).toBe(401);
    const mine = await list(client);
    expect(mine.map((v) => v.id)).toEqual([freeId, noFileId]);
    expect(mine[0]).toMatchObject({
      doc_id: 'V-1',
      title: 'Foundry and HBM: the year ahead',
      analysts: [{ name: 'Wei-Lun Hsieh' }],
      sectors: [{ sName: 'Semiconductors' }],
      video_path: `/videos/${freeId}/file`,
      transcript_path: null,
      duration: 180,
      saved: false,
      published_date: '2026-11-20T08:00:00.000Z',
    });
    expect((await list(admin)).map((v) => v.id)).toEqual([lockedId, freeId, noFileId]);
    // The player's calls refuse a replay outside the reader's entitlement, and one that does not exist.
    expect((await client.request('POST', `/api/videos/${lockedId}`)).statusCode).toBe(403);
    expect((await client.get(`/api/videos/${lockedId}/file`)).statusCode).toBe(403);
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
    const whole = await client.get(`/api/videos/${freeId}/file`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(film.length);
    const middle = await client.request('GET', `/api/videos/${freeId}/file`, {
      headers: { range: 'bytes=50000-50099' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 50000-50099/${film.length}`);
    expect(middle.rawPayload.length).toBe(100);
    const past = await client.request('GET', `/api/videos/${freeId}/file`, {
      headers: { range: 'bytes=200000-' },
    });
    expect(past.statusCode).toBe(416);
    expect((await client.get(`/api/videos/${noFileId}/file`)).statusCode).toBe(404);
  });

  it('saves a transcript (admin, CSRF), sanitised, over the version it was edited from only', async () => {
    const path = `/api/videos/${freeId}/transcript`;
    expect((await client.get(path)).statusCode).toBe(404);
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
    expect((await list(client)).find((v) => v.id === freeId)?.transcript_path).toBe(
      `/videos/${freeId}/transcript`,
    );
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
    // not for a replay the reader may not watch
    expect((await client.get(`/api/videos/${lockedId}/transcript`)).statusCode).toBe(403);
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
});
