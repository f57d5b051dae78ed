import { defineProject } from 'vitest/config';

/**
 * Test files that mock a module (vi.mock) or install fake timers (none today): each needs a module graph of its own, so they run in the
 * `server-isolated` project (vitest.isolated.config.ts) with Vitest's default isolation.
 */
export const isolatedFiles = ['src/test/route-inputs.integration.test.ts'];

export const serverTest = {
  include: ['src/**/*.test.ts'],
  environment: 'node' as const,
  // A folder and id for the run's seeded database templates (see src/test/test-app.ts).
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30000,
  hookTimeout: 60000,
};

export default defineProject({
  test: {
    ...serverTest,
    name: 'server',
    exclude: [...isolatedFiles, '**/node_modules/**'],
    // The files of a worker share one module graph instead of importing the app afresh for each file (about 3 s a
    // file, over 100 files): the server's modules keep no state between tests but what a test app holds, and a
    // file that mocks a module runs isolated (above). bench/RESULTS.md, "CI time" (issue 21).
    isolate: false,
  },
});
