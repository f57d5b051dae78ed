import { notRememberedPaths, storageKeys } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { setSignedOut, useSession } from '../lib/session.ts';
import { localSet, sessionClear } from '../lib/storage.ts';

/** Paths remembered as prevUrl: everything but /signup, /login, /verify and their sub-paths. */
export const isRememberedPath = (pathname: string) => {
  const lower = pathname.toLowerCase();
  return !notRememberedPaths.some((path) => lower === path || lower.startsWith(`${path}/`));
};

// Loopback addresses are secure contexts already and serve no TLS (development, the browser tests).
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Spec 1 section 2.2: a `rfsUrl` query sends the browser to the same address over https. */
export const httpsRedirectTarget = (href: string): string | undefined => {
  const url = new URL(href);
  if (!url.searchParams.has('rfsUrl') || url.protocol !== 'http:') return undefined;
  if (loopbackHosts.has(url.hostname)) return undefined;
  url.protocol = 'https:';
  return url.toString();
};

/** App-wide behaviour of every route: session check, scroll reset, prevUrl, https redirect. */
export function RootShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { sessionLost } = useSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the query string changes
  useEffect(() => {
    const target = httpsRedirectTarget(window.location.href);
    if (target) window.location.replace(target);
  }, [location.search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to top on every change of page
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    if (isRememberedPath(location.pathname)) {
      localSet(storageKeys.prevUrl, location.pathname + location.search);
    }
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!sessionLost) return;
    // Spec 1 section 4: an invalid session sends the visitor home, signed out, with session storage cleared.
    // The guard shows its loader while sessionLost is set, so the flag is cleared only once home is reached.
    sessionClear();
    Promise.resolve(navigate('/', { replace: true })).finally(() => setSignedOut(queryClient));
  }, [sessionLost, navigate, queryClient]);

  return <Outlet />;
}
