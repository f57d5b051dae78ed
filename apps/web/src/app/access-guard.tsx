import type { WebAccess } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { goesBackAfterSignIn } from '../lib/post-login.ts';
import { finishSignOut, postLoginTarget, useSession, useSigningOut } from '../lib/session.ts';

/**
 * Spec 1 section 2.2. 'auth' routes need a user (else /signup carrying the wanted path and query);
 * 'guest' routes and the root send a signed-in user on (see postLoginTarget). Public routes render at once.
 */
export function AccessGuard({ access }: { access: WebAccess }) {
  const { pathname, search, key } = useLocation();
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
    // The route state makes /signup show its sign-in modal over a dummy page (spec 1 section 2.5).
    return (
      <Navigate
        replace
        to={`/signup?redirectUrl=${encodeURIComponent(pathname + search)}`}
        state={{ protectedFrom: pathname + search }}
      />
    );
  }
  if (user && isRoot) return <Navigate replace to="/home" />;
  if (user && access === 'guest') {
    // Just signed in on a sign-in page opened from one of ours without a redirect address: back one page.
    if (goesBackAfterSignIn(key)) return <GoBack />;
    return <Navigate replace to={postLoginTarget(pathname, search, user)} />;
  }
  return <Outlet />;
}

/** Goes back one entry, once (spec 1 section 2.2: "back one page" after signing in). */
function GoBack() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(-1);
  }, [navigate]);
  return <PageLoader />;
}
