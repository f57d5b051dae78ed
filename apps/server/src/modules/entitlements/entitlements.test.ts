import { describe, expect, it } from 'vitest';
import { anonymousEntitlement, type EntitlementUser, entitlementOf, mayRead } from './entitlements.ts';

const at = new Date('2030-01-01T00:00:00Z');
const user = (overrides: Partial<EntitlementUser> = {}): EntitlementUser => ({
  id: 7,
  type: 'client',
  hidden: false,
  emailVerifiedAt: at,
  activatedAt: at,
  ...overrides,
});
const report = (
  overrides: Partial<{ freeAccess: boolean; sectorId: number | null; sectorIds: number[] }> = {},
) => ({
  freeAccess: false,
  sectorId: 1,
  sectorIds: [],
  ...overrides,
});

describe('entitlementOf and mayRead', () => {
  it('lets an admin read everything, subscribed or not', () => {
    const admin = entitlementOf(user({ type: 'admin' }), []);
    expect(admin.readsAll).toBe(true);
    expect(mayRead(admin, report({ sectorId: 99 }))).toBe(true);
    expect(mayRead(admin, report({ sectorId: null }))).toBe(true);
  });

  it('lets an Activated reader read subscribed primary or linked sectors and free reports only', () => {
    const reader = entitlementOf(user(), [1, 2, 2]);
    expect(reader.sectorIds).toEqual([1, 2]);
    expect(mayRead(reader, report({ sectorId: 1 }))).toBe(true);
    expect(mayRead(reader, report({ sectorId: 5, sectorIds: [5, 2] }))).toBe(true);
    expect(mayRead(reader, report({ sectorId: 5, sectorIds: [5, 6] }))).toBe(false);
    expect(mayRead(reader, report({ sectorId: null }))).toBe(false);
    expect(mayRead(reader, report({ sectorId: 5, freeAccess: true }))).toBe(true);
  });

  it('lets a Pending Activate reader read free-access reports only, whatever the matrix holds', () => {
    const pending = entitlementOf(user({ activatedAt: null }), [1]);
    expect(pending.sectorIds).toEqual([]);
    expect(pending.subscribedSectorIds).toEqual([1]);
    expect(mayRead(pending, report({ sectorId: 1 }))).toBe(false);
    expect(mayRead(pending, report({ sectorId: 1, freeAccess: true }))).toBe(true);
  });

  it('lets an anonymous, unverified or removed caller read nothing, free reports included', () => {
    for (const entitlement of [
      entitlementOf(null, []),
      entitlementOf(user({ emailVerifiedAt: null }), [1]),
      entitlementOf(user({ hidden: true }), [1]),
    ]) {
      expect(entitlement).toEqual(anonymousEntitlement);
      expect(mayRead(entitlement, report({ sectorId: 1, freeAccess: true }))).toBe(false);
    }
  });

  it('treats npi and client types alike: the matrix decides', () => {
    const npi = entitlementOf(user({ type: 'npi' }), [3]);
    expect(mayRead(npi, report({ sectorId: 3 }))).toBe(true);
    expect(mayRead(npi, report({ sectorId: 1 }))).toBe(false);
  });
});
