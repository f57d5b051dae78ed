import { readFileSync } from 'node:fs';

/**
 * What the demo audio and video files say. `assets/demo-media/transcripts.json` is the one source: the media
 * script (`apps/server/scripts/make-demo-media.mjs`) speaks it with espeak-ng and films its slides with ffmpeg,
 * and the seed gives each media report the same words as its description, so the text matches the speech.
 */
export interface MediaSlide {
  heading: string;
  bullets: string[];
  chart?: { title: string; labels: string[]; series: { name: string; values: number[] }[] };
  text: string;
}
export interface MediaScript {
  title: string;
  /** audio: what is said, a paragraph each */
  segments?: string[];
  /** video: a slide each, with what is said over it */
  slides?: MediaSlide[];
}

export const demoMediaDir = new URL('../../assets/demo-media/', import.meta.url);

export const mediaScripts: Record<string, MediaScript> = JSON.parse(
  readFileSync(new URL('transcripts.json', demoMediaDir), 'utf8'),
);

/** The spoken words of a media file, paragraph by paragraph. */
export const mediaParagraphs = (file: string) => {
  const script = mediaScripts[file];
  if (!script) throw new Error(`No transcript for the demo media file ${file}`);
  return script.segments ?? script.slides!.map((slide) => slide.text);
};

/** The transcript as a report's description: the spoken paragraphs in order. */
export const mediaTranscript = (file: string) => mediaParagraphs(file).join(' ');
