import { Button, Stack } from '@mantine/core';
import { messages, messagesVerification, type ResetPasswordForm, resetPasswordForm } from '@portal/contract';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { schemaValidator, withConfirmation } from '../../../hooks/schema-validator.ts';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/auth-queries.ts';
import { PasswordField } from './password-field.tsx';

const validate = withConfirmation(
  schemaValidator<ResetPasswordForm, ResetPasswordForm>(resetPasswordForm),
  'newpassword',
  'confirmpassword',
  messages.validation.passwordMismatch,
);

export function ResetPasswordFormView({
  token,
  onDone,
}: {
  token: string;
  onDone: (message: string) => void;
}) {
  const form = useFormState<ResetPasswordForm, ResetPasswordForm>(
    { token, newpassword: '', confirmpassword: '' },
    validate,
  );
  const reset = useResetPassword();
  const failure = reset.error instanceof ApiError ? reset.error : null;

  const submit = form.handleSubmit((data) => {
    reset.mutate(data, {
      onSuccess: (reply) => onDone(reply?.message || messagesVerification.passwordReset),
      onError: (error) => {
        if (error instanceof ApiError) form.showServerErrors(error.errors);
      },
    });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="New password"
          name="newpassword"
          autoComplete="new-password"
          description="8 to 128 characters."
          aria-required
          value={form.values.newpassword}
          onChange={(event) => form.setField('newpassword', event.currentTarget.value)}
          onBlur={() => form.touchField('newpassword')}
          error={form.errorOf('newpassword')}
        />
        <PasswordField
          label="Confirm password"
          name="confirmpassword"
          autoComplete="new-password"
          aria-required
          value={form.values.confirmpassword}
          onChange={(event) => form.setField('confirmpassword', event.currentTarget.value)}
          onBlur={() => form.touchField('confirmpassword')}
          error={form.errorOf('confirmpassword')}
        />
        <Button type="submit" fullWidth loading={reset.isPending} mt="xs">
          Reset password
        </Button>
      </Stack>
      {reset.error && !failure?.errors.newpassword && !failure?.errors.confirmpassword && (
        <FormAlert>
          <p>{failure?.message ?? messages.errors.internal}</p>
        </FormAlert>
      )}
    </form>
  );
}
