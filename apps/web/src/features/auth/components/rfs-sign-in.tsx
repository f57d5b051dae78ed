import { Button, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import panel from '../../../components/forms/form-panel.module.css';
import {
  ForgotPasswordButton,
  LoginEmailField,
  LoginError,
  LoginPasswordField,
  useLoginForm,
} from './login-form.tsx';
import classes from './rfs-sign-in.module.css';

export interface RfsSignInProps {
  /** Prefills the e-mail field (e.g. the link's recipient, when known). */
  email?: string;
  /** Called once the session is stored; the viewer then reloads the report under the reader's own rights. */
  onSignedIn: () => void;
}

/**
 * Password sign-in inside the rfs view (spec 1 section 2.5), built from the login form's pieces: the button stays
 * disabled while the password is empty; links to Sign Up and Forgot Password.
 */
export function RfsSignIn({ email = '', onSignedIn }: RfsSignInProps) {
  const headingId = useId();
  const { form, login, error, submit } = useLoginForm(email, () => onSignedIn());
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby={headingId} className={panel.panel}>
      <Title order={2} id={headingId} className={panel.heading}>
        Sign in with your password
      </Title>
      <Stack gap="md">
        <LoginEmailField form={form} />
        <LoginPasswordField form={form} />
        <Button type="submit" loading={login.isPending} disabled={form.values.password === ''}>
          Sign in
        </Button>
      </Stack>
      <LoginError error={error} email={form.values.email} />
      <div className={classes.links}>
        <Link to="/signup">Sign Up</Link>
        <ForgotPasswordButton email={form.values.email} label="Forgot Password" className={classes.forgot} />
      </div>
    </form>
  );
}
