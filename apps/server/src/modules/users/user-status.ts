import type { Role, UserStatus } from '@portal/contract';

interface StatusFields {
  emailVerifiedAt: Date | null;
  activatedAt: Date | null;
}

/**
 * Website user states (spec 2 section 4), derived from two timestamps:
 * - Email Not Verified: cannot sign in.
 * - Pending Activate: signs in as a registered reader (protected routes, settings, preferences).
 * - Activated: an administrator turned the reader into an entitled client.
 */
export const userStatusOf = (user: StatusFields): UserStatus => {
  if (!user.emailVerifiedAt) return 'Email Not Verified';
  if (!user.activatedAt) return 'Pending Activate';
  return 'Activated';
};

export const mayUseSession = (user: StatusFields & { hidden: boolean }) =>
  !user.hidden && userStatusOf(user) !== 'Email Not Verified';

/** The role the route table checks; identity and role always come from the session's user. */
export const roleOf = (user: { type: 'admin' | 'npi' | 'client' } | null): Role => user?.type ?? 'anonymous';
