import { Button, Loader } from '@mantine/core';
import { messagesBlogs } from '@portal/contract';
import type { ReactNode } from 'react';
import classes from './blogs.module.css';

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
          {messagesBlogs.reader.retry}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={`${classes.state} ${classes.stateBox}`}>{children}</div>;
}

/** A padlock before 'Subscribers only' / 'Sign in to read'. */
export function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="5" y="11" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
