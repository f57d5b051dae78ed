import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { personLinkTokens } from '../../db/schema/index.ts';
import { addSeconds } from '../runtime.ts';
import { hashToken, newToken } from '../tokens/token-crypto.ts';

/** E-mailed person links (issue 12): only the token's sha256 is stored, as for account links (modules/tokens). */
export interface PersonLink {
  personId: number;
  purpose: 'unsubscribe' | 'preferences';
  productId: number;
}

export const issuePersonLink = async (
  db: Executor,
  link: PersonLink & { singleUse: boolean; lifetimeSeconds: number; now: Date },
) => {
  const token = newToken();
  await db.insert(personLinkTokens).values({
    tokenHash: hashToken(token),
    personId: link.personId,
    purpose: link.purpose,
    productId: link.productId,
    singleUse: link.singleUse,
    createdAt: link.now,
    expiresAt: addSeconds(link.now, link.lifetimeSeconds),
  });
  return token;
};

/**
 * Redeems a link in one statement: a single-use link is used up by the first of any number of concurrent
 * redeems (PostgreSQL re-checks `used_at is null` on the row the winner updated, so the others match nothing);
 * a reusable one (list mail) stays usable until it expires, `used_at` keeping its first use.
 */
export const redeemPersonLink = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<PersonLink | null> => {
  const rows = await db
    .update(personLinkTokens)
    .set({ usedAt: sql`coalesce(${personLinkTokens.usedAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(personLinkTokens.tokenHash, hashToken(token)),
        gt(personLinkTokens.expiresAt, now),
        or(eq(personLinkTokens.singleUse, false), isNull(personLinkTokens.usedAt)),
      ),
    )
    .returning({
      personId: personLinkTokens.personId,
      purpose: personLinkTokens.purpose,
      productId: personLinkTokens.productId,
    });
  return rows[0] ?? null;
};

/** A reusable list-mail link (the one-click unsubscribe's authority): never a single-use Enter Email link. */
export const findListMailLink = async (
  db: Executor,
  token: string,
  now: Date,
): Promise<PersonLink | null> => {
  const rows = await db
    .select({
      personId: personLinkTokens.personId,
      purpose: personLinkTokens.purpose,
      productId: personLinkTokens.productId,
    })
    .from(personLinkTokens)
    .where(
      and(
        eq(personLinkTokens.tokenHash, hashToken(token)),
        eq(personLinkTokens.singleUse, false),
        eq(personLinkTokens.purpose, 'unsubscribe'),
        gt(personLinkTokens.expiresAt, now),
      ),
    );
  return rows[0] ?? null;
};
