import {
  type CurrentUser,
  type CurrentUserReply,
  limits,
  sameOriginPath,
  storageKeys,
} from '@portal/contract';
import { type Query, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client.ts';
import { forgetBootHints } from './boot-hints.ts';
import { localGet, sessionClear } from './storage.ts';

export interface Session {
  user: CurrentUser | null;
  /** GET /users/me answered success:false: a session cookie was sent but is no longer valid. */
  sessionLost: boolean;
}

export const sessionKey = ['session'] as const;

export const fetchSession = async (): Promise<Session> => {
  const reply = await apiRequest<CurrentUserReply>('GET', '/users/me');
  if (reply?.success === false) return { user: null, sessionLost: true };
  return { user: reply?.data ?? null, sessionLost: false };
};

export const setSignedIn = (queryClient: QueryClient, user: CurrentUser) => {
  forgetBootHints();
  queryClient.setQueryData<Session>(sessionKey, { user, sessionLost: false });
};

/**
 * Queries marked `meta: { afterSignOut: 'reload' }` hold the same answer for every reader (the navigation): a
 * sign-out keeps them and reloads them after `limits.logoutRefreshMs`.
 */
const reloadsAfterSignOut = (query: Query) => query.meta?.afterSignOut === 'reload';

/** Drops every cached answer of the previous user and records that nobody is signed in. */
export const setSignedOut = (queryClient: QueryClient) => {
  forgetBootHints();
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionKey[0] && !reloadsAfterSignOut(query),
  });
  queryClient.setQueryData<Session>(sessionKey, { user: null, sessionLost: false });
};

/**
 * The current user. `ready` is false until the first answer (or failure) of GET /users/me; a failed call is
 * treated as signed out so public pages stay usable when the API is unreachable.
 */
export const useSession = () => {
  const query = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000 });
  return {
    user: query.data?.user ?? null,
    sessionLost: query.data?.sessionLost ?? false,
    ready: query.isSuccess || query.isError,
  };
};

// While a sign-out is under way the access guard must not react to the user vanishing (it would send the
// visitor to /signup instead of the landing page), so the flag lives outside React's batching.
let signingOut = false;
const listeners = new Set<() => void>();
const setSigningOut = (value: boolean) => {
  signingOut = value;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useSigningOut = () =>
  useSyncExternalStore(
    subscribe,
    () => signingOut,
    () => false,
  );

/**
 * Called by the access guard once the landing page is on screen. The router renders a navigation in a
 * transition, after `navigate()` has resolved, so clearing the flag then let the guard of the page being left
 * see no user first and send the visitor to /signup?redirectUrl=... instead of `/` (issue 11).
 */
export const finishSignOut = () => {
  if (signingOut) setSigningOut(false);
};

/**
 * Spec 1 section 4: on Yes, go to /, sign out on the server, clear session storage and cached data, and reload
 * the navigation 1.5 s later.
 */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    setSigningOut(true);
    try {
      await apiRequest('POST', '/users/logout').catch(() => undefined);
      sessionClear();
      setSignedOut(queryClient);
      await navigate('/');
      window.setTimeout(
        () => void queryClient.invalidateQueries({ predicate: reloadsAfterSignOut }),
        limits.logoutRefreshMs,
      );
    } catch (error) {
      // No landing page will clear the flag: let the guards work again.
      finishSignOut();
      throw error;
    }
  }, [navigate, queryClient]);
};

/**
 * A same-origin path (with query) or undefined: redirect targets come from the address bar. Judged by the
 * contract's one rule (redirects.ts: decoded, dot segments resolved, then same-origin path only).
 */
export const safeRelativeUrl = (value: string | null | undefined): string | undefined =>
  sameOriginPath(value, window.location.origin);

const pathOf = (url: string) => url.split(/[?#]/)[0] ?? url;

/**
 * Where a signed-in user goes from /login or /signup (spec 1 sections 2.2 and 2.5): /login/signupPreference
 * goes to the subscription preferences; else the redirect address (not the root) with the rest of the current
 * query kept; else, when the user's returnUrl is '/', the last remembered path; else the signed-in home.
 */
export const postLoginTarget = (pathname: string, search: string, user: Pick<CurrentUser, 'returnUrl'>) => {
  if (/^\/login\/signuppreference\/?$/i.test(pathname)) return '/subscriptionPreference/home';
  const params = new URLSearchParams(search);
  const redirect = safeRelativeUrl(params.get('redirectUrl'));
  if (redirect && pathOf(redirect) !== '/') {
    params.delete('redirectUrl');
    params.delete('email');
    const [base = redirect, hash] = redirect.split('#');
    const [path = base, query = ''] = base.split('?');
    const merged = new URLSearchParams(query);
    for (const [key, value] of params) if (!merged.has(key)) merged.set(key, value);
    const qs = merged.toString();
    return `${path}${qs ? `?${qs}` : ''}${hash === undefined ? '' : `#${hash}`}`;
  }
  if (user.returnUrl === '/') {
    const previous = safeRelativeUrl(localGet(storageKeys.prevUrl));
    if (previous && pathOf(previous) !== '/') return previous;
  }
  return '/home';
};
