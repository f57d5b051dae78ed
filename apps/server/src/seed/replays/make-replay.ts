/**
 * Makes a webinar replay from a script (replay-scripts.ts): an MP4 (H.264 1280x720 and AAC, faststart) whose
 * slides are shown while their lines are spoken, and a transcript with one entry per spoken line, timed from the
 * real length of each line's speech.
 *
 * Each line is spoken by Debian's espeak-ng into a WAV of its own; the WAVs are joined, with short pauses, into
 * one sample-exact track, so a line's start and end in the transcript are where it is heard. Slides are SVGs
 * drawn here and rendered to PNG by sharp; ffmpeg's concat demuxer shows each for its interval, which starts on
 * a frame boundary just before the slide's first line is spoken. The tools run through execFile (no shell), each
 * with a timeout, in a temporary folder that is removed afterwards. `cachedReplay` keeps results in a folder
 * keyed by a hash of the script and the options, so a second seed does not encode again.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ReplayScript, ReplaySlide } from './replay-scripts.ts';

/** Bump when the output changes for the same script (drawing, timing, encoding): cached results are remade. */
export const replayGeneratorVersion = 1;

export interface ReplayOptions {
  /** the firm named in each slide's footer */
  firm?: string;
  /** espeak-ng speed in words a minute (`-s`); 150 measures about 148 spoken words a minute */
  wordsPerMinute?: number;
  /** silence between two lines of one slide, seconds */
  linePause?: number;
  /** silence between the last line of a slide and the first of the next, seconds */
  slidePause?: number;
  /** video frames a second (slides change on a frame boundary) */
  fps?: number;
  /** timeout of each espeak-ng run, ms */
  speakTimeoutMs?: number;
  /** timeout of the ffmpeg encode, ms */
  encodeTimeoutMs?: number;
  /** where the temporary folder is made (the OS's by default) */
  tmpDir?: string;
}

/** One transcript line (spec 2, "Video": entries with id, text, instances[0].start and end). */
export interface TranscriptEntry {
  id: string;
  text: string;
  /** 'H:MM:SS.mmm' */
  instances: { start: string; end: string }[];
}

/** When a slide is on screen, seconds from the start of the video. */
export interface SlideInterval {
  index: number;
  heading: string;
  start: number;
  end: number;
}

export interface ReplayResult {
  video: Buffer;
  transcript: TranscriptEntry[];
  durationSeconds: number;
  slides: SlideInterval[];
}

const defaults = {
  firm: 'Harbourline Research',
  wordsPerMinute: 150,
  linePause: 0.5,
  slidePause: 0.9,
  fps: 4,
  speakTimeoutMs: 60_000,
  encodeTimeoutMs: 600_000,
} as const;

type Settings = Required<Omit<ReplayOptions, 'tmpDir'>> & { tmpDir?: string };

const settingsOf = (options: ReplayOptions = {}): Settings => ({ ...defaults, ...options });

/** Silence before the first line, and at least this much after the last. */
const leadIn = 0.5;
const minTail = 0.2;
/** A slide appears this long (floored to a frame) before its first line is spoken. */
const slideLead = 0.3;

// ---------------------------------------------------------------------------------------------------------
// Tools

/** The path of an executable on PATH, or null. */
export const findOnPath = (name: string): string | null => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
};

const requiredTools = ['ffmpeg', 'espeak-ng'] as const;

/** Whether ffmpeg and espeak-ng are on PATH (Debian: apt-get install ffmpeg espeak-ng). */
export const replayToolsAvailable = (): boolean => requiredTools.every((tool) => findOnPath(tool) !== null);

const run = (command: string, args: string[], timeoutMs: number, cwd?: string) =>
  new Promise<void>((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const why = error.killed ? `timed out after ${timeoutMs} ms` : error.message.split('\n')[0];
        reject(
          new Error(`${command} failed (${why})${stderr ? `: ${String(stderr).trim().slice(-800)}` : ''}`),
        );
      },
    );
  });

// ---------------------------------------------------------------------------------------------------------
// Timing

/** 'H:MM:SS.mmm' for a number of seconds. */
export const formatTimestamp = (seconds: number): string => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
};

/** Seconds of an 'H:MM:SS.mmm' (or 'M:SS', 'SS.s') timestamp; NaN when it is not one. */
export const parseTimestamp = (value: string): number => {
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(value)) return Number.NaN;
  return value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
};

export interface ReplayTimeline {
  /** per spoken line, in order: its slide and when it is heard, seconds */
  lines: { slide: number; start: number; end: number }[];
  slides: { start: number; end: number }[];
  durationSeconds: number;
}

/**
 * Where each line and slide falls, from the lines' spoken lengths (seconds, per slide). Lines follow each other
 * with `linePause` of silence inside a slide and `slidePause` between slides; a slide starts on a frame boundary
 * just before its first line and ends where the next starts; the video ends on a frame boundary at least
 * `minTail` after the last line. makeReplay pads the audio to exactly these times.
 */
export const replayTimeline = (
  lineSeconds: readonly (readonly number[])[],
  options: Pick<ReplayOptions, 'linePause' | 'slidePause' | 'fps'> = {},
): ReplayTimeline => {
  const { linePause, slidePause, fps } = { ...defaults, ...options };
  // slide boundaries are whole frames: frame counts, turned into seconds at the end
  // (a millionth of a frame of slack, so that 27.0 s at 4 fps is frame 108 whatever the float's last bit)
  const floorFrame = (seconds: number) => Math.floor(seconds * fps + 1e-6);
  const ceilFrame = (seconds: number) => Math.ceil(seconds * fps - 1e-6);
  const lines: ReplayTimeline['lines'] = [];
  const startFrames: number[] = [];
  let at = leadIn;
  lineSeconds.forEach((durations, slide) => {
    if (durations.length === 0) throw new Error(`Slide ${slide + 1} has no spoken line`);
    if (slide > 0) {
      at += slidePause;
      // just before this slide's first line, and after the previous line has been said when the pause allows
      const previousEnd = lines[lines.length - 1]!.end;
      let start = floorFrame(at - slideLead);
      const afterPrevious = ceilFrame(previousEnd);
      if (start < afterPrevious) start = Math.min(afterPrevious, floorFrame(at));
      startFrames.push(start);
    } else startFrames.push(0);
    durations.forEach((seconds, i) => {
      if (i > 0) at += linePause;
      lines.push({ slide, start: at, end: at + seconds });
      at += seconds;
    });
  });
  const endFrame = ceilFrame(at + minTail);
  const durationSeconds = endFrame / fps;
  const starts = startFrames.map((f) => f / fps);
  const slides = starts.map((start, i) => ({ start, end: starts[i + 1] ?? durationSeconds }));
  return { lines, slides, durationSeconds };
};

// ---------------------------------------------------------------------------------------------------------
// Speech

interface Wav {
  rate: number;
  channels: number;
  bytesPerSample: number;
  pcm: Buffer;
}

/** The format and PCM samples of a WAV (RIFF) file, read from its chunks. */
export const readWav = (data: Buffer): Wav => {
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WAVE')
    throw new Error('Not a WAV file');
  let at = 12;
  let format: Omit<Wav, 'pcm'> | undefined;
  while (at + 8 <= data.length) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      if (data.readUInt16LE(at + 8) !== 1) throw new Error('The WAV is not PCM');
      format = {
        channels: data.readUInt16LE(at + 10),
        rate: data.readUInt32LE(at + 12),
        bytesPerSample: data.readUInt16LE(at + 22) / 8,
      };
    }
    if (id === 'data') {
      if (!format) throw new Error('The WAV has no format before its data');
      // a streamed WAV may carry a placeholder size: the data runs to the end of the file
      const end = Math.min(data.length, at + 8 + size);
      const frameBytes = format.bytesPerSample * format.channels;
      const length = end - (at + 8) - ((end - (at + 8)) % frameBytes);
      return { ...format, pcm: data.subarray(at + 8, at + 8 + length) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('The WAV has no data');
};

/** The length of a WAV in seconds, from its header and data size. */
export const wavDurationSeconds = (data: Buffer): number => {
  const wav = readWav(data);
  return wav.pcm.length / (wav.bytesPerSample * wav.channels) / wav.rate;
};

const wavFile = (wav: Omit<Wav, 'pcm'>, pcm: Buffer): Buffer => {
  const header = Buffer.alloc(44);
  const blockAlign = wav.bytesPerSample * wav.channels;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(wav.channels, 22);
  header.writeUInt32LE(wav.rate, 24);
  header.writeUInt32LE(wav.rate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(wav.bytesPerSample * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
};

/**
 * How espeak-ng should say a few names it would otherwise get wrong. Only the speech changes: the transcript
 * keeps the written name, which is what a listener expects to read.
 */
const pronunciations: [RegExp, string][] = [
  [/\bHsieh\b/g, 'Shay'],
  [/\bWei-Lun\b/g, 'Way-Lun'],
  [/\bSaito\b/g, 'Sigh-toe'],
  [/\bKazuo\b/g, 'Kah-zoo-oh'],
  [/\bDRAM\b/g, 'D-RAM'],
];

/** The text handed to espeak-ng for a spoken line. */
export const speechText = (line: string): string =>
  pronunciations.reduce((text, [word, said]) => text.replace(word, said), line);

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
const mapLimit = async <T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

// ---------------------------------------------------------------------------------------------------------
// Slides

export const slideWidth = 1280;
export const slideHeight = 720;

const navy = '#0b2545';
const gold = '#c9a96e';
const light = '#d6dee8';

/** Text for an SVG (or HTML) text node or attribute. */
export const escapeSvg = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Approximate advance width of text in DejaVu (em units per character class), for wrapping. */
export const textWidth = (text: string, fontSize: number, bold = false): number => {
  let em = 0;
  for (const ch of text) {
    if (ch === ' ') em += 0.32;
    else if (/[iljtf.,:;'’!|()[\]-]/.test(ch)) em += 0.36;
    else if (/[mwMW]/.test(ch)) em += 0.9;
    else if (/[A-Z]/.test(ch)) em += 0.7;
    else if (/[0-9$%]/.test(ch)) em += 0.64;
    else em += 0.6;
  }
  return em * fontSize * (bold ? 1.07 : 1);
};

/** Splits text into lines no wider than `width` (a word longer than a line gets a line of its own). */
export const wrapText = (text: string, width: number, fontSize: number, bold = false): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize, bold) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
};

/** Cuts text to fit `width`, ending with an ellipsis when cut. */
const fitText = (text: string, width: number, fontSize: number) => {
  if (textWidth(text, fontSize) <= width) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(`${cut}…`, fontSize) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
};

export interface SlideContext {
  index: number;
  total: number;
  title: string;
  firm: string;
  /** the speaker's name and role, shown in a lower third */
  speaker?: { name: string; role: string };
}

export interface SlideLayout {
  svg: string;
  /** the bullets' font size chosen to fit */
  bulletFontSize: number;
  /** true when the text does not fit even at the smallest size */
  overflow: boolean;
}

const margin = 96;
const footerTop = 648;
const speakerTop = 560;

/** The slide as an SVG: heading, gold rule, bullets, the speaker, and a footer with the firm and the title. */
export const slideLayout = (
  slide: Pick<ReplaySlide, 'heading' | 'bullets'>,
  ctx: SlideContext,
): SlideLayout => {
  const contentWidth = slideWidth - 2 * margin;
  const headingSize = 46;
  const headingLines = wrapText(slide.heading, contentWidth, headingSize, true).slice(0, 3);
  const headingTop = 150;
  const headingLead = 58;
  const ruleY = headingTop + (headingLines.length - 1) * headingLead + 34;
  const bulletsTop = ruleY + 64;
  const bottom = (ctx.speaker ? speakerTop : footerTop) - 28;

  let bulletFontSize = 32;
  let bulletLines: string[][] = [];
  let overflow = true;
  for (const size of [32, 30, 28, 26, 24]) {
    bulletFontSize = size;
    bulletLines = slide.bullets.map((b) => wrapText(b, contentWidth - 44, size));
    const height = bulletLines.reduce((h, lines) => h + lines.length * size * 1.3 + size * 0.7, 0);
    if (bulletsTop + height - size * 0.7 <= bottom) {
      overflow = false;
      break;
    }
  }

  const parts: string[] = [];
  parts.push(`<rect width="${slideWidth}" height="${slideHeight}" fill="${navy}"/>`);
  // a faint band on the right and the firm's gold mark at the top left
  parts.push(
    `<rect x="${slideWidth - 12}" width="12" height="${slideHeight}" fill="${gold}" opacity="0.85"/>`,
  );
  parts.push(
    `<rect x="${margin}" y="56" width="30" height="30" fill="none" stroke="${gold}" stroke-width="2"/>`,
    `<text x="${margin + 15}" y="79" font-family="DejaVu Serif" font-size="20" font-weight="bold" fill="${gold}" text-anchor="middle">H</text>`,
    `<text x="${margin + 46}" y="78" font-family="DejaVu Sans" font-size="15" letter-spacing="3" fill="${gold}">${escapeSvg(ctx.firm.toUpperCase())}</text>`,
    `<text x="${slideWidth - margin}" y="78" font-family="DejaVu Sans" font-size="15" fill="${light}" opacity="0.7" text-anchor="end">${ctx.index + 1} / ${ctx.total}</text>`,
  );
  headingLines.forEach((line, i) => {
    parts.push(
      `<text x="${margin}" y="${headingTop + i * headingLead}" font-family="DejaVu Serif" font-size="${headingSize}" font-weight="bold" fill="#ffffff">${escapeSvg(line)}</text>`,
    );
  });
  parts.push(`<rect x="${margin}" y="${ruleY}" width="120" height="4" fill="${gold}"/>`);

  let y = bulletsTop;
  for (const lines of bulletLines) {
    parts.push(
      `<rect x="${margin}" y="${y - bulletFontSize * 0.42}" width="10" height="10" fill="${gold}" transform="rotate(45 ${margin + 5} ${y - bulletFontSize * 0.42 + 5})"/>`,
    );
    for (const line of lines) {
      parts.push(
        `<text x="${margin + 44}" y="${y}" font-family="DejaVu Sans" font-size="${bulletFontSize}" fill="${light}">${escapeSvg(line)}</text>`,
      );
      y += bulletFontSize * 1.3;
    }
    y += bulletFontSize * 0.7;
  }

  if (ctx.speaker) {
    parts.push(
      `<rect x="${margin}" y="${speakerTop}" width="4" height="56" fill="${gold}"/>`,
      `<text x="${margin + 20}" y="${speakerTop + 22}" font-family="DejaVu Sans" font-size="22" font-weight="bold" fill="#ffffff">${escapeSvg(ctx.speaker.name)}</text>`,
      `<text x="${margin + 20}" y="${speakerTop + 50}" font-family="DejaVu Sans" font-size="18" fill="${gold}">${escapeSvg(fitText(ctx.speaker.role, contentWidth - 20, 18))}</text>`,
    );
  }

  parts.push(
    `<rect x="${margin}" y="${footerTop}" width="${contentWidth}" height="1" fill="${gold}" opacity="0.5"/>`,
    `<text x="${margin}" y="${footerTop + 32}" font-family="DejaVu Sans" font-size="16" font-weight="bold" fill="${gold}">${escapeSvg(ctx.firm)}</text>`,
    `<text x="${slideWidth - margin}" y="${footerTop + 32}" font-family="DejaVu Sans" font-size="16" fill="${light}" opacity="0.8" text-anchor="end">${escapeSvg(fitText(ctx.title, contentWidth - textWidth(ctx.firm, 16, true) - 48, 16))}</text>`,
  );

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${slideWidth}" height="${slideHeight}" viewBox="0 0 ${slideWidth} ${slideHeight}">${parts.join('')}</svg>`;
  return { svg, bulletFontSize, overflow };
};

/** The slide as a 1280x720 PNG. */
export const slidePng = (
  slide: Pick<ReplaySlide, 'heading' | 'bullets'>,
  ctx: SlideContext,
): Promise<Buffer> =>
  sharp(Buffer.from(slideLayout(slide, ctx).svg))
    .resize(slideWidth, slideHeight)
    .png({ compressionLevel: 6 })
    .toBuffer();

// ---------------------------------------------------------------------------------------------------------
// The replay

/** The script's spoken lines in order, each with its slide. */
const spokenLines = (script: ReplayScript) =>
  script.slides.flatMap((slide, s) =>
    slide.lines.map((text) => ({ slide: s, text, speaker: slide.speaker })),
  );

/**
 * Speaks and films a replay. Needs ffmpeg and espeak-ng on PATH (replayToolsAvailable); the work happens in a
 * temporary folder that is removed afterwards, whatever the outcome.
 */
export const makeReplay = async (
  script: ReplayScript,
  options: ReplayOptions = {},
): Promise<ReplayResult> => {
  const missing = requiredTools.filter((tool) => findOnPath(tool) === null);
  if (missing.length > 0)
    throw new Error(
      `makeReplay needs ${missing.join(' and ')} on PATH to make the replay "${script.slug}" (Debian: apt-get install ffmpeg espeak-ng)`,
    );
  const settings = settingsOf(options);
  if (script.slides.length === 0) throw new Error(`The replay "${script.slug}" has no slides`);
  const voices = new Map(script.speakers.map((s) => [s.name, s]));
  for (const slide of script.slides)
    if (!voices.has(slide.speaker))
      throw new Error(
        `The replay "${script.slug}" has a slide spoken by an unknown speaker: ${slide.speaker}`,
      );

  const work = await mkdtemp(path.join(settings.tmpDir ?? tmpdir(), 'replay-'));
  try {
    const lines = spokenLines(script);
    // espeak-ng: one WAV per line, two at a time (the machine may be busy)
    const wavs = await mapLimit(lines, 2, async (line, i) => {
      const textFile = path.join(work, `line-${i}.txt`);
      const wavPath = path.join(work, `line-${i}.wav`);
      await writeFile(textFile, speechText(line.text), 'utf8');
      const voice = voices.get(line.speaker)!.voice;
      await run(
        'espeak-ng',
        ['-v', voice, '-s', String(settings.wordsPerMinute), '-b', '1', '-f', textFile, '-w', wavPath],
        settings.speakTimeoutMs,
      );
      return readWav(await readFile(wavPath));
    });
    const format = wavs[0]!;
    for (const wav of wavs)
      if (
        wav.rate !== format.rate ||
        wav.channels !== format.channels ||
        wav.bytesPerSample !== format.bytesPerSample
      )
        throw new Error('espeak-ng wrote WAVs of different formats');
    const frameBytes = format.bytesPerSample * format.channels;
    const seconds = wavs.map((wav) => wav.pcm.length / frameBytes / format.rate);
    const perSlide = script.slides.map((_, s) => seconds.filter((_, i) => lines[i]!.slide === s));
    const timeline = replayTimeline(perSlide, settings);

    // the speech track, sample-exact: silence up to each line's start, then the line
    const sampleAt = (t: number) => Math.round(t * format.rate);
    const pieces: Buffer[] = [];
    let written = 0;
    timeline.lines.forEach((line, i) => {
      const gap = sampleAt(line.start) - written;
      pieces.push(Buffer.alloc(Math.max(0, gap) * frameBytes), wavs[i]!.pcm);
      written += Math.max(0, gap) + wavs[i]!.pcm.length / frameBytes;
    });
    pieces.push(Buffer.alloc(Math.max(0, sampleAt(timeline.durationSeconds) - written) * frameBytes));
    await writeFile(path.join(work, 'speech.wav'), wavFile(format, Buffer.concat(pieces)));

    // the slides, each for its interval (the concat demuxer needs the last image listed once more)
    let list = 'ffconcat version 1.0\n';
    for (const [s, slide] of script.slides.entries()) {
      const speaker = voices.get(slide.speaker)!;
      const png = await slidePng(slide, {
        index: s,
        total: script.slides.length,
        title: script.title,
        firm: settings.firm,
        speaker: { name: speaker.name, role: speaker.role },
      });
      await writeFile(path.join(work, `slide-${s}.png`), png);
      const { start, end } = timeline.slides[s]!;
      list += `file slide-${s}.png\nduration ${(end - start).toFixed(6)}\n`;
    }
    list += `file slide-${script.slides.length - 1}.png\n`;
    await writeFile(path.join(work, 'slides.ffconcat'), list);

    const keyframes = timeline.slides.map((s) => s.start.toFixed(3)).join(',');
    await run(
      'ffmpeg',
      [
        '-nostdin',
        '-y',
        '-loglevel',
        'error',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        'slides.ffconcat',
        '-i',
        'speech.wav',
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-vf',
        `fps=${settings.fps},format=yuv420p`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-tune',
        'stillimage',
        '-crf',
        '26',
        '-g',
        String(settings.fps * 10),
        '-force_key_frames',
        keyframes,
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-ac',
        '1',
        '-t',
        timeline.durationSeconds.toFixed(3),
        '-map_metadata',
        '-1',
        '-movflags',
        '+faststart',
        'replay.mp4',
      ],
      settings.encodeTimeoutMs,
      work,
    );
    const video = await readFile(path.join(work, 'replay.mp4'));

    const transcript: TranscriptEntry[] = timeline.lines.map((line, i) => ({
      id: String(i + 1),
      text: lines[i]!.text,
      instances: [{ start: formatTimestamp(line.start), end: formatTimestamp(line.end) }],
    }));
    const slides: SlideInterval[] = timeline.slides.map((s, index) => ({
      index,
      heading: script.slides[index]!.heading,
      start: s.start,
      end: s.end,
    }));
    return { video, transcript, durationSeconds: timeline.durationSeconds, slides };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------------------------------------------------
// Cache

/** What the output depends on: the generator's version, the script and the options that change the output. */
export const replayCacheKey = (script: ReplayScript, options: ReplayOptions = {}): string => {
  const { firm, wordsPerMinute, linePause, slidePause, fps } = settingsOf(options);
  return createHash('sha256')
    .update(
      JSON.stringify({
        version: replayGeneratorVersion,
        script,
        options: { firm, wordsPerMinute, linePause, slidePause, fps },
      }),
    )
    .digest('hex')
    .slice(0, 16);
};

/**
 * The replay from `cacheDir` when this script was made before with the same generator and options
 * (`<slug>-<hash>.mp4` and `.json`), else made now and kept there (older versions of the same slug are removed).
 */
export const cachedReplay = async (
  script: ReplayScript,
  cacheDir: string,
  options: ReplayOptions = {},
): Promise<ReplayResult & { cached: boolean }> => {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(script.slug)) throw new Error(`Not a replay slug: ${script.slug}`);
  const base = `${script.slug}-${replayCacheKey(script, options)}`;
  const videoFile = path.join(cacheDir, `${base}.mp4`);
  const metaFile = path.join(cacheDir, `${base}.json`);
  try {
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as Omit<ReplayResult, 'video'>;
    const video = await readFile(videoFile);
    if (Array.isArray(meta.transcript) && typeof meta.durationSeconds === 'number' && video.length > 0)
      return { ...meta, video, cached: true };
  } catch {
    // not made yet, or unreadable: make it again
  }
  const result = await makeReplay(script, options);
  await mkdir(cacheDir, { recursive: true });
  const { video, ...meta } = result;
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  await writeFile(videoFile + suffix, video);
  await writeFile(metaFile + suffix, `${JSON.stringify(meta, null, 1)}\n`);
  // the video first: a reader that finds the JSON finds its video
  await rename(videoFile + suffix, videoFile);
  await rename(metaFile + suffix, metaFile);
  for (const name of await readdir(cacheDir)) {
    const stale =
      name.startsWith(`${script.slug}-`) &&
      /^[0-9a-f]{16}\.(mp4|json)$/.test(name.slice(script.slug.length + 1));
    if (stale && !name.startsWith(base)) await rm(path.join(cacheDir, name), { force: true });
  }
  return { ...result, cached: false };
};
