import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for unit, component and API integration tests; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'scripts',
    ],
    // The ten slowest files are listed when a run ends (scripts/slowest-files-reporter.mjs).
    reporters: ['default', './scripts/slowest-files-reporter.mjs'],
    // Vitest keeps one core free by default (one worker on a 2-core machine). In CI the tests are all the machine
    // runs, so every core takes a worker (issue 21: CI time); elsewhere the default leaves room for other work.
    ...(process.env.CI ? { maxWorkers: availableParallelism() } : {}),
  },
});
