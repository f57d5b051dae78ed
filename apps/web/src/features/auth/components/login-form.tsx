import { Button, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { type CurrentUser, messages } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/auth-queries.ts';
import { validateLogin } from '../hooks/login-validation.ts';
import { useFormState } from '../hooks/use-form-state.ts';
import { FormAlert } from './form-feedback.tsx';
import classes from './login-form.module.css';
import { PasswordField } from './password-field.tsx';

const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog.tsx'));

interface LoginFormProps {
  initialEmail: string;
  /** Called once the signed-in user's session is stored. */
  onSignedIn: (user: CurrentUser) => void;
}

export function LoginForm({ initialEmail, onSignedIn }: LoginFormProps) {
  const form = useFormState({ email: initialEmail, password: '' }, validateLogin);
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
    login.mutate(data, { onSuccess: onSignedIn });
  });

  return (
    <>
      <form ref={form.formRef} onSubmit={submit} noValidate>
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
          <div>
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
            <UnstyledButton
              type="button"
              className={classes.forgot}
              onClick={() => {
                setForgotLoaded(true);
                setForgotOpen(true);
              }}
            >
              Forgot password?
            </UnstyledButton>
          </div>
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
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
