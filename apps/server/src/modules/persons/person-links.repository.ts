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

export type NewPersonLink = PersonLink & { singleUse: boolean; lifetimeSeconds: number; now: Date };

// Rows per insert statement (one JSON parameter each).
const LINKS_PER_INSERT = 5000;

/**
 * Issues many links (list mail to thousands of readers); answers the tokens in order. One statement per 5,000 links,
 * its rows as one JSON parameter: a multi-row VALUES of that size costs more to build and bind than to insert.
 */
export const issuePersonLinks = async (db: Executor, links: readonly NewPersonLink[]) => {
  const tokens = links.map(() => newToken());
  for (let from = 0; from < links.length; from += LINKS_PER_INSERT) {
    const rows = links.slice(from, from + LINKS_PER_INSERT).map((link, i) => ({
      token_hash: hashToken(tokens[from + i]!),
      person_id: link.personId,
      purpose: link.purpose,
      product_id: link.productId,
      single_use: link.singleUse,
      created_at: link.now.toISOString(),
      expires_at: addSeconds(link.now, link.lifetimeSeconds).toISOString(),
    }));
    await db.execute(sql`
      insert into person_link_tokens
        (token_hash, person_id, purpose, product_id, single_use, created_at, expires_at)
      select v.token_hash, v.person_id, v.purpose, v.product_id, v.single_use, v.created_at, v.expires_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(token_hash text, person_id int, purpose text,
        product_id int, single_use boolean, created_at timestamptz, expires_at timestamptz)`);
  }
  return tokens;
};

export const issuePersonLink = async (db: Executor, link: NewPersonLink) =>
  (await issuePersonLinks(db, [link]))[0]!;

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
