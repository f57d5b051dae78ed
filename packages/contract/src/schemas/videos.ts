import { z } from 'zod';
import { messagesVideos as m } from '../messages-videos.ts';
import { multilineTextField, numberInput, textField } from './fields.ts';

/**
 * Video replays (issue 25; spec 2 section 3 "Video", spec 3 section 7 "Videos"): the replay list, the player's
 * data, saved replays and transcripts. Transcripts are the spec's entries: id, text and instances[0].start and
 * end as h:m:s timestamps ('0:01:05.250').
 */
export const videoLimits = {
  transcriptLines: 2000,
  lineMax: 2000,
  idMax: 40,
  /** a heartbeat says at most this many seconds were watched since the last one */
  heartbeatMaxSeconds: 60,
} as const;

const timestampPattern = /^(\d{1,2}):([0-5]?\d):([0-5]?\d(?:\.\d{1,3})?)$/;

/** Seconds of an h:m:s timestamp ('0:01:05.250' is 65.25), or null when it is not one. */
export const secondsOfTimestamp = (value: string): number | null => {
  const match = timestampPattern.exec(value);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
};

/** An h:m:s timestamp of `seconds` ('0:01:05.250'). */
export const timestampOfSeconds = (seconds: number) => {
  const whole = Math.max(0, seconds);
  const h = Math.floor(whole / 3600);
  const mm = Math.floor((whole % 3600) / 60);
  const ss = whole - h * 3600 - mm * 60;
  return `${h}:${String(mm).padStart(2, '0')}:${ss.toFixed(3).padStart(6, '0')}`;
};

const timestamp = textField().regex(timestampPattern, m.transcriptInvalid);

export const transcriptEntry = z.object({
  id: textField().min(1, m.transcriptInvalid).max(videoLimits.idMax, m.transcriptInvalid),
  text: multilineTextField().max(videoLimits.lineMax, m.lineTooLong),
  instances: z
    .array(z.object({ start: timestamp, end: timestamp }))
    .min(1, m.transcriptInvalid)
    .max(4, m.transcriptInvalid),
});
export type TranscriptEntry = z.infer<typeof transcriptEntry>;

/** A whole transcript: unique ids, each line ending after it starts, lines in time order. */
export const transcript = z
  .array(transcriptEntry)
  .max(videoLimits.transcriptLines, m.transcriptTooLong)
  .superRefine((entries, ctx) => {
    const ids = new Set<string>();
    let previousStart = -1;
    for (const [index, entry] of entries.entries()) {
      if (typeof entry !== 'object' || entry === null) continue;
      if (ids.has(entry.id)) ctx.addIssue({ code: 'custom', message: m.duplicateLine, path: [index, 'id'] });
      ids.add(entry.id);
      // (checks run even when an entry failed its own: an entry without instances is refused there already)
      const first = entry.instances?.[0];
      if (!first) continue;
      const start = secondsOfTimestamp(first.start) ?? 0;
      const end = secondsOfTimestamp(first.end) ?? 0;
      if (end <= start || start < previousStart)
        ctx.addIssue({ code: 'custom', message: m.transcriptTimes, path: [index, 'instances'] });
      previousStart = start;
    }
  });

/**
 * POST /transcript/{videoId} (admin): the spec's jsonObj, the whole transcript, with the version it was edited
 * from (GET of the transcript answers it): a save from an older version is refused, so two admins' edits never
 * silently overwrite each other.
 */
export const transcriptBody = z.object({
  transcript,
  version: numberInput(z.number().int().min(0).max(2_147_483_647)),
});
export type TranscriptBody = z.infer<typeof transcriptBody>;

export const videoIdParams = z.object({
  id: numberInput(
    z
      .number({ error: m.videoMissing })
      .int(m.videoMissing)
      .min(1, m.videoMissing)
      .max(2_147_483_647, m.videoMissing),
  ),
});
export const transcriptParams = z.object({
  videoId: numberInput(
    z
      .number({ error: m.videoMissing })
      .int(m.videoMissing)
      .min(1, m.videoMissing)
      .max(2_147_483_647, m.videoMissing),
  ),
});

/** A replay as the list, the side panels and the player show it. */
export const videoItem = z.object({
  id: z.number(),
  doc_id: z.string(),
  title: z.string(),
  description: z.string(),
  analysts: z.array(z.object({ id: z.number(), name: z.string() })),
  /** UTC, ISO 8601 */
  published_date: z.string(),
  coverage: z.string(),
  sectors: z.array(z.object({ id: z.number(), sName: z.string() })),
  /**
   * The film: a short-lived signed URL (the report viewer's, fileUrlTtlSeconds) bound to this reader's session, with
   * entitlement checked again on every request and byte ranges served. Asked for again (the access call) once it
   * has expired.
   */
  video_path: z.string(),
  /** the transcript JSON (a signed URL like video_path), or null when there is none yet */
  transcript_path: z.string().nullable(),
  duration: z.number().nullable(),
  saved: z.boolean(),
  /** the CONNECT event it is the replay of */
  eventId: z.number().nullable(),
});
export type VideoItem = z.infer<typeof videoItem>;

export const videosReply = z.object({ success: z.literal(true), data: z.array(videoItem) });
export type VideosReply = z.infer<typeof videosReply>;

/** POST /videos/{id} (access): the replay and where this reader left it. */
export const videoAccessReply = z.object({
  success: z.literal(true),
  data: videoItem.extend({
    currentTime: z.number(),
    /** the player's message (spec: msg), sanitised HTML shown above the film; null without one */
    msg: z.string().nullable(),
    /** the reader's watch time of it (heartbeats): seconds watched, the furthest point, and its percentage */
    watched: z.object({ seconds: z.number(), furthest: z.number(), percent: z.number().nullable() }),
  }),
});
export type VideoAccessReply = z.infer<typeof videoAccessReply>;

export const videoSaveReply = z.object({ success: z.literal(true), saved: z.boolean() });

/** GET of transcript_path: the entries and the version a save must name. */
export const transcriptReply = z.object({
  success: z.literal(true),
  data: z.array(transcriptEntry),
  version: z.number(),
});
export type TranscriptReply = z.infer<typeof transcriptReply>;

export const transcriptSaveReply = z.object({
  data: z.object({ success: z.literal(true), version: z.number() }),
});

/** POST /videos/{id}/watch (ours): a heartbeat of the player. */
export const videoWatchBody = z.object({
  position: numberInput(z.number().min(0).max(86_400)),
  watched: numberInput(z.number().min(0).max(videoLimits.heartbeatMaxSeconds)),
});
export type VideoWatchBody = z.infer<typeof videoWatchBody>;

/** GET /videos/search?q= (ours, issue 25): words spoken in the replays the reader may watch. */
export const videoSearchQuery = z.object({
  q: textField().trim().min(1).max(200),
});

/** A replay whose transcript has the words: its matching lines, each with the second it is spoken at. */
export const videoSearchReply = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      published_date: z.string(),
      hits: z.array(z.object({ second: z.number(), text: z.string() })),
    }),
  ),
});
export type VideoSearchReply = z.infer<typeof videoSearchReply>;
