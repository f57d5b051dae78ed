import type { ReactNode } from 'react';
import classes from './form-feedback.module.css';

/** A failure under a form; role="alert" so it is announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={classes.alert}>
      {children}
    </div>
  );
}

/** A completed action, announced politely. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={classes.success}>
      {children}
    </div>
  );
}
