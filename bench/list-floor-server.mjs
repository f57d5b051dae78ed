#!/usr/bin/env node
// The database floor of a research list (issue 26): a bare Fastify route that runs the portal's own list call
// (the compiled research service, caches off, as with CACHE_TTL_MS=0) for one fixed caller, the demo client, and
// returns its reply. No session statement, no hooks, no reply schema: what is left of a request is the list's own
// statements and the work around them. The portal's figure against this one is what its request costs beyond the
// list; this one against the bare ceiling is what the list costs.
// Usage: PORT=<port> DATABASE_URL=postgres://... node bench/list-floor-server.mjs (after a server build)
import path from 'node:path';
import Fastify from 'fastify';
import { repoRoot } from './harness.mjs';
import { openResearchListCall } from './research-list-call.mjs';

const research = await openResearchListCall(
  path.join(repoRoot, 'apps/server/dist'),
  String(process.env.DATABASE_URL),
);

const app = Fastify({ logger: false });
app.get('/api/reports', async (request) =>
  research.list(/** @type {Record<string, unknown>} */ (request.query)),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('list floor listening');
const stop = () =>
  app
    .close()
    .then(() => research.close())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
