// The shell carries only the styles of its own components; a lazy screen brings the rest (as routes/access.tsx).
import '@mantine/core/styles/Radio.css';
import { Button, Modal, Radio, Textarea } from '@mantine/core';
import { matrixConstants, type PickListValue, subscriptionMessages } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  UnsubscribeError,
  type UnsubscribeInput,
  type UnsubscribeStep,
  unsubscribe,
  useProductToLeave,
  useUnsubscribeReasons,
} from '../api/unsubscribe-api.ts';
import type { AccessPerson } from '../hooks/use-person-access.ts';
import classes from './unsubscribe-page.module.css';

const texts = subscriptionMessages.unsubscribe;

/** 'Other' (by its text, as the spec names it) is the reason that needs the reader's own words. */
export const isOtherReason = (reason: PickListValue | undefined) =>
  reason?.text.trim().toLowerCase() === texts.other.toLowerCase();

/** A refusal's own words (e.g. the mail limit) beneath the screen's text; nothing for a network failure. */
const refusalOf = (error: unknown) => {
  const cause = error instanceof UnsubscribeError ? error.cause : error;
  return cause instanceof ApiError && cause.status >= 400 && cause.status < 500 ? cause.message : undefined;
};

export const successPath = '/subscriptionPreference/settings';

/**
 * /unsubscribe/{id} for a known person (spec 3 sections 2 and 4): the reasons as radio buttons (the first
 * chosen), 'Other' with a Reason field that must not be empty, Cancel (to /) and Unsubscribe, then the success
 * dialog whose OK leads to the subscription preferences. A failure keeps the choice and the text.
 */
export function UnsubscribeForm({ productId, person }: { productId: number; person: AccessPerson }) {
  const navigate = useNavigate();
  const reasons = useUnsubscribeReasons();
  const product = useProductToLeave(productId, person);
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');
  // The steps done by an earlier attempt: Try again goes on from the one that failed.
  const done = useRef(new Set<UnsubscribeStep>());
  const run = useMutation({
    mutationFn: (input: UnsubscribeInput) => unsubscribe(input, done.current),
  });

  if (reasons.isError || product.isError) {
    return (
      <>
        <FormAlert>
          <p>{texts.loadFailed}</p>
        </FormAlert>
        <div className={classes.actions}>
          <Button
            variant="outline"
            loading={reasons.isFetching || product.isFetching}
            onClick={() => {
              if (reasons.isError) void reasons.refetch();
              if (product.isError) void product.refetch();
            }}
          >
            {texts.retry}
          </Button>
        </div>
      </>
    );
  }
  if (!reasons.data || !product.data) return <PageLoader label={texts.title} />;

  const productName =
    productId === matrixConstants.mailListProductId ? texts.fromMailList : product.data.name;
  const what = (
    <p className={classes.lead}>
      {texts.fromProduct} <strong>{productName ?? `#${productId}`}</strong>.
    </p>
  );
  if (!product.data.held) {
    return (
      <>
        {what}
        <p role="status">{texts.notSubscribed}</p>
        <div className={classes.actions}>
          <Button component={Link} to="/" variant="default">
            {texts.cancel}
          </Button>
          <Button component={Link} to={successPath}>
            {subscriptionMessages.preferences.titleFallback}
          </Button>
        </div>
      </>
    );
  }

  const list = reasons.data;
  const value = chosen ?? (list[0] ? String(list[0].ValueId) : null);
  const reason = list.find((item) => String(item.ValueId) === value);
  const other = isOtherReason(reason);
  const unsubscribed = done.current.has(
    productId === matrixConstants.mailListProductId ? 'reason' : 'matrix',
  );
  // A reason saved by an attempt that failed later is saved again when the reader changes it before Try again.
  const forgetSavedReason = () => {
    if (!unsubscribed) done.current.delete('reason');
  };
  const blocked = !reason || (other && text.trim() === '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || run.isPending) return;
    run.mutate({
      psnId: person.iPSN_Id,
      entity: person.sEntity,
      productId,
      reasonId: reason.ValueId,
      text: other ? text : '',
    });
  };

  const okay = () => void navigate(successPath);
  const successDialog = (
    <Modal
      opened={run.isSuccess}
      onClose={okay}
      title={texts.success}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <div className={classes.actions}>
        <Button data-autofocus onClick={okay}>
          {texts.ok}
        </Button>
      </div>
    </Modal>
  );
  // Done: the page says so in place of the form (issue 21: the reasons and an Unsubscribe button stayed behind
  // the success dialog, as if nothing had happened), and the dialog's OK leads to the preferences (spec 3 section 2).
  if (run.isSuccess) {
    return (
      <>
        <p className={classes.lead} role="status">
          {texts.doneFrom} <strong>{productName ?? `#${productId}`}</strong>.
        </p>
        <div className={classes.actions}>
          <Button component={Link} to={successPath}>
            {texts.preferencesLink}
          </Button>
        </div>
        {successDialog}
      </>
    );
  }

  const failure = run.error
    ? run.error instanceof UnsubscribeError && run.error.unsubscribed
      ? texts.mailFailed
      : texts.failed
    : undefined;
  const refusal = refusalOf(run.error);

  return (
    <form onSubmit={submit} noValidate>
      {what}
      <Radio.Group
        value={value}
        onChange={(next) => {
          forgetSavedReason();
          setChosen(next);
        }}
        label={texts.reasonsLegend}
        name="reason"
        // Once the reader is out, only the mails are left to send: the reason they gave stays as it was.
        readOnly={unsubscribed}
      >
        <div className={classes.reasons}>
          {list.map((item) => (
            <Radio
              key={item.ValueId}
              value={String(item.ValueId)}
              label={item.text}
              disabled={unsubscribed}
            />
          ))}
        </div>
      </Radio.Group>
      {other && (
        <Textarea
          className={classes.reason}
          label={texts.reason}
          name="otherText"
          required
          rows={4}
          maxLength={matrixConstants.reasonTextMax}
          value={text}
          readOnly={unsubscribed}
          onChange={(event) => {
            forgetSavedReason();
            setText(event.currentTarget.value);
          }}
        />
      )}
      {failure && (
        <FormAlert>
          <p>{failure}</p>
          {refusal && refusal !== failure && <p>{refusal}</p>}
        </FormAlert>
      )}
      <div className={classes.actions}>
        <Button component={Link} to="/" variant="default">
          {texts.cancel}
        </Button>
        <Button type="submit" disabled={blocked} loading={run.isPending}>
          {unsubscribed && run.isError ? texts.retry : texts.unsubscribe}
        </Button>
      </div>
    </form>
  );
}
