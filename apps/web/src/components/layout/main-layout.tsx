import { Outlet } from 'react-router';
import classes from './page-frame.module.css';
import { PageFrame } from './page-frame.tsx';

export function MainLayout() {
  return (
    <PageFrame mainClassName={classes.main}>
      <Outlet />
    </PageFrame>
  );
}
