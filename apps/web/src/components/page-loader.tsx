import { Loader } from '@mantine/core';
import classes from './page-loader.module.css';

/** A small, announced loading indicator for route and data waits. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={classes.root} role="status">
      <Loader size="sm" color="navy.8" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
