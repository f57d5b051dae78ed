import { Button, Group } from '@mantine/core';
import { messagesVerification } from '@portal/contract';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/forms/form-feedback.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useEmailVerification } from '../../features/auth/api/token-queries.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Signup verification /verify?token= (spec 3, token verification pages). */
export default function VerifyRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verification = useEmailVerification(token);
  const outcome = token === '' ? 'invalid' : verification.data;
  usePageTitle(
    outcome === 'verified'
      ? messagesVerification.registrationComplete
      : outcome === 'invalid'
        ? messagesVerification.tokenInvalid
        : 'Email verification',
  );

  if (outcome === 'verified') {
    return (
      <AuthCard
        title={messagesVerification.registrationComplete}
        intro={<p>{messagesVerification.emailVerified}</p>}
      >
        <Button component={Link} to="/login/signupPreference" fullWidth>
          Login
        </Button>
      </AuthCard>
    );
  }
  if (outcome === 'invalid') {
    return (
      <AuthCard
        title={messagesVerification.tokenInvalid}
        intro={
          <p>The link may have expired or been used already. You can sign up again to receive a new one.</p>
        }
      >
        <Button component={Link} to="/signup" variant="outline" fullWidth>
          Sign up
        </Button>
      </AuthCard>
    );
  }
  if (verification.isError) {
    return (
      <AuthCard title="Email verification">
        <FormAlert>
          <p>{messagesVerification.internalError}</p>
        </FormAlert>
        <Group mt="lg">
          <Button variant="outline" onClick={() => verification.refetch()} loading={verification.isFetching}>
            Try again
          </Button>
        </Group>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email verification">
      <PageLoader label="Verifying your email…" />
    </AuthCard>
  );
}
