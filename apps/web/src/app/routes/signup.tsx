import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { SignupThankYou } from '../../features/auth/components/signup-thank-you.tsx';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// Only a reader sent here from a page that needs an account sees it: loaded then.
const SignInGate = lazy(() => import('../../features/auth/components/sign-in-gate.tsx'));

/** Route state the access guard leaves when it sends a signed-out reader here from a protected page. */
const cameFromProtectedPage = (state: unknown) =>
  typeof (state as { protectedFrom?: unknown } | null)?.protectedFrom === 'string';

/** /signup (query: success, name, email; spec 1 section 2.5). */
export default function SignupRoute() {
  const [params] = useSearchParams();
  const [signedUp, setSignedUp] = useState(params.has('success'));
  const gate = cameFromProtectedPage(useLocation().state) && !signedUp;
  usePageTitle(signedUp ? 'Thank you for signing up' : gate ? 'Sign in to continue' : 'Create an account');
  const firm = getRuntimeConfig().firm.name;
  const redirectUrl = params.get('redirectUrl');

  if (signedUp) return <SignupThankYou />;
  // Spec 1 section 2.5: with route state, a sign-in modal over a dummy page instead of the form.
  if (gate) {
    return (
      <Suspense fallback={null}>
        <SignInGate initialEmail={params.get('email') ?? ''} />
      </Suspense>
    );
  }
  return (
    <AuthCard
      wide
      title="Create an account"
      intro={
        <p>
          Register with your company email address to request access to research from {firm}. All fields are
          required.
        </p>
      }
      footer={
        <p>
          Already registered?{' '}
          <Link to={redirectUrl ? `/login?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/login'}>
            Sign in to your account
          </Link>
        </p>
      }
    >
      <SignupForm
        initialName={params.get('name') ?? ''}
        initialEmail={params.get('email') ?? ''}
        onSignedUp={() => {
          setSignedUp(true);
          window.scrollTo(0, 0);
        }}
      />
    </AuthCard>
  );
}
