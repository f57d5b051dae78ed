import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, like, lt } from 'drizzle-orm';
import { connectEvents, sectors, videoAnalysts, videoSectors, videos } from '../db/schema/index.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import { connectCampaignSeeds } from './connect-content.ts';
import { cachedReplay, replayToolsAvailable } from './replays/make-replay.ts';
import { demoReplayScripts, type ReplayScript } from './replays/replay-scripts.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';

/** The replay stored without its transcript (the "one without a transcript"). */
const withoutTranscript = 'asia-semiconductor-yearbook-briefing';

/**
 * Encoded films are kept here between seeds (by script and generator version): a second demo database, a test
 * run or a restart on a new data folder reuses them instead of encoding again (about 40 s for the four).
 */
const cacheDir = () => path.join(tmpdir(), 'portal-replay-cache');

/** The past CONNECT event a replay records, found by its seeded name ('{M}' is the month of the event). */
const eventNamePattern = (script: ReplayScript) => {
  const seed = connectCampaignSeeds.flatMap((c) => c.events).find((e) => e.slug === script.eventSlug);
  return seed ? seed.name.replace('{M}', '%') : null;
};

/**
 * The demo's video replays (issue 25): the recordings of the three past CONNECT events and an analyst briefing,
 * spoken by espeak-ng over slides and encoded by ffmpeg (seed/replays), with their line-by-line transcripts (the
 * briefing has none yet). Needs the catalogue (analysts, sectors) and the CONNECT seed (its events); without
 * ffmpeg and espeak-ng the demo has no replays, and the log says why.
 */
export const replaysSeed: SeedModule = {
  name: 'replays',
  run: (ctx) => seedReplays(ctx, demoReplayScripts),
};

/** Seeds `scripts` as replays (the demo's four; a test's short one). Idempotent by each replay's doc id. */
export const seedReplays = async (ctx: SeedContext, scripts: readonly ReplayScript[]) => {
  const { db, clock } = ctx;
  const storage: Storage = ctx.storage ?? createStorage(ctx.config);
  const sectorRows = await db.select({ id: sectors.id, name: sectors.name }).from(sectors);
  if (sectorRows.length === 0) {
    ctx.log.info({ module: 'replays' }, 'No demo catalogue: the demo replays are not seeded');
    return;
  }
  if (!replayToolsAvailable()) {
    ctx.log.warn(
      { module: 'replays' },
      'The demo replays need ffmpeg and espeak-ng (apt-get install ffmpeg espeak-ng): none seeded',
    );
    return;
  }
  const sectorIds = new Map(sectorRows.map((row) => [row.name, row.id]));
  const now = clock();
  for (const [index, script] of scripts.entries()) {
    const replay = await cachedReplay(script, cacheDir());
    const key = `replays/${script.slug}.mp4`;
    await storage.put(key, replay.video, 'video/mp4');
    const pattern = eventNamePattern(script);
    const [event] = pattern
      ? await db
          .select({ id: connectEvents.id, startsAt: connectEvents.startsAt })
          .from(connectEvents)
          .where(and(like(connectEvents.name, pattern), lt(connectEvents.startsAt, now)))
          .limit(1)
      : [];
    // Published the day after its event; the briefing a week ago.
    const publishedAt = event
      ? new Date(event.startsAt.getTime() + 24 * 3600 * 1000)
      : new Date(now.getTime() - (7 + index) * 24 * 3600 * 1000);
    const [row] = await db
      .insert(videos)
      .values({
        docId: `RPL-${script.slug}`,
        title: script.title,
        description: script.description,
        coverage: 'Asia',
        publishedAt,
        videoKey: key,
        durationSeconds: replay.durationSeconds,
        freeAccess: false,
        eventId: event?.id ?? null,
        transcript: script.slug === withoutTranscript ? null : replay.transcript,
      })
      .onConflictDoNothing()
      .returning({ id: videos.id });
    if (!row) continue;
    const ids = script.sectors.flatMap((name) => {
      const id = sectorIds.get(name);
      return id === undefined ? [] : [id];
    });
    if (ids.length > 0)
      await db.insert(videoSectors).values(ids.map((sectorId) => ({ videoId: row.id, sectorId })));
    if (script.analystIds.length > 0)
      await db
        .insert(videoAnalysts)
        .values(script.analystIds.map((analystId, position) => ({ videoId: row.id, analystId, position })));
  }
};
