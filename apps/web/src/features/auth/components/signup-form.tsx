import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { keepNameCharacters, messages, type SignupForm as SignupValues, signupForm } from '@portal/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { schemaValidator, withConfirmation } from '../../../hooks/schema-validator.ts';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignup } from '../api/auth-queries.ts';
import { PasswordField } from './password-field.tsx';
import classes from './signup-form.module.css';

type Values = Omit<SignupValues, 'acceptTandC'> & { acceptTandC: boolean };

const validate = withConfirmation(
  schemaValidator<Values, unknown>(signupForm),
  'password',
  'confirmPassword',
  messages.validation.passwordMismatch,
);
const signupFields = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'password',
  'confirmPassword',
  'acceptTandC',
];

/** Splits the `name` query into first and last name, keeping only letters and spaces (spec 1 section 2.5). */
export const splitName = (name: string) => {
  const words = keepNameCharacters(name).trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
};

interface SignupFormProps {
  initialName: string;
  initialEmail: string;
  onSignedUp: () => void;
}

export function SignupForm({ initialName, initialEmail, onSignedUp }: SignupFormProps) {
  const initial: Values = {
    ...splitName(initialName),
    companyName: '',
    email: initialEmail,
    password: '',
    confirmPassword: '',
    acceptTandC: false,
  };
  const form = useFormState<Values, unknown>(initial, validate);
  const signup = useSignup();
  const failure = signup.error instanceof ApiError ? signup.error : null;
  const unplacedFailure =
    signup.error && !(failure && Object.keys(failure.errors).some((field) => signupFields.includes(field)));

  const submit = form.handleSubmit(() => {
    signup.mutate(form.values as SignupValues, {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (error instanceof ApiError) form.showServerErrors(error.errors);
      },
    });
  });

  const text = (name: 'firstName' | 'lastName' | 'companyName' | 'email') => ({
    name,
    value: form.values[name],
    onBlur: () => form.touchField(name),
    error: form.errorOf(name),
    'aria-required': true,
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <div className={classes.names}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...text('firstName')}
            onChange={(event) => form.setField('firstName', keepNameCharacters(event.currentTarget.value))}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...text('lastName')}
            onChange={(event) => form.setField('lastName', keepNameCharacters(event.currentTarget.value))}
          />
        </div>
        <TextInput
          label="Company name"
          autoComplete="organization"
          {...text('companyName')}
          onChange={(event) => form.setField('companyName', event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          description="Use your company email address; personal email domains are not accepted."
          {...text('email')}
          onChange={(event) => form.setField('email', event.currentTarget.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          description="8 to 128 characters."
          aria-required
          value={form.values.password}
          onChange={(event) => form.setField('password', event.currentTarget.value)}
          onBlur={() => form.touchField('password')}
          error={form.errorOf('password')}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          aria-required
          value={form.values.confirmPassword}
          onChange={(event) => form.setField('confirmPassword', event.currentTarget.value)}
          onBlur={() => form.touchField('confirmPassword')}
          error={form.errorOf('confirmPassword')}
        />
        <div>
          <Checkbox
            label="I accept the Terms of Use"
            name="acceptTandC"
            checked={form.values.acceptTandC}
            onChange={(event) => form.setField('acceptTandC', event.currentTarget.checked)}
            error={form.errorOf('acceptTandC')}
          />
          <p className={classes.terms}>
            <Link to="/terms" target="_blank" rel="noopener">
              Read the Terms of Use (opens in a new tab)
            </Link>
          </p>
        </div>
        <Button type="submit" fullWidth loading={signup.isPending} mt="xs">
          Sign up
        </Button>
      </Stack>
      {unplacedFailure && (
        <FormAlert>
          <p>{failure?.message}</p>
        </FormAlert>
      )}
    </form>
  );
}
