#!/usr/bin/env node
// `npm run build`: builds the web app (always) and records the hash of its inputs, so that the next `npm start`
// does not build it again (scripts/web-build.mjs).
import { buildWeb } from './web-build.mjs';

if (!buildWeb()) process.exit(1);
