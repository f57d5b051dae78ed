import { secondsOfTimestamp, type TranscriptEntry } from '@portal/contract';

/** A transcript line with its times in seconds. */
export interface TimedLine {
  entry: TranscriptEntry;
  start: number;
  end: number;
}

export const timedLines = (entries: readonly TranscriptEntry[]): TimedLine[] =>
  entries.map((entry) => {
    const first = entry.instances[0];
    return {
      entry,
      start: first ? (secondsOfTimestamp(first.start) ?? 0) : 0,
      end: first ? (secondsOfTimestamp(first.end) ?? 0) : 0,
    };
  });

/**
 * The line being spoken at `time` (seconds): the last line that has started by then, while it lasts or until the
 * next one starts (a pause between lines keeps the line just said); -1 before the first.
 */
export const currentLineIndex = (lines: readonly TimedLine[], time: number) => {
  let found = -1;
  for (const [index, line] of lines.entries()) {
    if (line.start <= time + 0.05) found = index;
    else break;
  }
  return found;
};

/** A time as the player shows it: 'm:ss', or 'h:mm:ss' from an hour. */
export const clockOf = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** The `time` query parameter (seconds) as a start time, or 0 when it is not a number of seconds. */
export const startTimeOf = (value: string | null) => {
  if (!value || !/^\d{1,6}(\.\d+)?$/.test(value)) return 0;
  return Number(value);
};

/** The playback speeds of spec 2. */
export const playbackSpeeds = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
