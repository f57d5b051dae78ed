import { openValue, sealValue } from '../secrets/signed-values.ts';

/**
 * Who is calling the subscription side's person calls (issue 12), and for which person they may act: a signed-in
 * user acts for their own person (an admin for anyone); a visitor who opened one of our e-mailed links holds a
 * grant cookie for the person the link named, for `grantSeconds`. Nobody else acts for anyone.
 */
export interface PersonCaller {
  personId: number | null;
  userId: number | null;
  isAdmin: boolean;
  via: 'session' | 'link';
}

export const personGrantCookie = 'pgrant';
export const personGrantPath = '/api';
export const personGrantSeconds = 60 * 60;
const GRANT_PURPOSE = 'person-grant';
/** The secret store's key name for grant cookies. */
export const personGrantSecret = 'person-grant';

interface Grant {
  p: number;
  x: number;
}
const isGrant = (value: unknown): value is Grant =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as Grant).p) &&
  typeof (value as Grant).x === 'number';

export const sealPersonGrant = (key: Buffer, personId: number, now: Date) =>
  sealValue(key, GRANT_PURPOSE, {
    p: personId,
    x: now.getTime() + personGrantSeconds * 1000,
  } satisfies Grant);

/** The person a grant cookie names, or null (absent, forged, expired). */
export const openPersonGrant = (key: Buffer, value: string | undefined, now: Date) => {
  const grant = openValue(key, GRANT_PURPOSE, value, 300);
  return isGrant(grant) && grant.x > now.getTime() ? grant.p : null;
};

/** The caller from the session's user (with their person) or, without a session, from a grant cookie. */
export const personCallerOf = (input: {
  user: { id: number; type: string; personId: number | null } | null;
  grantPersonId: number | null;
}): PersonCaller | null => {
  if (input.user) {
    return {
      personId: input.user.personId,
      userId: input.user.id,
      isAdmin: input.user.type === 'admin',
      via: 'session',
    };
  }
  if (input.grantPersonId !== null) {
    return { personId: input.grantPersonId, userId: null, isAdmin: false, via: 'link' };
  }
  return null;
};

/** Whether the caller may read or change this person's records: their own person, or any as an admin. */
export const mayActFor = (caller: PersonCaller, personId: number) =>
  caller.isAdmin || (caller.personId !== null && caller.personId === personId);
