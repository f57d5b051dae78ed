import { Button, Title } from '@mantine/core';
import { subscriptionMessages } from '@portal/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormAlert, FormSuccess } from '../../../components/forms/form-feedback.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePersonAccess } from '../hooks/use-person-access.ts';
import { EnterEmailDialog } from './unsubscribe-email-dialog.tsx';
import { UnsubscribeForm } from './unsubscribe-form.tsx';
import classes from './unsubscribe-page.module.css';

const texts = subscriptionMessages.unsubscribe;

/** A visitor we do not know (or whose link was refused): the Enter Email way, with sign-in as another. */
function UnknownVisitor({ productId, invalidLink }: { productId: number; invalidLink: boolean }) {
  const [opened, setOpened] = useState(true);
  const [sent, setSent] = useState(false);
  const here = `/unsubscribe/${productId}`;
  return (
    <>
      {invalidLink && (
        <FormAlert>
          <p>{subscriptionMessages.errors.linkInvalid}</p>
        </FormAlert>
      )}
      {sent ? (
        <FormSuccess>
          <p>{texts.linkSent}</p>
        </FormSuccess>
      ) : (
        <p className={classes.lead}>{texts.enterEmailText}</p>
      )}
      <div className={classes.actions}>
        <Button component={Link} to={`/login?redirectUrl=${encodeURIComponent(here)}`} variant="default">
          {texts.signIn}
        </Button>
        <Button onClick={() => setOpened(true)}>{texts.enterEmailTitle}</Button>
      </div>
      <EnterEmailDialog
        opened={opened}
        onClose={() => setOpened(false)}
        productId={productId}
        onSent={() => setSent(true)}
      />
    </>
  );
}

/**
 * /unsubscribe/{id} (spec 3 sections 2, 4 and 5; id is a product or sector id, 0 our research e-mails): the
 * reasons form for the signed-in reader or the holder of an e-mailed link (?token=, redeemed once), else the
 * Enter Email dialog that mails such a link.
 */
export function UnsubscribePage({ productId }: { productId: number }) {
  usePageTitle(texts.title);
  const [params] = useSearchParams();
  const access = usePersonAccess({ token: params.get('token') });
  return (
    <section className={classes.wrap}>
      <div className={classes.card}>
        <Title order={1} className={classes.title}>
          {texts.title}
        </Title>
        {access.status === 'loading' && <PageLoader label={texts.title} />}
        {access.status === 'ready' && access.person && (
          <UnsubscribeForm productId={productId} person={access.person} />
        )}
        {(access.status === 'signedOut' || access.status === 'invalidLink') && (
          <UnknownVisitor productId={productId} invalidLink={access.status === 'invalidLink'} />
        )}
      </div>
    </section>
  );
}
