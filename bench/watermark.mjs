#!/usr/bin/env node
// Server-side PDF watermark stamping (issue 4, "done when"): pages per second of the viewer's stamping function
// (apps/server/src/modules/watermark/stamp-pdf.ts) on the 50-page demo report, with the demo watermark
// configuration (a diagonal on every page and a line on page 1) resolved for a reader, the same work GET /files and
// GET /reports/downloadPdf do per request. Also a baseline row: pdf-lib load and save with no watermark, to show
// what the marks themselves cost. In process, one core, no server or network involved.
//   node bench/watermark.mjs [--duration <seconds per row>] [--no-write]
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { formatResults, resultsFile } from './results-file.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const durationSeconds = Number(args.duration);
if (!(durationSeconds >= 1 && durationSeconds <= 120)) {
  console.error('Usage: node bench/watermark.mjs [--duration <1..120 seconds>] [--no-write]');
  process.exit(2);
}
const warmupRuns = 3;

// The server is TypeScript run by tsx: let this script import its modules the same way.
register();
const serverSrc = new URL('../apps/server/src/', import.meta.url);
/** @param {string} file */
const load = (file) => import(new URL(file, serverSrc).href);
const [{ stampPdf }, viewerSeed, { researchPdf }, contract] = await Promise.all([
  load('modules/watermark/stamp-pdf.ts'),
  load('seed/viewer.ts'),
  load('seed/catalogue-files.ts'),
  import('@portal/contract'),
]);

const publishedAt = new Date(Date.UTC(2030, 0, 15, 9));
const source = await researchPdf(
  viewerSeed.yearbookDocument('Harbourline Research', publishedAt),
  viewerSeed.yearbookPages - 1,
);
const watermarks = contract.resolveWatermarks(
  contract.parseWatermarkConfigs(viewerSeed.demoWatermarkConfig),
  { sectorIds: [10000131] },
  {
    name: 'Jordan Client',
    userId: 2,
    company: 'Demo Capital Partners',
    email: 'client@demo.test',
    date: publishedAt,
  },
);

/** @typedef {{ bytes: Uint8Array; pageCount: number }} Stamped */
/**
 * Runs `work` back to back for the duration (after warm-up) and returns per-run times in ms.
 * @param {() => Promise<Stamped>} work
 */
const measure = async (work) => {
  for (let i = 0; i < warmupRuns; i++) await work();
  /** @type {number[]} */
  const times = [];
  const until = performance.now() + durationSeconds * 1000;
  /** @type {Stamped | undefined} */
  let last;
  while (performance.now() < until) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  /** @param {number} q */
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  if (!last) throw new Error('no run finished');
  return { runs: times.length, mean, p50: at(0.5), p95: at(0.95), last };
};

const baseline = await measure(async () => {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(source, { updateMetadata: false });
  return { bytes: await doc.save(), pageCount: doc.getPageCount() };
});
const stamped = await measure(() => stampPdf(source, watermarks));
const pages = stamped.last.pageCount;
if (pages !== 50) throw new Error(`the demo report has ${pages} pages, expected 50`);

/** @param {number} bytes */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = [
  { label: 'pdf-lib load + save, no watermark (baseline)', r: baseline },
  { label: `stampPdf, demo watermark (${watermarks.length} configs)`, r: stamped },
].map(({ label, r }) => ({
  label,
  runs: r.runs,
  mean: r.mean.toFixed(1),
  p50: r.p50.toFixed(1),
  p95: r.p95.toFixed(1),
  pagesPerSecond: Math.round((pages * 1000) / r.mean),
  size: kb(r.last.bytes.length),
}));

console.log(
  `50-page demo report: ${kb(source.length)}; ${durationSeconds} s per row after ${warmupRuns} warm-up runs`,
);
console.table(rows);

/**
 * A Markdown table laid out the way Biome lays out the others in RESULTS.md (first column left, the rest right).
 * @param {string[]} header
 * @param {string[][]} body
 */
const markdownTable = (header, body) => {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...body.map((row) => (row[i] ?? '').length)));
  const cell = (/** @type {string} */ text, /** @type {number} */ i) =>
    i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0);
  const line = (/** @type {string[]} */ cells) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...body.map(line)];
};

if (!args['no-write']) {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    '',
    `## PDF watermark stamping, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`npm run bench:watermark -w @portal/bench\` (\`node bench/watermark.mjs\`). Machine: ${os.availableParallelism()} cores` +
      ` (${cpu}), Node ${process.version}, ${os.platform()} ${os.release()}. In process, one core: the server's` +
      ` \`stampPdf\` on the 50-page demo report "${viewerSeed.yearbookTitle}" (${kb(source.length)} unstamped),` +
      ` demo watermark configuration resolved for a reader, ${durationSeconds} s per row after ${warmupRuns} warm-up runs.` +
      ' Each run loads the PDF, draws the marks and saves it, as every stamped file delivery does.' +
      ` Load average at the end: ${os.loadavg()[0]?.toFixed(1)} (a busy shared machine makes the means and p95 noisy;` +
      ' compare the two rows of one run).',
    '',
    ...markdownTable(
      ['work per document', 'runs', 'mean', 'p50', 'p95', 'pages/s', 'output size'],
      rows.map((r) => [
        r.label,
        String(r.runs),
        `${r.mean} ms`,
        `${r.p50} ms`,
        `${r.p95} ms`,
        String(r.pagesPerSecond),
        r.size,
      ]),
    ),
    '',
  ];
  if (!existsSync(resultsFile)) writeFileSync(resultsFile, '# Benchmark results\n');
  appendFileSync(resultsFile, lines.join('\n'));
  formatResults();
  console.log(`watermark: appended the results to ${path.relative(process.cwd(), resultsFile)}`);
}
