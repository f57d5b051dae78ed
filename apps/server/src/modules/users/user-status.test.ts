import { describe, expect, it } from 'vitest';
import { mayUseSession, roleOf, userStatusOf } from './user-status.ts';

const at = new Date('2030-01-01T00:00:00Z');

describe('website user status (spec 2 section 4)', () => {
  it.each([
    [{ emailVerifiedAt: null, activatedAt: null }, 'Email Not Verified'],
    // Activation without verification does not skip verification.
    [{ emailVerifiedAt: null, activatedAt: at }, 'Email Not Verified'],
    [{ emailVerifiedAt: at, activatedAt: null }, 'Pending Activate'],
    [{ emailVerifiedAt: at, activatedAt: at }, 'Activated'],
  ])('%o is %s', (user, status) => {
    expect(userStatusOf(user)).toBe(status);
  });

  it('lets verified, not removed users hold a session', () => {
    expect(mayUseSession({ emailVerifiedAt: at, activatedAt: null, hidden: false })).toBe(true);
    expect(mayUseSession({ emailVerifiedAt: null, activatedAt: null, hidden: false })).toBe(false);
    expect(mayUseSession({ emailVerifiedAt: at, activatedAt: at, hidden: true })).toBe(false);
  });

  it('derives the role from the user type, anonymous without a user', () => {
    expect(roleOf(null)).toBe('anonymous');
    expect(roleOf({ type: 'npi' })).toBe('npi');
    expect(roleOf({ type: 'admin' })).toBe('admin');
  });
});
