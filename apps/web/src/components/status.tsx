import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './status.module.css';

// The catalogue's load states (research lists, the analyst, sector, company, region and people pages, the home,
// the landing and the report viewer); the admin and CONNECT screens use load-states.tsx, which looks different.

export function LoadingState({ label }: { label: string }) {
  return (
    <div className={classes.state} aria-busy="true">
      <Loader size="sm" role="progressbar" aria-label={label} />
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className={`${classes.state} ${classes.error}`}>
      <p>{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={classes.state}>{children}</p>;
}
