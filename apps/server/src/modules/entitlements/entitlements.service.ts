import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
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

/** Loads the caller's matrix (one indexed query) and derives the entitlement from it. */
export const createEntitlementsService = (deps: { db: Executor }) => ({
  async entitlementFor(user: EntitlementUser | null): Promise<Entitlement> {
    if (!user) return anonymousEntitlement;
    return entitlementOf(user, await findSubscribedSectorIds(deps.db, user.id));
  },
});

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
