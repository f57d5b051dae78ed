#!/usr/bin/env node
// The SPA's initial JavaScript for the login route, gzip level 9: the entry chunk and its static imports,
// plus the login route module's chunk and its static imports, each counted once. Reads Vite's manifest of the
// last build (`npm run build`).
//   node bench/bundle-size.mjs            print the table
//   node bench/bundle-size.mjs --check    exit 1 above the budget (npm test runs this after the build)
//   node bench/bundle-size.mjs --write    also record the table in the "Bundle" section of bench/RESULTS.md
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { formatResults, resultsFile } from './results-file.mjs';

// The guide's 150 KB (README: a screen's lazy import lists only its styles).
export const budgetBytes = 150 * 1024;
const loginModule = 'src/app/routes/login.tsx';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(benchDir, '../apps/web/dist');
const manifestFile = path.join(distDir, '.vite/manifest.json');

/** @typedef {{ file: string, isEntry?: boolean, imports?: string[], css?: string[] }} ManifestChunk */

const fail = (/** @type {string} */ message) => {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
};

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function measure() {
  if (!existsSync(manifestFile)) {
    fail(
      `${path.relative(process.cwd(), manifestFile)} is missing: run \`npm run build\` first (Vite build.manifest).`,
    );
  }
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const roots = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (roots.length === 0) fail('the manifest has no entry chunk.');
  if (!manifest[loginModule]) {
    fail(
      `the manifest has no chunk for ${loginModule}; the login route must be its own module (see the README).`,
    );
  }
  roots.push(loginModule);

  /** @type {Map<string, { key: string, file: string }>} */
  const chunks = new Map();
  const visit = (/** @type {string} */ key) => {
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest refers to ${key}, which it does not list.`);
    else if (!chunks.has(chunk.file)) {
      chunks.set(chunk.file, { key, file: chunk.file });
      for (const imported of chunk.imports ?? []) visit(imported);
    }
  };
  for (const key of roots) visit(key);

  const rows = [...chunks.values()]
    .filter(({ file }) => file.endsWith('.js'))
    .map(({ key, file }) => {
      const content = readFileSync(path.join(distDir, file));
      return {
        file,
        key,
        raw: content.length,
        gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
    raw: 0,
    gzip: 0,
  });
  return { rows, total };
}

/** @param {ReturnType<typeof measure>} result */
const markdownTable = ({ rows, total }) =>
  [
    '| chunk | from | raw | gzip -9 |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((r) => `| \`${r.file}\` | \`${r.key}\` | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    `| **total** | | **${kb(total.raw)}** | **${kb(total.gzip)}** |`,
  ].join('\n');

/** Replaces the "## Bundle" section of RESULTS.md (up to the next "## " heading), or adds it. */
const writeResults = (/** @type {ReturnType<typeof measure>} */ result) => {
  const section = [
    '## Bundle',
    '',
    `Initial JS of the login route (entry chunk + \`${loginModule}\` and their static imports), gzip level 9.`,
    `Budget ${kb(budgetBytes)}. Measured ${new Date().toISOString().slice(0, 10)} with \`npm run build && node bench/bundle-size.mjs --write\`.`,
    '',
    markdownTable(result),
    '',
  ].join('\n');
  const current = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
  const start = current.search(/^## Bundle\s*$/m);
  let next;
  if (start === -1) {
    // First time: the Bundle section goes before the dated sections of users-me.mjs.
    const firstSection = current.search(/^## /m);
    next =
      firstSection === -1
        ? `${current.trimEnd()}\n\n${section}`
        : `${current.slice(0, firstSection)}${section}\n${current.slice(firstSection)}`;
  } else {
    const rest = current.slice(start + 1);
    const end = rest.search(/^## /m);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${rest.slice(end)}`);
  }
  writeFileSync(resultsFile, `${next.trimEnd()}\n`);
  formatResults();
  console.log(`bundle-size: updated the Bundle section of ${path.relative(process.cwd(), resultsFile)}`);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = measure();
  const width = Math.max(...result.rows.map((r) => r.file.length), 5);
  console.log(`${'chunk'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip -9'.padStart(10)}  from`);
  for (const r of result.rows) {
    console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  ${kb(r.gzip).padStart(10)}  ${r.key}`);
  }
  console.log(
    `${'total'.padEnd(width)}  ${kb(result.total.raw).padStart(10)}  ${kb(result.total.gzip).padStart(10)}`,
  );
  console.log(`budget ${kb(budgetBytes)} gzip for the login route's initial JS`);
  if (process.argv.includes('--write')) writeResults(result);
  if (process.argv.includes('--check')) {
    if (result.total.gzip > budgetBytes) {
      fail(
        `the login route's initial JS is ${kb(result.total.gzip)} gzip, over the ${kb(budgetBytes)} budget by ` +
          `${kb(result.total.gzip - budgetBytes)}. Load heavy modules lazily (import()) or drop them.`,
      );
    }
    console.log(`bundle-size: within budget (${kb(budgetBytes - result.total.gzip)} to spare)`);
  }
}
