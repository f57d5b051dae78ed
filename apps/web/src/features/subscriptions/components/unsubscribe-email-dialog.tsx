import { Button, Modal, Text, TextInput } from '@mantine/core';
import { emailField, subscriptionMessages } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { requestUnsubscribeLink } from '../api/unsubscribe-api.ts';
import classes from './unsubscribe-page.module.css';

const texts = subscriptionMessages.unsubscribe;

/** The contract's e-mail rule (the server checks it again). */
export const isValidEmail = (value: string) => emailField.safeParse(value).success;

interface EnterEmailDialogProps {
  opened: boolean;
  onClose: () => void;
  productId: number;
  onSent: () => void;
}

/**
 * The Enter Email dialog of a visitor we do not know (spec 3 sections 2 and 5): OK is disabled while the field is
 * empty and a malformed address shows 'Email is invalid'. Ours: the address is not looked up in the page (that
 * would tell anyone whether it is in our records); the server mails it a one-time link to this screen and answers
 * the same whatever the address.
 */
export function EnterEmailDialog({ opened, onClose, productId, onSent }: EnterEmailDialogProps) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const request = useMutation({
    mutationFn: (address: string) => requestUnsubscribeLink(address, productId),
    onSuccess: onSent,
  });

  const close = () => {
    request.reset();
    setInvalid(false);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address || request.isPending) return;
    if (!isValidEmail(address)) {
      setInvalid(true);
      return;
    }
    request.mutate(address);
  };

  const failure =
    request.error instanceof ApiError && !request.error.isNetworkError && request.error.status < 500
      ? request.error.message
      : request.error
        ? texts.failed
        : undefined;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={texts.enterEmailTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {request.isSuccess ? (
        <>
          <FormSuccess>
            <p>{texts.linkSent}</p>
          </FormSuccess>
          <div className={classes.actions}>
            <Button data-autofocus onClick={close}>
              {texts.ok}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Text mb="md" c="var(--portal-muted)">
            {texts.enterEmailText}
          </Text>
          <TextInput
            label={texts.email}
            name="email"
            type="email"
            autoComplete="email"
            data-autofocus
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setInvalid(false);
            }}
            error={invalid ? texts.emailInvalid : undefined}
          />
          {failure && (
            <FormAlert>
              <p>{failure}</p>
            </FormAlert>
          )}
          <div className={classes.actions}>
            <Button type="submit" disabled={email.trim() === ''} loading={request.isPending}>
              {texts.ok}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
