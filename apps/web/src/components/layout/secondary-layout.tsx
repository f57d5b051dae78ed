import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import classes from './page-frame.module.css';
import { PageFrame } from './page-frame.tsx';

/** The landing layout: full-bleed content between the same header and footer. */
export function SecondaryLayout({ header }: { header: ReactNode }) {
  return (
    <PageFrame header={header} mainClassName={classes.secondary}>
      <Outlet />
    </PageFrame>
  );
}
