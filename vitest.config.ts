import { defineConfig } from 'vitest/config';

// One runner for unit, component and API integration tests; browser journeys run in Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'scripts'],
  },
});
