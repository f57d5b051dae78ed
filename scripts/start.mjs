#!/usr/bin/env node
// `npm start`: builds the web app and the server only when their sources changed since the last build
// (scripts/web-build.mjs, scripts/server-build.mjs), then runs the compiled server (apps/server/dist) in this
// process: JavaScript, no TypeScript loader, no second Node process. Logs are plain text unless LOG_FORMAT says
// otherwise.
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { buildWeb, repoRoot, webBuildStatus } from './web-build.mjs';

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
if (!(await ensureServerBuild())) {
  console.error('The server did not build (see above); it is not started.');
  process.exit(1);
}

process.env.LOG_FORMAT ||= 'pretty';
// Stack traces name the TypeScript sources (the build writes linked source maps).
process.setSourceMapsEnabled(true);
await import(new URL(serverEntry, `file://${repoRoot}/`).href);
