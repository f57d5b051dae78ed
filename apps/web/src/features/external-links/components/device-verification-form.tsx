import { Button, Stack, TextInput, Title } from '@mantine/core';
import { getCookieBody, messages, viewerMessages } from '@portal/contract';
import { useId } from 'react';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import panel from '../../../components/forms/form-panel.module.css';
import { schemaValidator } from '../../../hooks/schema-validator.ts';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequestDeviceCheck } from '../api/external-links-queries.ts';
import classes from './external-links.module.css';

const validateEmail = schemaValidator<{ email: string }, { email: string }>(
  getCookieBody.pick({ email: true }),
);

export interface DeviceVerificationFormProps {
  /** The rfs address the reader is on (its `a` names the access key); the server rebuilds the way back. */
  link: string;
}

/**
 * Device verification inside the rfs view (spec 1 section 2.5): the reader asks for an authentication link
 * by e-mail. Once the check-your-email message shows, the button stays disabled.
 */
export function DeviceVerificationForm({ link }: DeviceVerificationFormProps) {
  const headingId = useId();
  const form = useFormState({ email: '' }, validateEmail);
  const request = useRequestDeviceCheck();
  const sent = request.isSuccess;
  // A refusal of the e-mail itself shows under the field only (once).
  const failure =
    request.error instanceof ApiError
      ? request.error.errors.email
        ? undefined
        : request.error.message
      : request.error
        ? messages.errors.internal
        : undefined;

  const submit = form.handleSubmit(({ email }) => {
    if (sent || request.isPending) return;
    request.mutate(
      { email, link },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.errors.email) form.showServerErrors(error.errors);
        },
      },
    );
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby={headingId} className={panel.panel}>
      <Title order={2} id={headingId} className={panel.heading}>
        {viewerMessages.deviceCheckTitle}
      </Title>
      <p className={classes.intro}>{viewerMessages.deviceCheckIntro}</p>
      <Stack gap="md">
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          aria-required
          readOnly={sent}
          value={form.values.email}
          onChange={(event) => form.setField('email', event.currentTarget.value)}
          onBlur={() => form.touchField('email')}
          error={form.errorOf('email')}
        />
        <Button type="submit" loading={request.isPending} disabled={sent}>
          Send authentication link
        </Button>
      </Stack>
      {sent && (
        <FormSuccess>
          <p>{viewerMessages.deviceCheckSent}</p>
        </FormSuccess>
      )}
      {failure && !sent && (
        <FormAlert>
          <p>{failure}</p>
        </FormAlert>
      )}
    </form>
  );
}
