import { Button, Stack, TextInput } from '@mantine/core';
import { messages, messagesVerification, resendVerifyForm } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { FormAlert, FormSuccess } from '../../components/forms/form-feedback.tsx';
import { useResendVerification } from '../../features/auth/api/auth-queries.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { schemaValidator } from '../../hooks/schema-validator.ts';
import { useFormState } from '../../hooks/use-form-state.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const validate = schemaValidator<{ email: string }, { email: string }>(resendVerifyForm);

/** The verification-email-sent page with a resend form (spec 3, token verification pages). */
export default function ResendVerifyRoute() {
  usePageTitle(messagesVerification.emailSentTitle);
  const [params] = useSearchParams();
  const form = useFormState({ email: params.get('email') ?? '' }, validate);
  const resend = useResendVerification();
  const failure = resend.error instanceof ApiError ? resend.error : null;

  const submit = form.handleSubmit((data) => {
    resend.mutate(data.email, {
      onError: (error) => {
        if (error instanceof ApiError) form.showServerErrors(error.errors);
      },
    });
  });

  return (
    <AuthCard title={messagesVerification.emailSentTitle} intro={<p>{messagesVerification.emailSent}</p>}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            aria-required
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            onBlur={() => form.touchField('email')}
            error={form.errorOf('email')}
          />
          <Button type="submit" fullWidth loading={resend.isPending}>
            Resend verification email
          </Button>
        </Stack>
        {resend.isSuccess && (
          <FormSuccess>
            <p>{resend.data?.message || messagesVerification.resent}</p>
          </FormSuccess>
        )}
        {resend.error && !failure?.errors.email && (
          <FormAlert>
            <p>{failure?.message ?? messages.errors.internal}</p>
          </FormAlert>
        )}
      </form>
    </AuthCard>
  );
}
