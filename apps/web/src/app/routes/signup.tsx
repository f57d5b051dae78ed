import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { SignupThankYou } from '../../features/auth/components/signup-thank-you.tsx';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /signup (query: success, name, email; spec 1 section 2.5). */
export default function SignupRoute() {
  const [params] = useSearchParams();
  const [signedUp, setSignedUp] = useState(params.has('success'));
  usePageTitle(signedUp ? 'Thank you for signing up' : 'Create an account');
  const firm = getRuntimeConfig().firm.name;
  const redirectUrl = params.get('redirectUrl');

  if (signedUp) return <SignupThankYou />;
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
