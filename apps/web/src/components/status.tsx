import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './pages.module.css';

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
