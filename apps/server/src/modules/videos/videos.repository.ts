import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { type StoredTranscriptEntry, savedVideos, videos, videoWatch } from '../../db/schema/index.ts';

/**
 * A replay with what decides who may watch it and what the list shows. Its rule is that of what it records: the
 * linked report's (free access, main sector, sectors; only while the report is published), else the CONNECT
 * event's sectors, else its own free access and sectors. `sectors` are the ones the rule reads, so the cards show
 * the sectors that let a reader in.
 */
export interface VideoRow {
  id: number;
  doc_id: string;
  title: string;
  description: string;
  coverage: string;
  published_date: string;
  video_key: string;
  duration: number | null;
  free_access: boolean;
  /** the linked report's main sector (null without a report) */
  sector_id: number | null;
  event_id: number | null;
  report_id: number | null;
  /** false when the linked report is not (or no longer) published: only admins may watch then */
  source_published: boolean;
  has_transcript: boolean;
  /** the player's message, stored sanitised HTML (null: none) */
  message: string | null;
  analysts: { id: number; name: string }[];
  sectors: { id: number; sName: string }[];
}

const sectorsJson = (join: SQL) => sql`coalesce((select json_agg(json_build_object('id', s.id,
  'sName', s.name) order by s.id) from ${join}), '[]'::json)`;

const videoSelect = sql`
  select v.id, v.doc_id, v.title, v.description, v.coverage, v.video_key, v.duration_seconds as duration,
    coalesce(r.free_access, v.free_access) as free_access, r.sector_id, v.event_id, v.report_id,
    (r.id is null or r.state = 'published') as source_published,
    (v.transcript is not null) as has_transcript, v.message,
    to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_date,
    coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by va.position, a.id)
      from video_analysts va join analysts a on a.id = va.analyst_id where va.video_id = v.id), '[]'::json) as analysts,
    case
      when r.id is not null then ${sectorsJson(sql`sectors s where s.id = r.sector_id or s.id in (select rs.sector_id from report_sectors rs where rs.report_id = r.id)`)}
      when v.event_id is not null then ${sectorsJson(sql`connect_event_sectors es join sectors s on s.id = es.sector_id where es.event_id = v.event_id`)}
      else ${sectorsJson(sql`video_sectors vs join sectors s on s.id = vs.sector_id where vs.video_id = v.id`)}
    end as sectors
  from videos v left join reports r on r.id = v.report_id`;

const toRow = (row: VideoRow): VideoRow => ({
  ...row,
  id: Number(row.id),
  duration: row.duration === null ? null : Number(row.duration),
  sector_id: row.sector_id === null ? null : Number(row.sector_id),
  event_id: row.event_id === null ? null : Number(row.event_id),
  report_id: row.report_id === null ? null : Number(row.report_id),
});

/** Every replay, newest first (a firm has tens of them: the list is filtered by entitlement in the service). */
export const listVideos = async (db: Executor): Promise<VideoRow[]> =>
  rowsOf<VideoRow>(await db.execute(sql`${videoSelect} order by v.published_at desc, v.id desc`)).map(toRow);

export const savedVideoIds = async (db: Executor, userId: number) =>
  new Set(
    (
      await db.select({ id: savedVideos.videoId }).from(savedVideos).where(eq(savedVideos.userId, userId))
    ).map((row) => row.id),
  );

/** Saves the replay for the reader, or unsaves it; answers the new state. */
export const toggleSavedVideo = async (db: Executor, userId: number, videoId: number, at: Date) => {
  const removed = await db
    .delete(savedVideos)
    .where(and(eq(savedVideos.userId, userId), eq(savedVideos.videoId, videoId)))
    .returning({ id: savedVideos.videoId });
  if (removed.length > 0) return false;
  await db.insert(savedVideos).values({ userId, videoId, createdAt: at }).onConflictDoNothing();
  return true;
};

/** Seconds watched per replay, by every reader (Most Watched ranks by it). */
export const watchedSeconds = async (db: Executor) =>
  new Map(
    rowsOf<{ video_id: number; seconds: number }>(
      await db.execute(
        sql`select video_id, sum(seconds_watched)::float8 as seconds from video_watch group by video_id`,
      ),
    ).map((row) => [Number(row.video_id), Number(row.seconds)]),
  );

/** The reader's watch record of a replay: where they left it, how long and how far they watched. */
export const watchOf = async (db: Executor, userId: number, videoId: number) => {
  const [row] = await db
    .select({
      position: videoWatch.lastPosition,
      seconds: videoWatch.secondsWatched,
      furthest: videoWatch.furthestSecond,
    })
    .from(videoWatch)
    .where(and(eq(videoWatch.userId, userId), eq(videoWatch.videoId, videoId)));
  return row ?? { position: 0, seconds: 0, furthest: 0 };
};

/** One heartbeat: adds the seconds watched, keeps the furthest point and the position. */
export const recordWatch = async (
  db: Executor,
  watch: { userId: number; videoId: number; position: number; watched: number; at: Date },
) => {
  await db
    .insert(videoWatch)
    .values({
      userId: watch.userId,
      videoId: watch.videoId,
      secondsWatched: watch.watched,
      furthestSecond: watch.position,
      lastPosition: watch.position,
      updatedAt: watch.at,
    })
    .onConflictDoUpdate({
      target: [videoWatch.userId, videoWatch.videoId],
      set: {
        secondsWatched: sql`${videoWatch.secondsWatched} + ${watch.watched}`,
        furthestSecond: sql`greatest(${videoWatch.furthestSecond}, ${watch.position})`,
        lastPosition: watch.position,
        updatedAt: watch.at,
      },
    });
};

export const readTranscript = async (db: Executor, videoId: number) => {
  const [row] = await db
    .select({ transcript: videos.transcript, version: videos.transcriptVersion })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row ?? null;
};

/**
 * Stores a transcript if the stored one is still at `version` (compare and set in one statement); answers the new
 * version, 'stale' when another save came first, or null when there is no such replay.
 */
export const saveTranscript = async (
  db: Executor,
  videoId: number,
  entries: StoredTranscriptEntry[],
  version: number,
  at: Date,
): Promise<number | 'stale' | null> => {
  const [updated] = await db
    .update(videos)
    .set({
      transcript: entries,
      transcriptVersion: sql`${videos.transcriptVersion} + 1`,
      transcriptUpdatedAt: at,
    })
    .where(and(eq(videos.id, videoId), eq(videos.transcriptVersion, version)))
    .returning({ version: videos.transcriptVersion });
  if (updated) return updated.version;
  const [exists] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
  return exists ? 'stale' : null;
};

/**
 * Transcript lines of the given replays that hold every one of `words` (case-insensitive), in the replays' order
 * and each replay's line order; at most `perVideo` lines a replay.
 */
export const searchTranscripts = async (
  db: Executor,
  videoIds: readonly number[],
  words: readonly string[],
  perVideo: number,
) => {
  if (videoIds.length === 0 || words.length === 0) return [];
  const patterns = words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const conditions = sql.join(
    patterns.map((pattern) => sql`line.value->>'text' ilike ${pattern}`),
    sql` and `,
  );
  const rows = rowsOf<{ id: number; text: string; start: string; rank: number }>(
    await db.execute(sql`
      select id, text, start from (
        select v.id, line.value->>'text' as text, line.value->'instances'->0->>'start' as start,
          v.published_at, line.position,
          row_number() over (partition by v.id order by line.position) as rank
        from videos v cross join lateral jsonb_array_elements(v.transcript) with ordinality as line(value, position)
        where v.transcript is not null and v.id in (${sql.join(
          videoIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and ${conditions}
      ) found
      where rank <= ${perVideo}
      order by published_at desc, id desc, position`),
  );
  return rows.map((row) => ({ id: Number(row.id), text: row.text, start: row.start }));
};
