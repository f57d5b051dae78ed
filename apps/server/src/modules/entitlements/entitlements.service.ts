import type { Executor } from '../../db/client.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import { findGrantedSectorIdsOfUser } from '../persons/matrix-grants.ts';
import {
  anonymousEntitlement,
  type Entitlement,
  type EntitlementUser,
  entitlementOf,
} from './entitlements.ts';

/**
 * Loads the sectors the caller's matrix grants (one indexed query, kept in memory for `cacheTtlMs`) and derives
 * the entitlement from it. Every matrix write calls `forgetUsers` with the users of the person it changed (the
 * persons module does, in the same place that writes), so that this process applies it on the next request.
 */
export const createEntitlementsService = (deps: {
  db: Executor;
  cacheTtlMs?: number;
  now?: () => number;
}) => {
  const matrices = new TtlCache<number, readonly number[]>({
    ttlMs: deps.cacheTtlMs ?? 0,
    max: 10_000,
    now: deps.now,
  });
  return {
    async entitlementFor(user: EntitlementUser | null): Promise<Entitlement> {
      if (!user) return anonymousEntitlement;
      const sectorIds = await matrices.getOrLoad(user.id, () => findGrantedSectorIdsOfUser(deps.db, user.id));
      return entitlementOf(user, sectorIds);
    },
    forgetUser(userId: number) {
      matrices.delete(userId);
    },
    forgetUsers(userIds: readonly number[]) {
      for (const id of userIds) matrices.delete(id);
    },
  };
};

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
