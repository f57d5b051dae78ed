import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = 'http://localhost:9001';

/**
 * The chunks the entry imports statically are loaded before any screen is: a screen's lazy import need not list
 * them for preloading. Every lazy screen listed them (about 10 of its 40-odd dependencies), in the shell's map of
 * screens that counts towards the login route's budget. `entryClosure` is filled when the bundle is written,
 * before Vite asks `resolveDependencies` (its import analysis runs after the plugins of the config).
 */
const entryClosure = new Set<string>();
/**
 * An admin screen's lazy import lists only its styles: its scripts load as the browser finds them (a short
 * waterfall an admin pays on the first visit), not listed in the shell every reader downloads. Readers' screens
 * keep their full list, fetched in parallel.
 */
const isAdminScreen = (file: string) => /(^|\/)admin-[^/]*\.js$/.test(file);
const entryImports = (): Plugin => ({
  name: 'portal:entry-imports',
  apply: 'build',
  generateBundle(_options, bundle) {
    const visit = (file: string) => {
      const chunk = bundle[file];
      if (entryClosure.has(file) || !chunk || chunk.type !== 'chunk') return;
      entryClosure.add(file);
      for (const imported of chunk.imports) visit(imported);
    };
    for (const [file, chunk] of Object.entries(bundle))
      if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
  },
});

export default defineConfig({
  plugins: [react(), entryImports(), precompress()],
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
    // Every browser of the es2022 target but Safari 16 knows <link rel="modulepreload">; the polyfill (about
    // 0.5 KB gzip of the login route's budget) would only spare Safari 16 a fetch waterfall, never a failure.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) =>
        deps.filter((dep) => !entryClosure.has(dep) && (dep.endsWith('.css') || !isAdminScreen(file))),
    },
    rolldownOptions: {
      treeshake: {
        // The contract package is plain declarations (schemas, tables, texts) but has no `sideEffects` flag;
        // marking it side-effect free keeps zod out of chunks that only need messages or route tables.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
