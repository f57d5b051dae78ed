import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './load-states.module.css';

/** The states of a screen's data (spec 3 section 4: loading, then success or failure), shared by the features. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className={classes.loading} aria-busy="true">
      <Loader size="sm" role="progressbar" aria-label={label} />
    </div>
  );
}

/** A failed load, said as an alert, with a retry when the screen can load again. */
export function ErrorState(
  props: { message: string } & ({ onRetry: () => void; retryLabel: string } | { onRetry?: undefined }),
) {
  return (
    <div role="alert" className={`${classes.state} ${classes.error}`}>
      <p>{props.message}</p>
      {props.onRetry && (
        <Button variant="outline" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={classes.state}>{children}</div>;
}
