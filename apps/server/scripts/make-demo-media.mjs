#!/usr/bin/env node
/**
 * Makes the demo audio and video files of the catalogue seed from `assets/demo-media/transcripts.json`:
 * each podcast is its transcript spoken by espeak-ng (MP3, mono, 24 kbit/s); each video note is a slide per
 * paragraph (640x360 PNG drawn from the slide's heading, points and chart) shown while that paragraph is spoken
 * (H.264 at 1 frame a second, AAC mono 32 kbit/s). Run it once after changing a transcript and commit the
 * outputs: the seed reads the committed files and needs neither espeak-ng nor ffmpeg.
 *
 *   node apps/server/scripts/make-demo-media.mjs            # every file
 *   node apps/server/scripts/make-demo-media.mjs india      # the files whose name contains "india"
 *
 * Needs Debian's espeak-ng and ffmpeg (apt-get install espeak-ng ffmpeg) and the DejaVu fonts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const mediaDir = fileURLToPath(new URL('../assets/demo-media/', import.meta.url));
const scripts = JSON.parse(readFileSync(join(mediaDir, 'transcripts.json'), 'utf8'));
const firm = 'Harbourline Research';
const voice = ['-v', 'en-gb', '-s', '150', '-p', '45'];
const width = 640;
const height = 360;
const pause = 0.7; // seconds of silence between paragraphs

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });

/** espeak-ng's WAV (16-bit PCM mono): the samples and the format, read from its chunks. */
const readWav = (file) => {
  const data = readFileSync(file);
  let at = 12;
  let format;
  while (at < data.length) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (id === 'fmt ')
      format = { rate: data.readUInt32LE(at + 12), bytesPerSample: data.readUInt16LE(at + 22) / 8 };
    if (id === 'data') return { format, pcm: data.subarray(at + 8, at + 8 + size) };
    at += 8 + size + (size % 2);
  }
  throw new Error(`No data in ${file}`);
};

const writeWav = (file, format, pcm) => {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(format.rate, 24);
  header.writeUInt32LE(format.rate * format.bytesPerSample, 28);
  header.writeUInt16LE(format.bytesPerSample, 32);
  header.writeUInt16LE(format.bytesPerSample * 8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  writeFileSync(file, Buffer.concat([header, pcm]));
};

/** Speaks each paragraph, joins them with a pause; returns the WAV and each paragraph's length in seconds. */
const speak = (work, paragraphs) => {
  const parts = paragraphs.map((text, i) => {
    const file = join(work, `part-${i}.wav`);
    run('espeak-ng', [...voice, '-w', file, text]);
    return readWav(file);
  });
  const { format } = parts[0];
  const silence = Buffer.alloc(Math.round(pause * format.rate) * format.bytesPerSample);
  const seconds = parts.map((p) => p.pcm.length / format.bytesPerSample / format.rate + pause);
  const wav = join(work, 'speech.wav');
  writeWav(wav, format, Buffer.concat(parts.flatMap((p) => [p.pcm, silence])));
  return { wav, seconds };
};

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Wraps text to lines of at most `max` characters. */
const wrap = (text, max) => {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};

/** A bar chart in the slide's right half: a group of bars per label, one colour per series. */
const chartSvg = (chart, x, y, w, h) => {
  const colours = ['#1d4e89', '#e0a43a', '#2d6a4f'];
  const max = Math.max(...chart.series.flatMap((s) => s.values)) * 1.15;
  const group = w / chart.labels.length;
  const bar = Math.min(36, (group - 12) / chart.series.length);
  const base = y + h - 24;
  const scale = (v) => ((h - 64) * v) / max;
  let svg = `<text x="${x}" y="${y + 14}" font-size="14" font-weight="bold" fill="#1c3657">${escapeXml(chart.title)}</text>`;
  chart.labels.forEach((label, i) => {
    const left = x + i * group + (group - bar * chart.series.length) / 2;
    chart.series.forEach((series, k) => {
      const value = series.values[i];
      const top = base - scale(value);
      svg += `<rect x="${left + k * bar}" y="${top}" width="${bar - 3}" height="${scale(value)}" fill="${colours[k % 3]}"/>`;
      svg += `<text x="${left + k * bar + (bar - 3) / 2}" y="${top - 4}" font-size="11" text-anchor="middle" fill="#333">${value}</text>`;
    });
    svg += `<text x="${x + i * group + group / 2}" y="${base + 16}" font-size="11" text-anchor="middle" fill="#555">${escapeXml(label)}</text>`;
  });
  svg += `<line x1="${x}" y1="${base}" x2="${x + w}" y2="${base}" stroke="#888" stroke-width="1"/>`;
  if (chart.series.length > 1)
    chart.series.forEach((series, k) => {
      svg += `<rect x="${x + k * 130}" y="${y + 24}" width="10" height="10" fill="${colours[k % 3]}"/><text x="${x + k * 130 + 14}" y="${y + 33}" font-size="11" fill="#333">${escapeXml(series.name)}</text>`;
    });
  return svg;
};

const slidePng = (slide, index, total, title) => {
  const charted = Boolean(slide.chart);
  const textWidth = charted ? 26 : 48;
  const headingLines = wrap(slide.heading, 42);
  const top = 96 + headingLines.length * 28;
  let y = top + 8;
  let bullets = '';
  for (const point of slide.bullets) {
    const lines = wrap(point, textWidth);
    bullets += `<circle cx="40" cy="${y - 5}" r="4" fill="#1d4e89"/>`;
    for (const line of lines) {
      bullets += `<text x="54" y="${y}" font-size="17" fill="#1b1f24">${escapeXml(line)}</text>`;
      y += 24;
    }
    y += 12;
  }
  const heading = headingLines
    .map(
      (line, i) =>
        `<text x="32" y="${86 + i * 28}" font-size="22" font-weight="bold" fill="#1c3657">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, sans-serif">
<rect width="${width}" height="${height}" fill="#ffffff"/>
<rect width="${width}" height="44" fill="#1c3657"/>
<text x="32" y="28" font-size="15" font-weight="bold" fill="#ffffff">${firm}</text>
<text x="${width - 32}" y="28" font-size="12" fill="#dfe5eb" text-anchor="end">Slide ${index + 1} of ${total}</text>
${heading}
${bullets}
${charted ? chartSvg(slide.chart, 340, top - 14, 270, height - 40 - top) : ''}
<rect y="${height - 26}" width="${width}" height="26" fill="#eef2f6"/>
<text x="32" y="${height - 9}" font-size="11" fill="#5a6169">${escapeXml(wrap(title, 90)[0])}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

const makeAudio = (name, script, work) => {
  const { wav } = speak(work, script.segments);
  const out = join(mediaDir, name);
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    '22050',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '24k',
    '-map_metadata',
    '-1',
    '-id3v2_version',
    '0',
    '-write_xing',
    '0',
    out,
  ]);
  return out;
};

const makeVideo = async (name, script, work) => {
  const { wav, seconds } = speak(
    work,
    script.slides.map((s) => s.text),
  );
  let list = '';
  for (const [i, slide] of script.slides.entries()) {
    const png = join(work, `slide-${i}.png`);
    writeFileSync(png, await slidePng(slide, i, script.slides.length, script.title));
    list += `file '${png}'\nduration ${seconds[i].toFixed(3)}\n`;
  }
  // the concat demuxer takes the last image's duration only when the image is listed once more
  list += `file '${join(work, `slide-${script.slides.length - 1}.png`)}'\n`;
  const listFile = join(work, 'slides.txt');
  writeFileSync(listFile, list);
  const out = join(mediaDir, name);
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-i',
    wav,
    '-map',
    '0:v',
    '-map',
    '1:a',
    '-vf',
    'fps=1,format=yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-crf',
    '30',
    '-g',
    '30',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-ac',
    '1',
    '-ar',
    '22050',
    '-shortest',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
};

const only = process.argv[2];
for (const [name, script] of Object.entries(scripts)) {
  if (only && !name.includes(only)) continue;
  const work = mkdtempSync(join(tmpdir(), 'demo-media-'));
  try {
    const out = name.endsWith('.mp4') ? await makeVideo(name, script, work) : makeAudio(name, script, work);
    console.log(`${name}: ${Math.round(statSync(out).size / 1024)} KB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
