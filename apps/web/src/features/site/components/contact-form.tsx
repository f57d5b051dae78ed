import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { type AoiForm, type AoiType, aoiForm, aoiLimits, limits, messagesSite } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import { schemaValidator } from '../../../hooks/schema-validator.ts';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { postAoi } from '../api/site-api.ts';
import { AltchaField, type AltchaHandle } from './altcha-field.tsx';
import classes from './contact-form.module.css';

type Values = { name: string; email: string; message: string; captcha: string; type: AoiType };

const validate = schemaValidator<Values, AoiForm>(aoiForm);
// Fields that show their own message; any other failure shows under the form.
const placed = ['name', 'email', 'message', 'captcha'];

/**
 * The Investor / Analyst contact form (spec 3 sections 2, 5, 7): name, email, message and the ALTCHA captcha.
 * Field messages show under their fields, the captcha's under the captcha, anything else under the form; what
 * was typed survives every failure, and a refused captcha asks for a new one.
 */
export function ContactForm({ type }: { type: AoiType }) {
  const initial: Values = { name: '', email: '', message: '', captcha: '', type };
  const form = useFormState<Values, AoiForm>(initial, validate);
  const altcha = useRef<AltchaHandle>(null);
  const [sent, setSent] = useState(false);
  // The server's reason for refusing a solution; it outlives the widget's reset until a new one is solved.
  const [refused, setRefused] = useState<string | null>(null);
  const send = useMutation({ mutationFn: postAoi });
  const failure = send.error instanceof ApiError ? send.error : null;
  const unplaced =
    send.error && !(failure && Object.keys(failure.errors).some((field) => placed.includes(field)));

  const submit = form.handleSubmit((data) => {
    setSent(false);
    send.mutate(
      { ...data, type },
      {
        onSuccess: () => {
          setSent(true);
          form.reset(initial);
          altcha.current?.reset();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const { captcha, ...fields } = error.errors;
          if (captcha) {
            // The solution was refused (expired, forged or used): a new challenge must be solved.
            setRefused(captcha);
            form.setField('captcha', '');
            altcha.current?.reset();
          }
          form.showServerErrors(fields);
        },
      },
    );
  });

  const text = (name: 'name' | 'email' | 'message') => ({
    name,
    value: form.values[name],
    onChange: (event: { currentTarget: { value: string } }) => form.setField(name, event.currentTarget.value),
    onBlur: () => form.touchField(name),
    error: form.errorOf(name),
    withAsterisk: true,
    'aria-required': true,
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className={classes.form}>
      <Stack gap="md">
        <TextInput label="Name" autoComplete="name" maxLength={aoiLimits.nameMax} {...text('name')} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={limits.emailMax}
          {...text('email')}
        />
        <Textarea
          label="Message"
          autosize
          minRows={5}
          maxRows={14}
          maxLength={aoiLimits.messageMax}
          {...text('message')}
        />
        <AltchaField
          ref={altcha}
          onChange={(payload) => {
            form.setField('captcha', payload);
            if (payload) setRefused(null);
          }}
          error={refused ?? form.errorOf('captcha')}
        />
        <Button type="submit" loading={send.isPending} className={classes.submit}>
          Send message
        </Button>
      </Stack>
      {unplaced && (
        <FormAlert>
          <p>{failure?.errors.type ?? send.error?.message ?? messagesSite.contactFailed}</p>
        </FormAlert>
      )}
      {sent && (
        <FormSuccess>
          <p>{messagesSite.contactSent}</p>
        </FormSuccess>
      )}
    </form>
  );
}
