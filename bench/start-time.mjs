#!/usr/bin/env node
// Start time of `npm start`: from spawning the command to the first 200 of GET /api/health. The first run starts
// on an empty data folder (it seeds the demo and, when needed, builds the app); the next runs start on the data
// it left, which is what a developer restarting the portal waits for. Prints a Markdown section; `--write`
// appends it to RESULTS.md.
//   node bench/start-time.mjs [--runs 5] [--command "npm start"] [--write]
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createHarness, freePort, host, waitFor } from './harness.mjs';
import { formatResults, resultsFile } from './results-file.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    command: { type: 'string', default: 'npm start' },
    write: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const command = values.command.split(' ');

const harness = createHarness('portal-start-time-');
const dataDir = `${harness.workDir}/data`;

/** One start: milliseconds from spawn to a 200 of /api/health, then the server is stopped. */
const startOnce = async (/** @type {string} */ name) => {
  const port = await freePort();
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PORT: String(port), HOST: host, DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'SMTP_URL', 'WEB_DIST']) delete env[key];
  const started = performance.now();
  const proc = harness.start(name, command, env);
  await waitFor(`http://${host}:${port}/api/health`, proc, 300_000);
  const ms = performance.now() - started;
  await harness.stopChildren();
  return ms;
};

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
try {
  const load = os.loadavg().map((n) => n.toFixed(2));
  const first = await startOnce('first');
  console.log(`first start (empty data folder): ${seconds(first)}`);
  /** @type {number[]} */
  const again = [];
  for (let i = 1; i <= runs; i++) {
    again.push(await startOnce(`run-${i}`));
    console.log(`start ${i} on existing data: ${seconds(again.at(-1) ?? 0)}`);
  }
  const sorted = [...again].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const section = [
    '',
    `## Start time of \`${values.command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Command: \`node bench/start-time.mjs --runs ${runs}${values.command === 'npm start' ? '' : ` --command "${values.command}"`}\`. ` +
      `From spawning \`${values.command}\` to the first 200 of \`GET /api/health\`, PGlite in a fresh temp folder, ` +
      `Node ${process.version}, ${os.cpus().length} cores, load average before the run ${load.join(' / ')}.`,
    '',
    '| start | time |',
    '| --- | ---: |',
    `| first (empty data folder: seeds the demo) | ${seconds(first)} |`,
    ...again.map((ms, i) => `| ${i + 1} on existing data | ${seconds(ms)} |`),
    `| median on existing data | ${seconds(median)} |`,
    '',
  ].join('\n');
  console.log(section);
  if (values.write) {
    appendFileSync(resultsFile, section);
    formatResults();
  }
} finally {
  await harness.close();
}
