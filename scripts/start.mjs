#!/usr/bin/env node
// `npm start`: builds the web app only when its sources changed since the last build (scripts/web-build.mjs),
// then runs the server in this process (tsx's loader, no second Node process). Logs are plain text unless
// LOG_FORMAT says otherwise.
import { register } from 'tsx/esm/api';
import { buildWeb, webBuildStatus } from './web-build.mjs';

const status = webBuildStatus();
if (status.needed) {
  console.log(`Building the web app: ${status.reason}.`);
  if (!buildWeb(undefined, status.hash)) {
    console.error('The web app did not build (see above); the server is not started.');
    process.exit(1);
  }
} else {
  console.log('The web app is up to date (apps/web/dist): not rebuilt.');
}

process.env.LOG_FORMAT ||= 'pretty';
register();
await import('../apps/server/src/server.ts');
