import { Button, Loader } from '@mantine/core';
import { messagesConnect } from '@portal/contract';
import type { ReactNode } from 'react';
import classes from './connect.module.css';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className={classes.state} aria-busy="true">
      <Loader size="sm" aria-label={label} />
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className={`${classes.state} ${classes.stateBox} ${classes.error}`}>
      <p>{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          {messagesConnect.registration.retry}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={`${classes.state} ${classes.stateBox}`}>{children}</div>;
}
