import { tmpdir } from 'node:os';
import path from 'node:path';
import { reportPath } from '@portal/contract';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, like, lt } from 'drizzle-orm';
import {
  connectEventSectors,
  connectEvents,
  reports,
  sectors,
  videoAnalysts,
  videoSectors,
  videos,
} from '../db/schema/index.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import { connectCampaignSeeds } from './connect-content.ts';
import { cachedReplay, escapeSvg as escapeHtml, replayToolsAvailable } from './replays/make-replay.ts';
import { demoReplayScripts, type ReplayScript } from './replays/replay-scripts.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';
import { yearbookTitle } from './viewer.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The replay stored without its transcript (the "one without a transcript"). */
const withoutTranscript = 'asia-semiconductor-yearbook-briefing';

/**
 * Encoded films are kept here between seeds (by script and generator version): a second demo database, a test
 * run or a restart on a new data folder reuses them instead of encoding again (about 40 s for the four).
 */
const cacheDir = () => path.join(tmpdir(), 'portal-replay-cache');

/** A seeded CONNECT event's name as a LIKE pattern ('{M}', the month of the event, is any text). */
const namePattern = (name: string) => name.replace('{M}', '%');

/** The past CONNECT event a replay records, found by its seeded name. */
const eventNamePattern = (script: ReplayScript) => {
  const seed = connectCampaignSeeds.flatMap((c) => c.events).find((e) => e.slug === script.eventSlug);
  return seed ? namePattern(seed.name) : null;
};

/** The report a replay without an event goes with (by its seeded title): its rule decides who may watch. */
const replayReports: Record<string, string> = { [withoutTranscript]: yearbookTitle };

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

/**
 * What each replay records, for its readers and its player (issue 25): the sectors of every CONNECT event (a
 * replay of an event is for the readers of its sectors), the report the briefing goes with (its rule), and each
 * replay's player message (msg: when and where it was recorded, with the views as of that day). A module of its own
 * so that a database seeded before these existed gets them too; it changes nothing that is already set.
 */
export const replaySourcesSeed: SeedModule = {
  name: 'replay-sources',
  run: (ctx) => seedReplaySources(ctx, demoReplayScripts),
};

/** The events' sectors, and the links and messages of the replays of `scripts` (the demo's four; a test's). */
export const seedReplaySources = async (ctx: SeedContext, scripts: readonly ReplayScript[]) => {
  const { db } = ctx;
  const sectorIds = new Map(
    (await db.select({ id: sectors.id, name: sectors.name }).from(sectors)).map((row) => [row.name, row.id]),
  );
  for (const seed of connectCampaignSeeds.flatMap((campaign) => campaign.events)) {
    const ids = seed.sectors.flatMap((name) => sectorIds.get(name) ?? []);
    const events = await db
      .select({ id: connectEvents.id })
      .from(connectEvents)
      .where(like(connectEvents.name, namePattern(seed.name)));
    const rows = events.flatMap((event) => ids.map((sectorId) => ({ eventId: event.id, sectorId })));
    if (rows.length > 0) await db.insert(connectEventSectors).values(rows).onConflictDoNothing();
  }

  for (const script of scripts) {
    const [video] = await db
      .select({
        id: videos.id,
        eventId: videos.eventId,
        reportId: videos.reportId,
        message: videos.message,
        publishedAt: videos.publishedAt,
      })
      .from(videos)
      .where(eq(videos.docId, `RPL-${script.slug}`));
    if (!video || video.message !== null) continue;
    const reportTitle = replayReports[script.slug];
    const [report] = reportTitle
      ? await db
          .select({ id: reports.id, publishedAt: reports.publishedAt })
          .from(reports)
          .where(eq(reports.title, reportTitle))
          .limit(1)
      : [];
    // A briefing on a report is given after the report is out: the day after it (never later than now).
    const recordedAt = report
      ? new Date(Math.min(report.publishedAt.getTime() + 24 * 3600 * 1000, ctx.clock().getTime()))
      : video.publishedAt;
    const [event] = video.eventId
      ? await db
          .select({
            name: connectEvents.name,
            city: connectEvents.city,
            startsAt: connectEvents.startsAt,
            zone: connectEvents.timeZone,
          })
          .from(connectEvents)
          .where(eq(connectEvents.id, video.eventId))
      : [];
    const asOf = (at: Date, zone: string) => dayjs(at).tz(zone).format('D MMMM YYYY');
    const views =
      'The views are the speakers’ as of that day; our latest research has the current ratings and forecasts.';
    const message = event
      ? `<p>Recorded at <strong>${escapeHtml(event.name)}</strong> in ${escapeHtml(event.city)} on ${asOf(event.startsAt, event.zone)}. ${views}</p>`
      : report && reportTitle
        ? `<p>Recorded on ${asOf(recordedAt, 'Asia/Singapore')}. The figures in this briefing are from our report <a href="${reportPath(report.id, reportTitle)}">${escapeHtml(reportTitle)}</a>. ${views}</p>`
        : null;
    await db
      .update(videos)
      .set({ reportId: video.reportId ?? report?.id ?? null, message, publishedAt: recordedAt })
      .where(eq(videos.id, video.id));
    // the report's own link to its replay (the viewer's related entries open /connect/videos/{video})
    if (report)
      await db
        .update(reports)
        .set({ videoId: String(video.id) })
        .where(eq(reports.id, report.id));
  }
};
