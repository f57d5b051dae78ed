import { Button } from '@mantine/core';
import { messages } from '@portal/contract';
import { Link } from 'react-router';
import { AuthCard } from './auth-card.tsx';

/** Spec 1 section 2.5: the thank-you panel after a sign-up. */
export function SignupThankYou() {
  return (
    <AuthCard title="Thank you for signing up!" intro={<p>{messages.auth.signupSuccess}</p>}>
      <Button component={Link} to="/" variant="outline">
        Back to home
      </Button>
    </AuthCard>
  );
}
