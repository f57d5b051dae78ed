import { userStatusOf } from '../users/user-status.ts';

/**
 * What a caller may read, as plain data that both the SQL of the report lists and `mayRead` use, so that
 * the list's `entitled` flag, search snippets and report opening can never disagree.
 *
 * The rule (issue 3): an admin reads everything; an Activated reader reads the reports whose primary or any
 * linked sector is in their subscriptions, plus free-access reports; a Pending Activate reader reads
 * free-access reports only; an anonymous caller reads none.
 */
export interface Entitlement {
  /** The caller's user id, null when anonymous. */
  userId: number | null;
  readsAll: boolean;
  readsFree: boolean;
  /** Sectors whose reports the caller may read (empty unless Activated). */
  sectorIds: readonly number[];
  /** The caller's own matrix, entitled or not: the My Research tab lists these sectors. */
  subscribedSectorIds: readonly number[];
}

export interface EntitlementUser {
  id: number;
  type: 'admin' | 'npi' | 'client';
  hidden: boolean;
  emailVerifiedAt: Date | null;
  activatedAt: Date | null;
  /** the sectors the user's matrix grants, when they were read with the user (the session's statement) */
  grantedSectorIds?: readonly number[];
}

export const anonymousEntitlement: Entitlement = Object.freeze({
  userId: null,
  readsAll: false,
  readsFree: false,
  sectorIds: [],
  subscribedSectorIds: [],
});

/** Pure: the caller's entitlement from the user and the sector ids of their matrix. */
export const entitlementOf = (
  user: EntitlementUser | null,
  subscribedSectorIds: readonly number[],
): Entitlement => {
  if (!user || user.hidden) return anonymousEntitlement;
  const status = userStatusOf(user);
  if (status === 'Email Not Verified') return anonymousEntitlement;
  const subscribed = [...new Set(subscribedSectorIds)].sort((a, b) => a - b);
  return {
    userId: user.id,
    readsAll: user.type === 'admin',
    readsFree: true,
    sectorIds: status === 'Activated' ? subscribed : [],
    subscribedSectorIds: subscribed,
  };
};

export interface ReadableReport {
  freeAccess: boolean;
  /** primary sector, if any */
  sectorId: number | null;
  /** linked sectors */
  sectorIds: readonly number[];
}

/** Pure: whether the caller may read the report's content (file, body text, snippets from it). */
export const mayRead = (entitlement: Entitlement, report: ReadableReport) => {
  if (entitlement.readsAll) return true;
  if (entitlement.readsFree && report.freeAccess) return true;
  const sectors = new Set(entitlement.sectorIds);
  if (report.sectorId !== null && sectors.has(report.sectorId)) return true;
  return report.sectorIds.some((id) => sectors.has(id));
};
