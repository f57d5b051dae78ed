import { defineProject } from 'vitest/config';
import { isolatedFiles, serverTest } from './vitest.config.ts';

/** The server's test files that mock a module, each with a module graph of its own (see vitest.config.ts). */
export default defineProject({
  test: { ...serverTest, name: 'server-isolated', include: isolatedFiles, isolate: true },
});
