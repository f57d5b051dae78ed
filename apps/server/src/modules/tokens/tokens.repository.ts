import { tokenLifetimes } from '@portal/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';
import { addSeconds } from '../runtime.ts';
import { hashToken, newToken } from './token-crypto.ts';

export type TokenPurpose = 'verify' | 'reset' | 'unlock';

const lifetimeSeconds: Record<TokenPurpose, number> = {
  verify: tokenLifetimes.verifySeconds,
  reset: tokenLifetimes.resetSeconds,
  unlock: tokenLifetimes.unlockSeconds,
};

/** Creates a single-use link token; only its hash is stored. */
export const issueToken = async (db: Executor, userId: number, purpose: TokenPurpose, now: Date) => {
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: addSeconds(now, lifetimeSeconds[purpose]),
  });
  return token;
};

const usable = (token: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** Whether the token would be accepted, without using it up (mail scanners prefetch GET links). */
export const isTokenUsable = async (db: Executor, token: string, purpose: TokenPurpose, now: Date) => {
  const rows = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(usable(token, purpose, now))
    .limit(1);
  return rows.length > 0;
};

/** Uses the token up in one statement, so two concurrent requests cannot both succeed. */
export const consumeToken = async (db: Executor, token: string, purpose: TokenPurpose, now: Date) => {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ userId: authTokens.userId });
  return rows[0]?.userId ?? null;
};

/** After a reset, older reset links of the user must stop working too. */
export const retireTokens = async (db: Executor, userId: number, purpose: TokenPurpose, now: Date) => {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
};
