#!/usr/bin/env node
// `npm test`: every test of the project, in order of cost. Stops at the first failing step.
// With TEST_DATABASE_URL set (CI does), the API integration tests run a second time on that PostgreSQL server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['walls (dependency rules)', 'npm', ['run', '-s', 'lint:deps']],
  ['unit, component and API integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  // The trailing filter keeps only files whose path contains "integration" (*.integration.test.ts).
  steps.push([
    'API integration tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server', '--project', 'server-isolated', 'integration'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
} else {
  console.log(
    'TEST_DATABASE_URL is not set: API integration tests run on PGlite only (CI also runs them on PostgreSQL).',
  );
}
steps.push(['build the web app and the server', 'npm', ['run', 'build']]);
steps.push(['bundle budget (login route initial JS)', 'npm', ['run', 'bundle:check', '-w', '@portal/bench']]);
const journeys = 'browser journeys (Playwright, Chromium)';
steps.push([journeys, 'npm', ['test', '-w', '@portal/e2e']]);

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const run = (cmd, args, env) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', (error) => resolve({ status: null, error }));
    child.once('close', (status) => resolve({ status }));
  });

// The journeys' database (migrated, seeded, with their own data: about 40 s) is made beside the typecheck, which
// keeps one of two cores busy; the harness copies it at the journeys' start instead of seeding then.
const prepared = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-prepared-'));
const preparing = (() => {
  const started = Date.now();
  const child = spawn('npx', ['tsx', 'e2e/support/prepare-run.ts', prepared], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(prepared, { recursive: true, force: true, maxRetries: 5 });
  });
  // Interrupted (Ctrl-C, CI's timeout): the 'exit' handler above still stops the preparation and removes its folder.
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ status: null, output: error.message, took: seconds(started) }));
    child.once('close', (status) => resolve({ status, output, took: seconds(started) }));
  });
})();

const startedAll = Date.now();
const done = [];
for (const [name, cmd, args, env = {}] of steps) {
  if (name === journeys) {
    const prep = await preparing;
    if (prep.status === 0) {
      console.log(`\n(the journeys' database was prepared beside the typecheck in ${prep.took})`);
      env.PORTAL_E2E_PREPARED = prepared;
    } else {
      console.log(
        `\npreparing the journeys' database failed (exit ${prep.status}); the harness makes its own:`,
      );
      console.log(prep.output.trim().split('\n').slice(-20).join('\n'));
    }
  }
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = await run(cmd, args, env);
  const ok = res.status === 0;
  const line = `${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)}`;
  console.log(`=== ${line}`);
  done.push(line);
  if (!ok) {
    if (res.error) console.error(`${cmd}: ${res.error.message}`);
    const skipped = steps.slice(done.length).map(([n]) => `${n}: not run`);
    console.log(`\nnpm test summary\n  ${[...done, ...skipped].join('\n  ')}`);
    console.log(`npm test: FAILED at "${name}" after ${seconds(startedAll)}`);
    process.exit(res.status || 1);
  }
}
console.log(`\nnpm test summary\n  ${done.join('\n  ')}`);
console.log(`npm test: all ${done.length} steps ok in ${seconds(startedAll)}`);
