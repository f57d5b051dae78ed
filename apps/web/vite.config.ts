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
    // The largest chunks are lazy and load only where they are needed: the workbook reader (exceljs, about
    // 915 KB minified) on a spreadsheet report, pdf.js on a PDF. Past 1 MB a chunk is worth a look.
    chunkSizeWarningLimit: 1000,
    // Every browser of the es2022 target but Safari 16 knows <link rel="modulepreload">; the polyfill (about
    // 0.5 KB gzip of the login route's budget) would only spare Safari 16 a fetch waterfall, never a failure.
    modulePreload: {
      polyfill: false,
      // A screen's lazy import lists only its styles (loaded before the screen runs, so it never shows
      // unstyled); its scripts load as the browser finds them in the screen's imports. The lists of every
      // screen's scripts were 3.5 KB gzip of the shell every page loads first (the login route: 151.9 -> 148.4
      // KB), and a first load never uses them: the server's page preloads the opening screen's scripts and styles
      // itself (web-document). An in-app move to a screen not loaded yet fetches its chunks a level of imports at
      // a time instead of all at once. index.html keeps its preloads of the entry's own imports (React's chunk,
      // the runtime): without them every page fetched those only after the entry's 110 KB had arrived.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM's small index and the JSX runtime in one chunk, which every screen loads. A lazy
          // chunk that imports 'react-dom' itself (recharts, for the key charts) had Rolldown split that module
          // off the entry into a chunk of its own: 0.6 KB gzip more on the login route than in one chunk here.
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom)[\\/](index|jsx-runtime|cjs[\\/]react(-dom|-jsx-runtime)?\.production)\.js$/,
            },
          ],
        },
      },
      treeshake: {
        // The contract package is plain declarations (schemas, tables, texts) but has no `sideEffects` flag;
        // marking it side-effect free keeps zod out of chunks that only need messages or route tables.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
