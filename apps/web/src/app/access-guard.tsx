import type { WebAccess } from '@portal/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { finishSignOut, postLoginTarget, useSession, useSigningOut } from '../lib/session.ts';

/**
 * Spec 1 section 2.2. 'auth' routes need a user (else /signup carrying the wanted path and query);
 * 'guest' routes and the root send a signed-in user on (see postLoginTarget). Public routes render at once.
 */
export function AccessGuard({ access }: { access: WebAccess }) {
  const { pathname, search } = useLocation();
  const { user, ready, sessionLost } = useSession();
  const signingOut = useSigningOut();
  const isRoot = pathname === '/';

  // A sign-out ends once its destination, the landing page, has been rendered (see finishSignOut).
  useEffect(() => {
    if (signingOut && isRoot) finishSignOut();
  }, [signingOut, isRoot]);

  if (access === 'public' && !isRoot) return <Outlet />;
  // Sign-out and a lost session navigate home themselves; redirecting to /signup meanwhile would race them.
  if (!ready || signingOut || sessionLost) return <PageLoader />;
  if (access === 'auth' && !user) {
    return <Navigate replace to={`/signup?redirectUrl=${encodeURIComponent(pathname + search)}`} />;
  }
  if (user && isRoot) return <Navigate replace to="/home" />;
  if (user && access === 'guest') return <Navigate replace to={postLoginTarget(pathname, search, user)} />;
  return <Outlet />;
}
