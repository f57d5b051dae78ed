#!/usr/bin/env node
// `npm run build`: builds the web app and the server (always) and records the hash of their inputs, so that the
// next `npm start` does not build them again (scripts/web-build.mjs, scripts/server-build.mjs). Vite's listing of
// every chunk is printed with `--verbose` (`npm run build -- --verbose`); otherwise its warnings and one summary line.
import { buildServer } from './server-build.mjs';
import { buildWeb } from './web-build.mjs';

if (!buildWeb(undefined, undefined, { verbose: process.argv.includes('--verbose') })) process.exit(1);
if (!(await buildServer())) process.exit(1);
