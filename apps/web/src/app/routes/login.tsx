import { type CurrentUser, matchWebRoute } from '@portal/contract';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import {
  armBackAfterSignIn,
  canGoBackInApp,
  disarmBackAfterSignIn,
  hasRedirectFlag,
  reloadAfterSignIn,
} from '../../lib/post-login.ts';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { postLoginTarget, safeRelativeUrl } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /login and /login/{signupPreference} (spec 1 section 2.5). */
export default function LoginRoute() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const firm = getRuntimeConfig().firm.name;
  const redirectUrl = params.get('redirectUrl');

  // Spec 1 section 2.2: without a redirect address, back one page after signing in (when there is one of ours).
  const redirect = safeRelativeUrl(redirectUrl);
  const hasRedirect = redirect !== undefined && redirect.split(/[?#]/)[0] !== '/';
  useEffect(() => {
    if (hasRedirect || !canGoBackInApp() || /^\/login\/signuppreference\/?$/i.test(pathname)) return;
    armBackAfterSignIn(key);
    return () => disarmBackAfterSignIn(key);
  }, [hasRedirect, key, pathname]);

  const onSignedIn = (user: CurrentUser) => {
    if (hasRedirectFlag(search)) reloadAfterSignIn();
    // On guest routes the access guard moves the now signed-in user on; elsewhere this page does.
    if (matchWebRoute(pathname)?.access === 'guest') return;
    navigate(postLoginTarget(pathname, search, user), { replace: true });
  };

  return (
    <AuthCard
      title="Sign in"
      intro={<p>Sign in to read research from {firm}.</p>}
      footer={
        <p>
          New to {firm}?{' '}
          <Link to={redirectUrl ? `/signup?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/signup'}>
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm initialEmail={params.get('email') ?? ''} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
