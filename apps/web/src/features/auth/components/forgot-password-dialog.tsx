import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { messages } from '@portal/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/auth-queries.ts';

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}

/**
 * Spec 1 section 2.5: closed, open, then success. Closing clears error and success; a request is sent only
 * when the e-mail is non-empty. Loaded on first use to keep the login page light.
 */
export default function ForgotPasswordDialog({ opened, onClose, initialEmail }: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const request = useForgotPassword();
  const { reset } = request;

  useEffect(() => {
    if (opened) setEmail((current) => current || initialEmail);
  }, [opened, initialEmail]);

  const close = () => {
    reset();
    setFieldError(undefined);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setFieldError(messages.validation.emailRequired);
      return;
    }
    setFieldError(undefined);
    request.mutate(trimmed);
  };

  const failure =
    request.error instanceof ApiError && !request.error.isNetworkError
      ? request.error.message
      : request.error
        ? messages.forgotPassword.networkError
        : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Forgot password"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {request.isSuccess ? (
        <>
          <FormSuccess>
            <p>{request.data?.message || messages.forgotPassword.success}</p>
          </FormSuccess>
          <Group justify="flex-end" mt="lg">
            <Button onClick={close}>Close</Button>
          </Group>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Text mb="md" c="var(--portal-muted)">
            Enter the email address of your account and we will send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            data-autofocus
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(undefined);
            }}
            error={fieldError}
          />
          {failure && (
            <FormAlert>
              <p>{failure}</p>
            </FormAlert>
          )}
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={close} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send reset link
            </Button>
          </Group>
        </form>
      )}
    </Modal>
  );
}
