#!/usr/bin/env node
// The database floor of a research list (issue 26): a bare Fastify route that runs the portal's own list call
// (the compiled research service, caches off, as with CACHE_TTL_MS=0) for one fixed caller, the demo client, and
// returns its reply. No session statement, no hooks, no reply schema: what is left of a request is the list's own
// statements and the work around them. The portal's figure against this one is what its request costs beyond the
// list; this one against the bare ceiling is what the list costs.
// Usage: PORT=<port> DATABASE_URL=postgres://... node bench/list-floor-server.mjs (after a server build)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { demoAccount, repoRoot } from './harness.mjs';

const dist = (/** @type {string} */ file) =>
  import(pathToFileURL(path.join(repoRoot, 'apps/server/dist', file)).href);
const { openPostgres, rowsOf } = await dist('db/client.js');
const { createLocalChangeFeed } = await dist('modules/changes/change-feed.js');
const { findGrantedSectorIdsOfUser } = await dist('modules/persons/matrix-grants.js');
const { entitlementOf } = await dist('modules/entitlements/entitlements.js');
const { createResearchService } = await dist('modules/research/research.service.js');
const { reportsQuery } = await dist('contract/index.js');
const { sql } = await import('drizzle-orm');

const handle = await openPostgres(String(process.env.DATABASE_URL));
const [user] = rowsOf(
  await handle.db.execute(sql`select id, type, hidden, email_verified_at as "emailVerifiedAt",
    activated_at as "activatedAt" from users where email = ${demoAccount.email}`),
);
if (!user) throw new Error(`${demoAccount.email} is not in the database: seed it first`);
const entitlement = entitlementOf(user, await findGrantedSectorIdsOfUser(handle.db, user.id));
const caller = { userId: user.id, entitlement, who: `user:${user.id}` };
const research = createResearchService({
  db: handle.db,
  clock: () => new Date(),
  changes: createLocalChangeFeed(),
  cacheTtlMs: 0,
});

const app = Fastify({ logger: false });
app.get('/api/reports', async (request) => research.list(reportsQuery.parse(request.query), caller));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('list floor listening');
const stop = () =>
  app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
