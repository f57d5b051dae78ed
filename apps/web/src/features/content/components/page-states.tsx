import { Button } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { Link } from 'react-router';
import classes from './content.module.css';
import { PageHeader } from './page-header.tsx';

/** A failed load, announced, with a retry. */
export function PageError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className={classes.state}>
      <p>{messagesSite.pageLoadFailed}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function PageEmpty() {
  return <p className={classes.state}>{messagesSite.contentEmpty}</p>;
}

/**
 * A page the server does not reveal (unknown, or a private parameter name): the same text either way, so the
 * page says nothing about which names exist. Marked noindex while shown.
 */
export function PageMissing() {
  return (
    <div className={classes.page}>
      <meta name="robots" content="noindex" />
      <PageHeader title={messagesSite.pageMissingTitle} lead={messagesSite.pageMissing} />
      <div>
        <Button component={Link} to="/" variant="outline">
          Back to home
        </Button>
      </div>
    </div>
  );
}
