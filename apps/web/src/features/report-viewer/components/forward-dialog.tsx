import { Button, Group, Modal, Text, Textarea, TextInput } from '@mantine/core';
import {
  type ForwardBody,
  forwardBody,
  forwardQuotaUsedText,
  messages,
  messagesAdminUsers,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForwardsLeft, useSendForward } from '../api/forward-api.ts';

const texts = messagesAdminUsers.forward;
const noteMax = 500;

export const remainingText = (n: number, limit: number) =>
  texts.remaining.replace('{n}', String(n)).replace('{limit}', String(limit));

/** The contract's rules, checked before sending: field name -> first message. */
const validate = (body: ForwardBody) => {
  const parsed = forwardBody.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
};

interface ForwardDialogProps {
  opened: boolean;
  report: { apiId: string; title: string };
  onClose: () => void;
  onSent: (message: string) => void;
}

/**
 * The colleague's e-mail, an optional note and the month's forwards left; refusals (another firm's domain,
 * no firm, the month's forwards used) are the server's messages, shown in the dialog. Loaded on first use.
 */
export default function ForwardDialog({ opened, report, onClose, onSent }: ForwardDialogProps) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const left = useForwardsLeft(report.apiId, opened);
  const send = useSendForward(report.apiId, {
    onSuccess: (reply) => {
      setEmail('');
      setNote('');
      onSent(reply.message);
    },
    onError: (failure) => {
      if (failure instanceof ApiError) setFieldErrors(failure.errors);
    },
  });

  const close = () => {
    send.reset();
    setFieldErrors({});
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: ForwardBody = { email: email.trim(), ...(note.trim() ? { note } : {}) };
    const errors = validate(body);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    send.mutate(body);
  };

  const failure =
    send.error instanceof ApiError && !send.error.isNetworkError
      ? send.error.message
      : send.error
        ? messages.errors.internal
        : undefined;
  const count = left.data?.data;
  const usedUp = count !== undefined && count.remaining <= 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={texts.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="sm" c="var(--portal-muted)">
          {report.title}
        </Text>
        <TextInput
          label={texts.email}
          name="email"
          type="email"
          autoComplete="off"
          required
          data-autofocus
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldErrors(({ email: _, ...rest }) => rest);
          }}
          error={fieldErrors.email}
        />
        <Textarea
          mt="sm"
          label={texts.note}
          name="note"
          rows={3}
          maxLength={noteMax}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setFieldErrors(({ note: _, ...rest }) => rest);
          }}
          error={fieldErrors.note}
        />
        <Text size="sm" mt="sm" aria-live="polite" data-testid="forwards-left">
          {count ? remainingText(count.remaining, count.limit) : '\u00a0'}
        </Text>
        {usedUp && !failure && (
          <FormAlert>
            <p>{forwardQuotaUsedText}</p>
          </FormAlert>
        )}
        {failure && !fieldErrors.email && !fieldErrors.note && (
          <FormAlert>
            <p>{failure}</p>
          </FormAlert>
        )}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close} disabled={send.isPending}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={usedUp}>
            {texts.send}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
