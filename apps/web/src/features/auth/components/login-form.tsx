import { Button, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { type CurrentUser, messages } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/auth-queries.ts';
import { validateLogin } from '../hooks/login-validation.ts';
import classes from './login-form.module.css';
import { PasswordField } from './password-field.tsx';

const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog.tsx'));

/** The sign-in form's state and call, shared by the login page and the rfs view's password sign-in. */
export const useLoginForm = (initialEmail: string, onSignedIn: (user: CurrentUser) => void) => {
  const form = useFormState({ email: initialEmail, password: '' }, validateLogin);
  const login = useLogin();
  const error =
    login.error instanceof ApiError
      ? login.error
      : login.error
        ? new ApiError(0, messages.errors.internal)
        : null;
  const submit = form.handleSubmit((data) => {
    login.mutate(data, { onSuccess: onSignedIn });
  });
  return { form, login, error, submit };
};
type LoginFormState = ReturnType<typeof useLoginForm>;

export function LoginEmailField({ form }: Pick<LoginFormState, 'form'>) {
  return (
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
  );
}

export function LoginPasswordField({ form }: Pick<LoginFormState, 'form'>) {
  return (
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
  );
}

/** The server's refusal under the form; for an unverified e-mail, the way to a new verification mail. */
export function LoginError({ error, email }: { error: LoginFormState['error']; email: string }) {
  if (!error) return null;
  return (
    <FormAlert>
      <p>{error.message}</p>
      {error.code === 'emailNotVerified' && (
        <p>
          <Link to={`/resendVerify?email=${encodeURIComponent(email.trim())}`}>
            Resend verification email
          </Link>
        </p>
      )}
    </FormAlert>
  );
}

/** A button opening the forgot-password dialog (loaded on first use) with the e-mail typed so far. */
export function ForgotPasswordButton({
  email,
  label,
  className,
}: {
  email: string;
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <UnstyledButton
        type="button"
        className={className}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {label}
      </UnstyledButton>
      {loaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={open} onClose={() => setOpen(false)} initialEmail={email} />
        </Suspense>
      )}
    </>
  );
}

interface LoginFormProps {
  initialEmail: string;
  /** Called once the signed-in user's session is stored. */
  onSignedIn: (user: CurrentUser) => void;
}

export function LoginForm({ initialEmail, onSignedIn }: LoginFormProps) {
  const { form, login, error, submit } = useLoginForm(initialEmail, onSignedIn);
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <LoginEmailField form={form} />
        <div>
          <LoginPasswordField form={form} />
          <ForgotPasswordButton
            email={form.values.email}
            label="Forgot password?"
            className={classes.forgot}
          />
        </div>
        <Button type="submit" fullWidth loading={login.isPending} mt="xs">
          Sign in
        </Button>
      </Stack>
      <LoginError error={error} email={form.values.email} />
    </form>
  );
}
