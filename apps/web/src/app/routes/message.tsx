import { Button } from '@mantine/core';
import { messagesVerification } from '@portal/contract';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

function EmailVerifiedMessage() {
  usePageTitle(messagesVerification.registrationComplete);
  return (
    <AuthCard
      title={messagesVerification.registrationComplete}
      intro={<p>{messagesVerification.emailVerified}</p>}
    >
      <Button component={Link} to="/" variant="outline" fullWidth>
        Back to home
      </Button>
    </AuthCard>
  );
}

/** /message/{type}: the 'verify' confirmation (spec 1 section 2.5); there is no other message, so others are 404s. */
export default function MessageRoute() {
  const { type = '' } = useParams();
  return type.toLowerCase() === 'verify' ? <EmailVerifiedMessage /> : <NotFoundPage />;
}
