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
  // The trailing filter keeps only files whose path contains "integration" (*.integration.test.ts).
  steps.push([
    'API integration tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--project', 'server', 'integration'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
} else {
  console.log(
    'TEST_DATABASE_URL is not set: API integration tests run on PGlite only (CI also runs them on PostgreSQL).',
  );
}
steps.push(['build the web app', 'npm', ['run', 'build']]);
steps.push(['bundle budget (login route initial JS)', 'npm', ['run', 'bundle:check', '-w', '@portal/bench']]);
steps.push(['browser journeys (Playwright, Chromium)', 'npm', ['test', '-w', '@portal/e2e']]);

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const startedAll = Date.now();
const done = [];
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
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
