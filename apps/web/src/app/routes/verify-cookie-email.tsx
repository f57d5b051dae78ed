import { Button, Group } from '@mantine/core';
import { messages, messagesVerification, viewerMessages } from '@portal/contract';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../components/forms/form-feedback.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import {
  useConfirmDevice,
  useDeviceTokenCheck,
} from '../../features/external-links/api/external-links-queries.ts';
import { ApiError } from '../../lib/api-client.ts';
import { safeRelativeUrl } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * E-mailed device verification link, /verifyCookieEmail?token= (spec 3, token verification pages). The GET only
 * checks the token; a button press POSTs it (mail scanners must not use the link up), after which the server
 * has set the device cookie and names the report link to return to.
 */
export default function VerifyCookieEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const check = useDeviceTokenCheck(token);
  const confirm = useConfirmDevice();

  const expiredRedirect =
    check.data && !check.data.success ? safeRelativeUrl(check.data.redirectUrl) : undefined;
  const confirmRedirect = safeRelativeUrl(confirm.data?.redirectUrl);
  const invalid =
    token === '' ||
    (check.data !== undefined && !check.data.success && !expiredRedirect) ||
    (check.error instanceof ApiError && !check.error.isNetworkError && check.error.status < 500) ||
    (confirm.error instanceof ApiError && confirm.error.status === 400) ||
    (confirm.data !== undefined && !confirmRedirect);

  usePageTitle(invalid ? messagesVerification.tokenInvalid : viewerMessages.verifyDeviceTitle);

  const target = confirmRedirect ?? expiredRedirect;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (invalid) {
    return (
      <AuthCard
        title={messagesVerification.tokenInvalid}
        intro={
          <p>
            The link may have expired or been used already. Please open the report link again to verify your
            device.
          </p>
        }
      >
        <Button component={Link} to="/" variant="outline" fullWidth>
          Back to home
        </Button>
      </AuthCard>
    );
  }
  if (target) {
    return (
      <AuthCard title={viewerMessages.verifyDeviceTitle}>
        <PageLoader label="Opening your report…" />
      </AuthCard>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title={viewerMessages.verifyDeviceTitle}>
        <FormAlert>
          <p>{messagesVerification.internalError}</p>
        </FormAlert>
        <Group mt="lg">
          <Button variant="outline" onClick={() => check.refetch()} loading={check.isFetching}>
            Try again
          </Button>
        </Group>
      </AuthCard>
    );
  }
  if (check.data?.success) {
    return (
      <AuthCard title={viewerMessages.verifyDeviceTitle} intro={<p>{viewerMessages.verifyDeviceIntro}</p>}>
        <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
          Verify this device
        </Button>
        {confirm.error && (
          <FormAlert>
            <p>{confirm.error instanceof ApiError ? confirm.error.message : messages.errors.internal}</p>
          </FormAlert>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={viewerMessages.verifyDeviceTitle}>
      <PageLoader label="Checking your link…" />
    </AuthCard>
  );
}
