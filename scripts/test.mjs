#!/usr/bin/env node
// `npm test`: every test of the project, in order of cost. Stops at the first failing step.
// With TEST_DATABASE_URL set (CI does), the API integration tests run a second time on that PostgreSQL server.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['unit, component and API integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'API integration tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server', 'integration'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
} else {
  console.log('TEST_DATABASE_URL is not set: API integration tests run on PGlite only (CI also runs them on PostgreSQL).');
}
steps.push(['build the web app', 'npm', ['run', 'build']]);
steps.push(['browser journeys (Playwright, Chromium)', 'npm', ['test', '-w', '@portal/e2e']]);

for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (res.status !== 0) process.exit(res.status ?? 1);
}
