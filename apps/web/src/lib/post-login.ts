import { limits } from '@portal/contract';

/**
 * Spec 1 section 2.2: after login the user returns to the redirect address, or back one page; with a redirect
 * flag the page reloads 1000 ms after login.
 *
 * "Back one page" applies when the sign-in page has no redirect address and was opened from a page of the app
 * (there is an entry of ours to go back to). The login page arms it for its own history entry (by the router's
 * location key) and the access guard, which moves a signed-in user off a guest route, goes back instead of to
 * the signed-in home. Keyed to the entry, a re-render of the guard before the browser has gone back still sees
 * it, and no other visit to /login ever does.
 */
let backFromEntry: string | null = null;

export const armBackAfterSignIn = (locationKey: string) => {
  backFromEntry = locationKey;
};
export const disarmBackAfterSignIn = (locationKey: string) => {
  if (backFromEntry === locationKey) backFromEntry = null;
};
export const goesBackAfterSignIn = (locationKey: string) => backFromEntry === locationKey;

/** An earlier entry of this app in the session's history (the router numbers its entries from 0). */
export const canGoBackInApp = () => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
};

/** The redirect flag: `redirect=1` (or `true`) in the sign-in page's query. */
export const hasRedirectFlag = (search: string) =>
  ['1', 'true'].includes(new URLSearchParams(search).get('redirect')?.toLowerCase() ?? '');

/** With the flag: a full reload of wherever the reader is 1000 ms after signing in (limits.postLoginReloadMs). */
export const reloadAfterSignIn = () =>
  window.setTimeout(() => window.location.reload(), limits.postLoginReloadMs);
