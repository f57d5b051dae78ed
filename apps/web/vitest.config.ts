import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Test files that mock a module (vi.mock) or install fake timers: each needs a module graph of its own, so they
 * run in the `web-isolated` project (vitest.isolated.config.ts) with Vitest's default isolation. Sharing one, a
 * module first imported under another file's fake clock kept it: the approval screen's reload never came.
 */
export const isolatedFiles = [
  'src/features/site/components/contact-form.test.tsx',
  'src/features/blogs/hooks/use-post-visit.test.tsx',
  'src/features/connect-admin/components/approval-page.test.tsx',
  'src/features/report-viewer/lib/pdf-bytes.test.ts',
];

export const webTest = {
  environment: 'jsdom' as const,
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./src/test/setup.ts'],
  testTimeout: 20_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: 'web',
    exclude: [...isolatedFiles, '**/node_modules/**'],
    // The files of a worker share one jsdom and one module graph (58 files: 160 s to 47 s on 2 cores); the setup
    // file empties the document, storage, cookies, stubs and mocks after every test. A file that mocks a module
    // or the clock runs isolated (above).
    isolate: false,
  },
});
