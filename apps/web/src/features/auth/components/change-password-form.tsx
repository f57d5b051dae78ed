import { Button, Group, Stack } from '@mantine/core';
import {
  type ChangePasswordForm as ChangePasswordValues,
  canSubmitChangePassword,
  changePasswordForm,
  messages,
} from '@portal/contract';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import { schemaValidator, withConfirmation } from '../../../hooks/schema-validator.ts';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/auth-queries.ts';
import { PasswordField } from './password-field.tsx';

const validate = withConfirmation(
  schemaValidator<ChangePasswordValues, ChangePasswordValues>(changePasswordForm),
  'newPassword',
  'confirmNewPassword',
  messages.validation.newPasswordMismatch,
);
const empty: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmNewPassword: '' };

/** Spec 1 section 5: Confirm is enabled only when all three are filled, new equals confirm, confirm differs from old. */
export function ChangePasswordForm() {
  const form = useFormState(empty, validate);
  const change = useChangePassword();
  const failure = change.error instanceof ApiError ? change.error : null;

  const submit = form.handleSubmit((data) => {
    change.mutate(data, {
      onSuccess: () => form.reset(empty),
      onError: (error) => {
        if (error instanceof ApiError) form.showServerErrors(error.errors);
      },
    });
  });

  const field = (name: keyof ChangePasswordValues) => ({
    name,
    value: form.values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (change.isSuccess || change.isError) change.reset();
      form.setField(name, event.currentTarget.value);
    },
    onBlur: () => form.touchField(name),
    error: form.errorOf(name),
    'aria-required': true,
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md" maw={440}>
        <PasswordField label="Current password" autoComplete="current-password" {...field('oldPassword')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description="8 to 128 characters."
          {...field('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmNewPassword')}
        />
        <Group>
          <Button type="submit" disabled={!canSubmitChangePassword(form.values)} loading={change.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
      {change.isSuccess && (
        <FormSuccess>
          <p>{change.data?.message || messages.auth.passwordChanged}</p>
        </FormSuccess>
      )}
      {change.error && (
        <FormAlert>
          <p>{failure?.message ?? messages.errors.internal}</p>
        </FormAlert>
      )}
    </form>
  );
}
