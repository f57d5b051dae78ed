#!/usr/bin/env node
// `npm run build`: builds the web app (always) and records the hash of its inputs, so that the next `npm start`
// does not build it again (scripts/web-build.mjs). Vite's listing of every chunk is printed with `--verbose`
// (`npm run build -- --verbose`); otherwise its warnings and one summary line.
import { buildWeb } from './web-build.mjs';

if (!buildWeb(undefined, undefined, { verbose: process.argv.includes('--verbose') })) process.exit(1);
