import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:9001';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/config.js': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // bench/ reads the login route's chunk graph from the manifest to enforce the bundle budget.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The contract package is plain declarations (schemas, tables, texts) but has no `sideEffects` flag;
        // marking it side-effect free keeps zod out of chunks that only need messages or route tables.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
