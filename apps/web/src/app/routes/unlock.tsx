import { Button } from '@mantine/core';
import { messages, messagesVerification } from '@portal/contract';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormSuccess } from '../../components/forms/form-feedback.tsx';
import { useUnlockSignIn } from '../../features/auth/api/auth-queries.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /unlock?token= (ours): the link mailed to the owner of an account whose sign-in is throttled. The token is
 * used only when the button is pressed (mail scanners open links, they do not press buttons), and the grant it
 * leaves belongs to this browser.
 */
export default function UnlockRoute() {
  usePageTitle(messages.auth.unlockTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unlock = useUnlockSignIn();
  const refused =
    unlock.error instanceof ApiError && !unlock.error.isNetworkError && unlock.error.status < 500;

  if (unlock.isSuccess) {
    return (
      <AuthCard title={messages.auth.unlockTitle}>
        <FormSuccess>
          <p>{messages.auth.unlocked}</p>
        </FormSuccess>
        <Button component={Link} to="/login" fullWidth mt="lg">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  if (token === '' || refused) {
    return (
      <AuthCard title={messages.auth.unlockTitle}>
        <FormAlert>
          <p>{messages.auth.unlockInvalid}</p>
        </FormAlert>
        <Button component={Link} to="/login" variant="outline" fullWidth mt="lg">
          Go to sign in
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={messages.auth.unlockTitle} intro={<p>{messages.auth.unlockIntro}</p>}>
      {unlock.isError && (
        <FormAlert>
          <p>{messagesVerification.internalError}</p>
        </FormAlert>
      )}
      <Button fullWidth mt="md" loading={unlock.isPending} onClick={() => unlock.mutate(token)}>
        {messages.auth.unlockButton}
      </Button>
    </AuthCard>
  );
}
