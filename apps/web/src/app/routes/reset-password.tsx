import { Button } from '@mantine/core';
import { messagesVerification } from '@portal/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormSuccess } from '../../components/forms/form-feedback.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useResetTokenValidity } from '../../features/auth/api/token-queries.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { ResetPasswordFormView } from '../../features/auth/components/reset-password-form.tsx';
import { safeRelativeUrl } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /resetpassword?p=token (optional redirectUrl; spec 3, token verification pages). */
export default function ResetPasswordRoute() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('p')?.trim() ?? '';
  const redirectUrl = safeRelativeUrl(params.get('redirectUrl'));
  const validity = useResetTokenValidity(token);
  const [done, setDone] = useState<string>();
  const loginHref = redirectUrl ? `/login?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/login';

  if (done) {
    return (
      <AuthCard title="Password reset">
        <FormSuccess>
          <p>{done}</p>
        </FormSuccess>
        <Button component={Link} to={loginHref} fullWidth mt="lg">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  if (token !== '' && validity.isPending) {
    return (
      <AuthCard title="Reset password">
        <PageLoader label="Checking your reset link…" />
      </AuthCard>
    );
  }
  if (token !== '' && validity.isError) {
    return (
      <AuthCard title="Reset password">
        <FormAlert>
          <p>{messagesVerification.internalError}</p>
        </FormAlert>
      </AuthCard>
    );
  }
  if (token === '' || validity.data !== true) {
    return (
      <AuthCard title="Reset password">
        <FormAlert>
          <p>{messagesVerification.resetExpired}</p>
        </FormAlert>
        <Button component={Link} to="/login" variant="outline" fullWidth mt="lg">
          Request a new link from the sign-in page
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" intro={<p>Choose a new password for your account.</p>}>
      <ResetPasswordFormView token={token} onDone={setDone} />
    </AuthCard>
  );
}
