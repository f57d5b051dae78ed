import {
  secondsOfTimestamp,
  type TranscriptEntry,
  type VideoItem,
  type VideoWatchBody,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { mayRead } from '../entitlements/entitlements.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import type { Clock } from '../runtime.ts';
import {
  listVideos,
  readTranscript,
  recordWatch,
  savedVideoIds,
  saveTranscript,
  searchTranscripts,
  toggleSavedVideo,
  type VideoRow,
  watchedSeconds,
  watchOf,
} from './videos.repository.ts';

/** The replay's film and transcript, below the API base: served by GET /videos/{id}/file and /transcript. */
export const videoFilePath = (id: number) => `/videos/${id}/file`;
export const transcriptPath = (id: number) => `/videos/${id}/transcript`;

/** Most Watched lists this many replays. */
const mostWatchedCount = 5;

/** The reader's watch time of a replay, from the player's heartbeats. */
export interface VideoWatched {
  seconds: number;
  furthest: number;
  percent: number | null;
}

export type VideoRefusal = {
  kind: 'refused';
  status: 403 | 404 | 409;
  reason: 'missing' | 'notEntitled' | 'stale';
};

/**
 * Video replays (issue 25): who may watch what (the reports' rule: free access, or one of the replay's sectors in
 * the reader's entitlement; admins everything), the list and its side panels, saving, heartbeats and transcripts.
 * Every write is one transaction that says `video` on the change feed.
 */
export const createVideosService = (deps: {
  db: Db;
  entitlements: Pick<EntitlementsService, 'entitlementFor'>;
  changes: ChangeFeed;
  clock: Clock;
  cacheTtlMs?: number;
}) => {
  const { db } = deps;
  // Every replay's row (tens of them), read by every call: kept for the cache's time and dropped by any `video`
  // change (a transcript saved: its has_transcript) or `analyst` change (their names on the cards).
  const rows = new LoadingCache<'all', VideoRow[]>({
    ttlMs: deps.cacheTtlMs ?? 0,
    max: 1,
    now: () => deps.clock().getTime(),
  });
  deps.changes.subscribe('video', () => rows.clear());
  deps.changes.subscribe('analyst', () => rows.clear());
  const allVideos = () => rows.getOrLoad('all', () => listVideos(db));

  const readable = async (user: User) => {
    const entitlement = await deps.entitlements.entitlementFor(user);
    return (video: VideoRow) =>
      mayRead(entitlement, {
        freeAccess: video.free_access,
        sectorId: null,
        sectorIds: video.sectors.map((s) => s.id),
      });
  };

  const itemOf = (video: VideoRow, saved: Set<number>): VideoItem => ({
    id: video.id,
    doc_id: video.doc_id,
    title: video.title,
    description: video.description,
    analysts: video.analysts,
    published_date: video.published_date,
    coverage: video.coverage,
    sectors: video.sectors,
    video_path: videoFilePath(video.id),
    transcript_path: video.has_transcript ? transcriptPath(video.id) : null,
    duration: video.duration,
    saved: saved.has(video.id),
    eventId: video.event_id,
  });

  /** The replay if this reader may watch it, else why not. */
  const watchable = async (user: User, id: number): Promise<VideoRow | VideoRefusal> => {
    const video = (await allVideos()).find((row) => row.id === id);
    if (!video) return { kind: 'refused', status: 404, reason: 'missing' };
    if (!(await readable(user))(video)) return { kind: 'refused', status: 403, reason: 'notEntitled' };
    return video;
  };

  const list = async (
    user: User,
    pick: (videos: VideoRow[], saved: Set<number>) => Promise<VideoRow[]> | VideoRow[],
  ) => {
    const [all, mayWatch, saved] = await Promise.all([
      listVideos(db),
      readable(user),
      savedVideoIds(db, user.id),
    ]);
    return (await pick(all.filter(mayWatch), saved)).map((video) => itemOf(video, saved));
  };

  return {
    watchable,

    /** GET /videos: every replay the reader may watch, newest first. */
    list: (user: User) => list(user, (videos) => videos),

    /** GET /videos/most_watch: the replays watched longest by all readers (of those this reader may watch). */
    mostWatched: (user: User) =>
      list(user, async (videos) => {
        const seconds = await watchedSeconds(db);
        return videos
          .filter((video) => (seconds.get(video.id) ?? 0) > 0)
          .sort((a, b) => (seconds.get(b.id) ?? 0) - (seconds.get(a.id) ?? 0) || b.id - a.id)
          .slice(0, mostWatchedCount);
      }),

    /**
     * GET /videos/search?q=: the replays the reader may watch whose transcript holds every word of `q` in one line,
     * with those lines (three a replay at most) and the second each is spoken at (the player's ?time=).
     */
    async search(user: User, q: string) {
      const words = [
        ...new Set(
          q
            .toLowerCase()
            .split(/\s+/)
            .filter((word) => word.length >= 2),
        ),
      ].slice(0, 8);
      const [all, mayWatch] = await Promise.all([allVideos(), readable(user)]);
      const watchableVideos = all.filter((video) => video.has_transcript && mayWatch(video));
      const lines = await searchTranscripts(
        db,
        watchableVideos.map((video) => video.id),
        words,
        3,
      );
      const byId = new Map(watchableVideos.map((video) => [video.id, video]));
      const results: {
        id: number;
        title: string;
        published_date: string;
        hits: { second: number; text: string }[];
      }[] = [];
      for (const line of lines) {
        const video = byId.get(line.id);
        if (!video) continue;
        let result = results.find((r) => r.id === line.id);
        if (!result) {
          result = { id: video.id, title: video.title, published_date: video.published_date, hits: [] };
          results.push(result);
        }
        result.hits.push({ second: Math.floor(secondsOfTimestamp(line.start) ?? 0), text: line.text });
      }
      return results;
    },

    /** GET /videos/saved: the reader's saved replays (those they may still watch). */
    saved: (user: User) => list(user, (videos, saved) => videos.filter((video) => saved.has(video.id))),

    /** POST /videos/save/{id}: saves the replay, or unsaves it; the new state. */
    async toggleSave(user: User, id: number): Promise<VideoRefusal | { kind: 'saved'; saved: boolean }> {
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      const saved = await writeTransaction(db, deps.changes, async (tx, note) => {
        const state = await toggleSavedVideo(tx, user.id, id, deps.clock());
        note({ kind: 'video', ids: [id] });
        return state;
      });
      return { kind: 'saved', saved };
    },

    /** POST /videos/{id} (access): the replay and where this reader left it. */
    async access(
      user: User,
      id: number,
    ): Promise<
      VideoRefusal | { kind: 'video'; video: VideoItem; currentTime: number; watched: VideoWatched }
    > {
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      const [saved, watch] = await Promise.all([savedVideoIds(db, user.id), watchOf(db, user.id, id)]);
      // The percentage watched is how far the reader got, of the film's length (known from the seed or upload).
      const percent = video.duration
        ? Math.min(100, Math.round((watch.furthest / video.duration) * 100))
        : null;
      return {
        kind: 'video',
        video: itemOf(video, saved),
        currentTime: watch.position,
        watched: { seconds: Math.round(watch.seconds), furthest: watch.furthest, percent },
      };
    },

    /** POST /videos/{id}/watch: a heartbeat (seconds watched since the last one, where the player is). */
    async watch(user: User, id: number, beat: VideoWatchBody): Promise<VideoRefusal | { kind: 'recorded' }> {
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      const limit = video.duration ?? Number.POSITIVE_INFINITY;
      await writeTransaction(db, deps.changes, async (tx, note) => {
        await recordWatch(tx, {
          userId: user.id,
          videoId: id,
          position: Math.min(beat.position, limit),
          watched: beat.watched,
          at: deps.clock(),
        });
        note({ kind: 'video', ids: [id] });
      });
      return { kind: 'recorded' };
    },

    /** The film's storage key, for a reader who may watch it. */
    async file(user: User, id: number): Promise<VideoRefusal | { kind: 'file'; key: string }> {
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      return { kind: 'file', key: video.video_key };
    },

    /** GET of transcript_path: the entries and their version (404 when the replay has none yet). */
    async transcript(
      user: User,
      id: number,
    ): Promise<VideoRefusal | { kind: 'transcript'; entries: TranscriptEntry[]; version: number }> {
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      const stored = await readTranscript(db, id);
      if (!stored?.transcript) return { kind: 'refused', status: 404, reason: 'missing' };
      return { kind: 'transcript', entries: stored.transcript, version: stored.version };
    },

    /**
     * POST /transcript/{videoId} (admin): the whole transcript, each line's text sanitised to plain text (markup and
     * scripts dropped),
     * saved only over the version it was edited from.
     */
    async saveTranscript(
      id: number,
      entries: TranscriptEntry[],
      version: number,
    ): Promise<VideoRefusal | { kind: 'saved'; version: number }> {
      const clean = entries.map((entry) => ({
        id: entry.id,
        text: plainTextOf(sanitizeStoredHtml(entry.text)),
        instances: entry.instances.map((instance) => ({ start: instance.start, end: instance.end })),
      }));
      const saved = await writeTransaction(db, deps.changes, async (tx, note) => {
        const outcome = await saveTranscript(tx, id, clean, version, deps.clock());
        if (typeof outcome === 'number') note({ kind: 'video', ids: [id] });
        return outcome;
      });
      if (saved === null) return { kind: 'refused', status: 404, reason: 'missing' };
      if (saved === 'stale') return { kind: 'refused', status: 409, reason: 'stale' };
      return { kind: 'saved', version: saved };
    },
  };
};

export type VideosService = ReturnType<typeof createVideosService>;
