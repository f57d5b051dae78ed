// The research list call of a compiled server build, as the portal makes it for `client@demo.test` with caches off
// (as with CACHE_TTL_MS=0), without the portal around it: used by list-floor-server.mjs (the list's floor) and
// list-call-ab.mjs (two builds side by side).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoAccount } from './harness.mjs';

/**
 * @param {string} distDir a server build's folder (apps/server/dist after `node scripts/server-build.mjs`)
 * @param {string} databaseUrl a PostgreSQL database seeded with the demo accounts
 */
export const openResearchListCall = async (distDir, databaseUrl) => {
  const load = (/** @type {string} */ file) =>
    import(pathToFileURL(path.join(path.resolve(distDir), file)).href);
  const { openPostgres, rowsOf } = await load('db/client.js');
  const { createLocalChangeFeed } = await load('modules/changes/change-feed.js');
  const { findGrantedSectorIdsOfUser } = await load('modules/persons/matrix-grants.js');
  const { entitlementOf } = await load('modules/entitlements/entitlements.js');
  const { createResearchService } = await load('modules/research/research.service.js');
  const { reportsQuery } = await load('contract/index.js');
  const { sql } = await import('drizzle-orm');
  // as the portal would run with the same environment: DATABASE_PIPELINES, else the build's own default
  const pipelines = process.env.DATABASE_PIPELINES;
  const handle = await openPostgres(databaseUrl, {
    pipelines: pipelines === undefined || pipelines === '' ? undefined : Number(pipelines),
  });
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
  return {
    /** The list for a query string's parameters (`Record<string, string>`, as Fastify parses them). */
    list: (/** @type {Record<string, unknown>} */ query) => research.list(reportsQuery.parse(query), caller),
    close: () => handle.close(),
  };
};
