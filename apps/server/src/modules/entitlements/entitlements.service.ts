import type { Executor } from '../../db/client.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import { findGrantedSectorIdsOfUser } from '../persons/matrix-grants.ts';
import {
  anonymousEntitlement,
  type Entitlement,
  type EntitlementUser,
  entitlementOf,
} from './entitlements.ts';

/**
 * Loads the sectors the caller's matrix grants (one indexed query, kept in memory for `cacheTtlMs`) and derives
 * the entitlement from it. The cache follows the change feed: a `matrix` change (a person's matrix, by its users)
 * or a `user` change (a user joining another person or firm) drops those users' entries, so that a granted or
 * revoked sector applies on their very next request. A session's user comes with its granted sectors, read in the
 * session's own statement (sessions.repository), and costs no query here.
 */
export const createEntitlementsService = (deps: {
  db: Executor;
  changes: ChangeFeed;
  cacheTtlMs?: number;
  now?: () => number;
}) => {
  const matrices = new LoadingCache<number, readonly number[]>({
    ttlMs: deps.cacheTtlMs ?? 0,
    max: 10_000,
    now: deps.now,
  });
  deps.changes.subscribe(['matrix', 'user'], (change) => {
    if (!change.ids) return matrices.clear();
    for (const id of change.ids) matrices.delete(Number(id));
  });
  return {
    async entitlementFor(user: EntitlementUser | null): Promise<Entitlement> {
      if (!user) return anonymousEntitlement;
      // read with the session already (its cache follows the same `matrix` and `user` changes)
      if (user.grantedSectorIds) return entitlementOf(user, user.grantedSectorIds);
      const sectorIds = await matrices.getOrLoad(user.id, () => findGrantedSectorIdsOfUser(deps.db, user.id));
      return entitlementOf(user, sectorIds);
    },
  };
};

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
