import { Button, Stack, TextInput, Title, UnstyledButton } from '@mantine/core';
import { messages } from '@portal/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../../auth/api/auth-queries.ts';
import { FormAlert } from '../../auth/components/form-feedback.tsx';
import { PasswordField } from '../../auth/components/password-field.tsx';
import { validateLogin } from '../../auth/hooks/login-validation.ts';
import { useFormState } from '../../auth/hooks/use-form-state.ts';
import classes from './external-links.module.css';

const ForgotPasswordDialog = lazy(() => import('../../auth/components/forgot-password-dialog.tsx'));

export interface RfsSignInProps {
  /** Prefills the e-mail field (e.g. the link's recipient, when known). */
  email?: string;
  /** Called once the session is stored; the viewer then reloads the report under the reader's own rights. */
  onSignedIn: () => void;
}

/**
 * Password sign-in inside the rfs view (spec 1 section 2.5): the button stays disabled while the password is
 * empty; links to Sign Up and Forgot Password.
 */
export function RfsSignIn({ email = '', onSignedIn }: RfsSignInProps) {
  const headingId = useId();
  const form = useFormState({ email, password: '' }, validateLogin);
  const login = useLogin();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);
  const error =
    login.error instanceof ApiError
      ? login.error
      : login.error
        ? new ApiError(0, messages.errors.internal)
        : null;

  const submit = form.handleSubmit((data) => {
    login.mutate(data, { onSuccess: () => onSignedIn() });
  });

  return (
    <>
      <form
        ref={form.formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby={headingId}
        className={classes.panel}
      >
        <Title order={2} id={headingId} className={classes.heading}>
          Sign in with your password
        </Title>
        <Stack gap="md">
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            aria-required
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            onBlur={() => form.touchField('email')}
            error={form.errorOf('email')}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            aria-required
            value={form.values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            onBlur={() => form.touchField('password')}
            error={form.errorOf('password')}
          />
          <Button type="submit" loading={login.isPending} disabled={form.values.password === ''}>
            Sign in
          </Button>
        </Stack>
        {error && (
          <FormAlert>
            <p>{error.message}</p>
            {error.code === 'emailNotVerified' && (
              <p>
                <Link to={`/resendVerify?email=${encodeURIComponent(form.values.email.trim())}`}>
                  Resend verification email
                </Link>
              </p>
            )}
          </FormAlert>
        )}
        <div className={classes.links}>
          <Link to="/signup">Sign Up</Link>
          <UnstyledButton
            type="button"
            className={classes.forgot}
            onClick={() => {
              setForgotLoaded(true);
              setForgotOpen(true);
            }}
          >
            Forgot Password
          </UnstyledButton>
        </div>
      </form>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            opened={forgotOpen}
            onClose={() => setForgotOpen(false)}
            initialEmail={form.values.email}
          />
        </Suspense>
      )}
    </>
  );
}
