import type { PersonEntity } from '@portal/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { redeemMailLink } from '../api/unsubscribe-api.ts';

export interface AccessPerson {
  iPSN_Id: number;
  sEntity: PersonEntity;
  fullName: string;
}

export interface PersonAccess {
  /** loading: the session or a link is being read; signedOut: neither a session nor a link; invalidLink: refused */
  status: 'loading' | 'ready' | 'signedOut' | 'invalidLink';
  person: AccessPerson | null;
  /** how the browser acts for the person: its session, or the grant cookie of an e-mailed link */
  via: 'session' | 'link' | null;
  /** the product an unsubscribe link names (0: our e-mails) */
  productId?: number;
}

interface Grant {
  person: AccessPerson;
  productId: number;
  /** when the server's grant cookie ends (modules/persons/caller.ts: one hour after the redeem) */
  expiresAt: number;
}

type Outcome = { ok: true; grant: Grant } | { ok: false };

// The server's grant cookie lasts an hour (personGrantSeconds); a little less here, so that the screens never
// offer a person whose cookie has just gone.
const GRANT_MS = 55 * 60 * 1000;
const GRANT_KEY = 'personGrant';

// One redeem per token for the page's life: a single-use token must not be spent twice (React StrictMode runs
// effects twice, and two screens may mount with the same address).
const redeems = new Map<string, Promise<Outcome>>();

/**
 * The person of the last redeemed link, for the grant cookie's life: the success dialog's OK leads a link
 * visitor to the preferences screen with no token in its address, and a reload of the tab must not lose them.
 * Session storage: this tab only, gone when it closes.
 */
let remembered: Grant | null | undefined;
const readGrant = (): Grant | null => {
  if (remembered === undefined) {
    try {
      const stored = JSON.parse(window.sessionStorage.getItem(GRANT_KEY) ?? 'null') as Grant | null;
      remembered = stored && typeof stored.expiresAt === 'number' ? stored : null;
    } catch {
      remembered = null;
    }
  }
  return remembered && remembered.expiresAt > Date.now() ? remembered : null;
};
const rememberGrant = (grant: Grant) => {
  remembered = grant;
  try {
    window.sessionStorage.setItem(GRANT_KEY, JSON.stringify(grant));
  } catch {
    // Storage blocked: the grant lasts for this page's life only.
  }
};

/** Test hook: forgets the redeems and the remembered grant of earlier tests. */
export const resetPersonAccess = () => {
  redeems.clear();
  remembered = undefined;
};

// The token is a key to the reader's subscriptions: once spent, it leaves the address bar (and so the history, a
// bookmark or a copied address). The router is not told: its location keeps the token, so the screens do not
// re-render into a tokenless state before the grant is remembered.
const dropTokenFromAddress = () => {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
};

const redeemOnce = (token: string): Promise<Outcome> => {
  let pending = redeems.get(token);
  if (!pending) {
    pending = redeemMailLink(token).then(
      (data): Outcome => {
        const grant: Grant = {
          person: { iPSN_Id: data.iPSN_Id, sEntity: data.sEntity, fullName: data.userFullName },
          productId: data.productId,
          expiresAt: Date.now() + GRANT_MS,
        };
        rememberGrant(grant);
        dropTokenFromAddress();
        return { ok: true, grant };
      },
      (error: unknown): Outcome => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          // Refused (used, expired or unknown): it will never work, so it goes from the address too.
          dropTokenFromAddress();
        } else {
          // No answer: the token may be unspent, so a reload may try it again.
          redeems.delete(token);
        }
        return { ok: false };
      },
    );
    redeems.set(token, pending);
  }
  return pending;
};

const entityOf = (value: string): PersonEntity => (value === 'C' ? 'C' : 'U');

/**
 * Who the subscription screens act for (issue 12): the signed-in user's person; else the person of an e-mailed
 * link (`token`, redeemed once: POST /mailLinks/redeem leaves a grant cookie for the calls that follow), or of
 * a link redeemed earlier in this tab; else nobody ('signedOut'). A refused link is 'invalidLink'.
 */
export function usePersonAccess({ token }: { token?: string | null } = {}): PersonAccess {
  const { user, ready } = useSession();
  const [outcome, setOutcome] = useState<{ token: string; outcome: Outcome } | null>(null);
  const wantsRedeem = ready && !user && !!token;

  useEffect(() => {
    if (!wantsRedeem || !token) return;
    let live = true;
    void redeemOnce(token).then((result) => {
      if (live) setOutcome({ token, outcome: result });
    });
    return () => {
      live = false;
    };
  }, [wantsRedeem, token]);

  useEffect(() => {
    // A signed-in reader acts through the session: a link in the address is not spent, only put out of sight.
    if (ready && user && token) dropTokenFromAddress();
  }, [ready, user, token]);

  if (!ready) return { status: 'loading', person: null, via: null };
  if (user) {
    return {
      status: 'ready',
      person: { iPSN_Id: user.iPSN_Id, sEntity: entityOf(user.sEntity), fullName: user.full_name },
      via: 'session',
    };
  }
  if (token) {
    const result = outcome?.token === token ? outcome.outcome : undefined;
    if (!result) return { status: 'loading', person: null, via: null };
    if (!result.ok) return { status: 'invalidLink', person: null, via: null };
    return { status: 'ready', person: result.grant.person, via: 'link', productId: result.grant.productId };
  }
  const grant = readGrant();
  if (grant) return { status: 'ready', person: grant.person, via: 'link', productId: grant.productId };
  return { status: 'signedOut', person: null, via: null };
}
