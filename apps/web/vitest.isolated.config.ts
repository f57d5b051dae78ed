import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { isolatedFiles, webTest } from './vitest.config.ts';

/** The web app's test files that mock a module, each with a module graph of its own (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { ...webTest, name: 'web-isolated', include: isolatedFiles, isolate: true },
});
