import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, videoAnalysts, videoSectors, videos } from '../db/schema/index.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, silentLog, type TestApp } from '../test/test-app.ts';
import { demoPassword } from './accounts.ts';
import { replayToolsAvailable } from './replays/make-replay.ts';
import { demoReplayScripts, type ReplayScript } from './replays/replay-scripts.ts';
import { seedReplaySources, seedReplays } from './replays.ts';

// The replays seed (issue 25) on the demo catalogue and CONNECT data: a short replay of the Japan governance
// breakfast (the demo's script, cut to one slide of two lines so that the test encodes seconds, not minutes) is
// stored, linked to its past event, its sectors and speakers, with the transcript of what is said, and served to
// readers by the videos API.
const governance = demoReplayScripts.find((s) => s.eventSlug === 'apif-tokyo-governance')!;
const shortReplay: ReplayScript = {
  ...governance,
  slug: 'test-governance-replay',
  slides: [{ ...governance.slides[0]!, lines: governance.slides[0]!.lines.slice(0, 2) }],
};

describe.skipIf(!replayToolsAvailable())('the replays seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ catalogue: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('stores the replay with its event, sectors, speakers and transcript; the API serves it', async () => {
    const ctx = {
      db: t.db,
      config: t.config,
      clock: t.clock,
      log: silentLog,
      storage: t.app.services.storage,
    };
    await seedReplays(ctx, [shortReplay]);
    // idempotent: a second run adds nothing
    await seedReplays(ctx, [shortReplay]);
    const rows = await t.db.select().from(videos).where(eq(videos.docId, 'RPL-test-governance-replay'));
    expect(rows).toHaveLength(1);
    const video = rows[0]!;
    const [event] = await t.db.select().from(connectEvents).where(eq(connectEvents.id, video.eventId!));
    expect(event?.name).toBe('Japan Corporate Governance Breakfast');
    expect(video.publishedAt.getTime()).toBe(event!.startsAt.getTime() + 24 * 3600 * 1000);
    expect(video.transcript?.map((entry) => entry.text)).toEqual(shortReplay.slides[0]!.lines);
    expect(video.durationSeconds).toBeGreaterThan(3);
    expect(await t.db.select().from(videoSectors).where(eq(videoSectors.videoId, video.id))).toHaveLength(
      governance.sectors.length,
    );
    expect(
      (await t.db.select().from(videoAnalysts).where(eq(videoAnalysts.videoId, video.id))).map(
        (a) => a.analystId,
      ),
    ).toEqual(governance.analystIds);

    // What it records: its event's sectors (the seed's), and the player's message says when and where.
    await seedReplaySources(ctx, [shortReplay]);
    const admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    const listed = (await admin.get('/api/videos')).json().data as {
      id: number;
      title: string;
      sectors: { sName: string }[];
    }[];
    const item = listed.find((v) => v.title === governance.title);
    expect(item?.sectors.map((s) => s.sName).sort()).toEqual(
      ['Industrials & Infrastructure', 'Technology & Semiconductors'].sort(),
    );
    const access = (await admin.request('POST', `/api/videos/${video.id}`)).json().data;
    expect(access.msg).toMatch(
      /^<p>Recorded at <strong>Japan Corporate Governance Breakfast<\/strong> in Tokyo on \d{1,2} \w+ \d{4}\. /,
    );
    const transcript = await admin.get(`/api${access.transcript_path}`);
    expect(transcript.json().data.map((entry: { text: string }) => entry.text)).toEqual(
      shortReplay.slides[0]!.lines,
    );
    const film = await admin.get(`/api${access.video_path}`);
    expect(film.statusCode).toBe(200);
    expect(film.headers['content-type']).toBe('video/mp4');
    expect(film.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  }, 120_000);
});
