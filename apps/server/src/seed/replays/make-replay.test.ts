import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { analysts, sectors } from '../catalogue-data.ts';
import { connectCampaignSeeds } from '../connect-content.ts';
import {
  cachedReplay,
  escapeSvg,
  findOnPath,
  formatTimestamp,
  makeReplay,
  parseTimestamp,
  replayTimeline,
  replayToolsAvailable,
  slideLayout,
  speechText,
} from './make-replay.ts';
import { demoReplayScripts, type ReplayScript } from './replay-scripts.ts';

const run = promisify(execFile);
const firm = 'Harbourline Research';
const events = connectCampaignSeeds.flatMap((campaign) => campaign.events);
const spoken = (script: ReplayScript) => script.slides.flatMap((slide) => slide.lines);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('replay timing', () => {
  it('writes and reads H:MM:SS.mmm timestamps', () => {
    expect(formatTimestamp(0)).toBe('0:00:00.000');
    expect(formatTimestamp(75.25)).toBe('0:01:15.250');
    expect(formatTimestamp(3723.0004)).toBe('1:02:03.000');
    expect(parseTimestamp('0:01:15.250')).toBeCloseTo(75.25, 6);
    expect(parseTimestamp('nonsense')).toBeNaN();
  });

  it('starts each slide on a frame boundary after the previous line and before its own first line', () => {
    const fps = 4;
    const timeline = replayTimeline([[1.23, 2.071], [0.9, 3.333, 1.01], [2.5]], { fps });
    expect(timeline.slides[0]!.start).toBe(0);
    timeline.slides.forEach((slide, s) => {
      expect(Number.isInteger(slide.start * fps)).toBe(true);
      expect(slide.end).toBe(timeline.slides[s + 1]?.start ?? timeline.durationSeconds);
      const mine = timeline.lines.filter((line) => line.slide === s);
      for (const line of mine) {
        expect(line.start).toBeGreaterThanOrEqual(slide.start);
        expect(line.start).toBeLessThan(slide.end);
      }
      const before = timeline.lines.filter((line) => line.slide === s - 1).at(-1);
      if (before) expect(slide.start).toBeGreaterThanOrEqual(before.end);
    });
    const last = timeline.lines.at(-1)!;
    expect(timeline.durationSeconds - last.end).toBeGreaterThan(0);
    expect(timeline.durationSeconds - last.end).toBeLessThan(0.5);
  });

  it('escapes text for SVG and changes only the speech of names espeak-ng mispronounces', () => {
    expect(escapeSvg(`R&D <b> "x" it's`)).toBe('R&amp;D &lt;b&gt; &quot;x&quot; it&#39;s');
    expect(speechText('I am Wei-Lun Hsieh.')).toBe('I am Way-Lun Shay.');
    expect(speechText('Good morning.')).toBe('Good morning.');
  });
});

describe('demo replay scripts', () => {
  it('are four, with unique slugs, one per past CONNECT campaign event and the yearbook briefing', () => {
    expect(demoReplayScripts).toHaveLength(4);
    expect(new Set(demoReplayScripts.map((s) => s.slug)).size).toBe(4);
    for (const script of demoReplayScripts) expect(script.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    const pastEvents = connectCampaignSeeds.map(
      (campaign) => campaign.events.find((e) => e.inDays < 0)?.slug,
    );
    expect(demoReplayScripts.map((s) => s.eventSlug)).toEqual([...pastEvents, null]);
  });

  it('each speak for 2 to 5 minutes at about 150 words a minute', () => {
    for (const script of demoReplayScripts) {
      const minutes = words(spoken(script).join(' ')) / 150;
      expect(minutes, script.slug).toBeGreaterThanOrEqual(2);
      expect(minutes, script.slug).toBeLessThanOrEqual(5);
    }
  });

  it('name catalogue analysts and the event’s speakers, each introduced by name, on sectors they cover', () => {
    for (const script of demoReplayScripts) {
      const speech = spoken(script).join(' ');
      const sectorIds = script.sectors.map((name) => {
        const sector = sectors.find((s) => s.name === name);
        expect(sector, `${script.slug}: sector ${name}`).toBeDefined();
        return sector!.id;
      });
      expect(script.analystIds).toEqual(
        script.speakers.filter((s) => s.analystId !== null).map((s) => s.analystId),
      );
      for (const speaker of script.speakers) {
        expect(speech, `${script.slug}: ${speaker.name} introduced`).toContain(speaker.name);
        if (speaker.analystId === null) continue;
        const analyst = analysts.find((a) => a.id === speaker.analystId);
        expect(analyst, `${script.slug}: analyst ${speaker.analystId}`).toBeDefined();
        expect(`${analyst!.first} ${analyst!.last}`).toBe(speaker.name);
        expect(speaker.role).toBe(analyst!.designation);
        expect(
          sectorIds.some((id) => analyst!.sectorIds.includes(id)),
          `${speaker.name} covers a sector of ${script.slug}`,
        ).toBe(true);
      }
      if (script.eventSlug === null) continue;
      const event = events.find((e) => e.slug === script.eventSlug);
      expect(event, `${script.slug}: event ${script.eventSlug}`).toBeDefined();
      expect(event!.inDays).toBeLessThan(0);
      const eventAnalysts = event!.speakers.filter((s) => typeof s === 'number');
      const eventGuests = event!.speakers.flatMap((s) => (typeof s === 'number' ? [] : [s.name]));
      expect([...script.analystIds].sort()).toEqual([...eventAnalysts].sort());
      expect(script.speakers.filter((s) => s.analystId === null).map((s) => s.name)).toEqual(eventGuests);
    }
  });

  it('have slides of 2 to 4 bullets that fit, spoken by the script’s speakers in full sentences', () => {
    for (const script of demoReplayScripts) {
      const sentences = script.description.split(/(?<=[.?!])\s+/);
      expect(sentences.length, `${script.slug} description`).toBeGreaterThanOrEqual(2);
      expect(sentences.length, `${script.slug} description`).toBeLessThanOrEqual(3);
      for (const [index, slide] of script.slides.entries()) {
        const where = `${script.slug} slide ${index + 1}`;
        expect(slide.bullets.length, where).toBeGreaterThanOrEqual(2);
        expect(slide.bullets.length, where).toBeLessThanOrEqual(4);
        expect(slide.lines.length, where).toBeGreaterThan(0);
        for (const line of slide.lines) expect(line, where).toMatch(/^[A-Z].*[.?!]$/);
        const speaker = script.speakers.find((s) => s.name === slide.speaker);
        expect(speaker, where).toBeDefined();
        const layout = slideLayout(slide, {
          index,
          total: script.slides.length,
          title: script.title,
          firm,
          speaker,
        });
        expect(layout.overflow, where).toBe(false);
      }
    }
  });
});

const encodeTools = replayToolsAvailable() && findOnPath('ffprobe') !== null;

const tinyScript: ReplayScript = {
  slug: 'tiny-test-replay',
  title: 'A tiny test replay',
  description: 'Two slides. Four short lines.',
  eventSlug: null,
  analystIds: [200102],
  sectors: ['Macro & Strategy'],
  speakers: [
    { name: 'Daniel Okafor-Tan', role: 'Chief Asia Strategist', analystId: 200102, voice: 'en-gb+m3' },
    { name: 'A Guest', role: 'Guest <&> "speaker"', analystId: null, voice: 'en-gb+f3' },
  ],
  slides: [
    {
      heading: 'First slide & <test>',
      bullets: ['One point', 'Another point'],
      speaker: 'Daniel Okafor-Tan',
      lines: ['Good morning.', 'This is the first slide.'],
    },
    {
      heading: 'Second slide',
      bullets: ['A third point', 'A fourth point'],
      speaker: 'A Guest',
      lines: ['Here is the second slide.', 'Thank you.'],
    },
  ],
};

describe('makeReplay', () => {
  it('refuses with a clear error when ffmpeg and espeak-ng are not on PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '';
    try {
      expect(replayToolsAvailable()).toBe(false);
      await expect(makeReplay(tinyScript)).rejects.toThrow(/needs ffmpeg and espeak-ng on PATH/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it.skipIf(!encodeTools)(
    'encodes an MP4 whose slides change as their lines are spoken, and caches it',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'replay-test-'));
      try {
        const result = await cachedReplay(tinyScript, dir);
        expect(result.cached).toBe(false);
        const file = path.join(dir, 'out.mp4');
        await writeFile(file, result.video);

        // streams and duration
        const { stdout } = await run(
          'ffprobe',
          ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
          { timeout: 30_000 },
        );
        const probe = JSON.parse(stdout) as {
          streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
          format: { duration: string };
        };
        const video = probe.streams.find((s) => s.codec_type === 'video');
        const audio = probe.streams.find((s) => s.codec_type === 'audio');
        expect(video).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
        expect(audio).toMatchObject({ codec_name: 'aac' });
        // faststart: the index comes before the media data
        expect(result.video.indexOf('moov')).toBeLessThan(result.video.indexOf('mdat'));

        const times = result.transcript.map((entry) => {
          const [instance] = entry.instances;
          return { start: parseTimestamp(instance!.start), end: parseTimestamp(instance!.end) };
        });
        expect(result.transcript.map((e) => e.text)).toEqual(spoken(tinyScript));
        expect(result.transcript.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
        times.forEach((t, i) => {
          expect(t.end).toBeGreaterThan(t.start);
          if (i > 0) expect(t.start).toBeGreaterThanOrEqual(times[i - 1]!.end);
        });
        const lastEnd = times.at(-1)!.end;
        expect(Math.abs(Number(probe.format.duration) - lastEnd)).toBeLessThan(0.5);
        expect(Math.abs(result.durationSeconds - lastEnd)).toBeLessThan(0.5);

        // each line starts while its slide is shown
        expect(result.slides).toHaveLength(2);
        let line = 0;
        tinyScript.slides.forEach((slide, s) => {
          const { start, end } = result.slides[s]!;
          for (const _ of slide.lines) {
            expect(times[line]!.start).toBeGreaterThanOrEqual(start);
            expect(times[line]!.start).toBeLessThan(end);
            line++;
          }
        });

        // the video really changes slide there: the one scene change is within a frame of the second slide's start
        const scenes = await run(
          'ffprobe',
          [
            '-v',
            'error',
            '-f',
            'lavfi',
            '-i',
            `movie=${file},select=gt(scene\\,0.02)`,
            '-show_entries',
            'frame=pts_time',
            '-of',
            'csv=p=0',
          ],
          { timeout: 30_000 },
        );
        const changes = scenes.stdout.trim().split('\n').filter(Boolean).map(Number);
        expect(changes).toHaveLength(1);
        expect(Math.abs(changes[0]! - result.slides[1]!.start)).toBeLessThanOrEqual(0.26);

        // a second seed reuses the result
        const again = await cachedReplay(tinyScript, dir);
        expect(again.cached).toBe(true);
        expect(again.video.equals(result.video)).toBe(true);
        expect(again.transcript).toEqual(result.transcript);
        expect((await readdir(dir)).filter((name) => name.startsWith(tinyScript.slug))).toHaveLength(2);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
