import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import {
  anonymousEntitlement,
  type Entitlement,
  type EntitlementUser,
  entitlementOf,
} from './entitlements.ts';

export const findSubscribedSectorIds = async (db: Executor, userId: number) =>
  (
    await db
      .select({ id: subscriptions.sectorId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
  ).map((row) => row.id);

/**
 * Loads the caller's matrix (one indexed query, kept in memory for `cacheTtlMs`) and derives the entitlement
 * from it. Whatever writes a user's subscriptions calls `forgetUser` so that this process applies it at once.
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
      const sectorIds = await matrices.getOrLoad(user.id, () => findSubscribedSectorIds(deps.db, user.id));
      return entitlementOf(user, sectorIds);
    },
    forgetUser(userId: number) {
      matrices.delete(userId);
    },
  };
};

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
