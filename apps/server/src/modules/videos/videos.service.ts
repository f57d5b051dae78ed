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
import { sessionBinding } from '../report-viewer/file-tokens.ts';
import { plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import type { Clock } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { type ReplayPart, signReplayToken, verifyReplayToken } from './replay-tokens.ts';
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

/** A signed URL of a replay's film or transcript, below the API base (GET /videos/files/{token}). */
const signedPathOf = (token: string) => `/videos/files/${token}`;

/** A signed-in reader as the routes know them: the user and their session (what signed URLs are bound to). */
export interface ReplayReader {
  user: User;
  sessionId: string;
}

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
  status: 403 | 404 | 409 | 410;
  reason: 'missing' | 'notEntitled' | 'stale' | 'linkInvalid' | 'linkExpired';
};

/**
 * Video replays (issue 25): who may watch what (the reports' rule, on what the replay records: its report, else its
 * CONNECT event's sectors, else its own; admins everything), the list and its side panels, saving, heartbeats,
 * transcripts, and the signed URLs of films and transcripts. Every write is one transaction that says `video` on
 * the change feed.
 */
export const createVideosService = (deps: {
  db: Db;
  entitlements: Pick<EntitlementsService, 'entitlementFor'>;
  changes: ChangeFeed;
  clock: Clock;
  secrets: SecretStore;
  /** how long a signed URL of a film or transcript opens (the viewer's fileUrlTtlSeconds) */
  fileTtlSeconds: number;
  cacheTtlMs?: number;
}) => {
  const { db } = deps;
  // Every replay's row (tens of them), read by every call: kept for the cache's time and dropped by any `video`
  // change (a transcript saved: its has_transcript), `analyst` change (their names on the cards) or `report` change
  // (a linked report's sectors, free access or state decide who may watch).
  const rows = new LoadingCache<'all', VideoRow[]>({
    ttlMs: deps.cacheTtlMs ?? 0,
    max: 1,
    now: () => deps.clock().getTime(),
  });
  deps.changes.subscribe('video', () => rows.clear());
  deps.changes.subscribe('analyst', () => rows.clear());
  deps.changes.subscribe('report', () => rows.clear());
  const allVideos = () => rows.getOrLoad('all', () => listVideos(db));

  const readable = async (user: User) => {
    const entitlement = await deps.entitlements.entitlementFor(user);
    return (video: VideoRow) =>
      (video.source_published || entitlement.readsAll) &&
      mayRead(entitlement, {
        freeAccess: video.free_access,
        sectorId: video.sector_id,
        sectorIds: video.sectors.map((s) => s.id),
      });
  };

  const signingKey = () => deps.secrets('replayFileTokenKey');

  /** The reader's signed URLs of a replay's film and transcript (made for each reply; they expire). */
  const signer = async (reader: ReplayReader) => {
    const key = await signingKey();
    const expiresAt = Math.floor(deps.clock().getTime() / 1000) + deps.fileTtlSeconds;
    const binding = sessionBinding(reader.sessionId);
    return (videoId: number, part: ReplayPart) =>
      signedPathOf(signReplayToken(key, { videoId, part, expiresAt, userId: reader.user.id, binding }));
  };
  type Sign = Awaited<ReturnType<typeof signer>>;

  const itemOf = (video: VideoRow, saved: Set<number>, sign: Sign): VideoItem => ({
    id: video.id,
    doc_id: video.doc_id,
    title: video.title,
    description: video.description,
    analysts: video.analysts,
    published_date: video.published_date,
    coverage: video.coverage,
    sectors: video.sectors,
    video_path: sign(video.id, 'film'),
    transcript_path: video.has_transcript ? sign(video.id, 'transcript') : null,
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
    reader: ReplayReader,
    pick: (videos: VideoRow[], saved: Set<number>) => Promise<VideoRow[]> | VideoRow[],
  ) => {
    const [all, mayWatch, saved, sign] = await Promise.all([
      allVideos(),
      readable(reader.user),
      savedVideoIds(db, reader.user.id),
      signer(reader),
    ]);
    return (await pick(all.filter(mayWatch), saved)).map((video) => itemOf(video, saved, sign));
  };

  return {
    watchable,

    /** GET /videos: every replay the reader may watch, newest first. */
    list: (reader: ReplayReader) => list(reader, (videos) => videos),

    /** GET /videos/most_watch: the replays watched longest by all readers (of those this reader may watch). */
    mostWatched: (reader: ReplayReader) =>
      list(reader, async (videos) => {
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
    saved: (reader: ReplayReader) =>
      list(reader, (videos, saved) => videos.filter((video) => saved.has(video.id))),

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
      reader: ReplayReader,
      id: number,
    ): Promise<
      | VideoRefusal
      | { kind: 'video'; video: VideoItem; currentTime: number; watched: VideoWatched; msg: string | null }
    > {
      const { user } = reader;
      const video = await watchable(user, id);
      if ('kind' in video) return video;
      const [saved, watch, sign] = await Promise.all([
        savedVideoIds(db, user.id),
        watchOf(db, user.id, id),
        signer(reader),
      ]);
      // The percentage watched is how far the reader got, of the film's length (known from the seed or upload).
      const percent = video.duration
        ? Math.min(100, Math.round((watch.furthest / video.duration) * 100))
        : null;
      return {
        kind: 'video',
        video: itemOf(video, saved, sign),
        // stored sanitised; sanitised again on the way out, as every stored HTML is
        msg: video.message ? sanitizeStoredHtml(video.message) : null,
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

    /**
     * GET /videos/files/{token}: what a signed URL of video_path or transcript_path opens for this reader: checked
     * for signature, expiry and binding to their session, then for entitlement now (a reader whose access was
     * revoked is refused at once, whatever the URL's expiry). The film's storage key, or the transcript's entries
     * and version (404 when the replay has none yet).
     */
    async byToken(
      reader: ReplayReader,
      token: string,
    ): Promise<
      | VideoRefusal
      | { kind: 'film'; key: string }
      | { kind: 'transcript'; entries: TranscriptEntry[]; version: number }
    > {
      const check = verifyReplayToken(await signingKey(), token, Math.floor(deps.clock().getTime() / 1000), [
        sessionBinding(reader.sessionId),
      ]);
      if (!check.ok)
        return check.reason === 'expired'
          ? { kind: 'refused', status: 410, reason: 'linkExpired' }
          : { kind: 'refused', status: 403, reason: 'linkInvalid' };
      if (check.claims.userId !== reader.user.id)
        return { kind: 'refused', status: 403, reason: 'linkInvalid' };
      const video = await watchable(reader.user, check.claims.videoId);
      if ('kind' in video) return video;
      if (check.claims.part === 'film') return { kind: 'film', key: video.video_key };
      const stored = await readTranscript(db, video.id);
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
