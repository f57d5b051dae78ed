import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import classes from './page-frame.module.css';
import { PageFrame } from './page-frame.tsx';

export function MainLayout({ header }: { header: ReactNode }) {
  return (
    <PageFrame header={header} mainClassName={classes.main}>
      <Outlet />
    </PageFrame>
  );
}
