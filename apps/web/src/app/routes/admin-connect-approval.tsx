import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// A thin route module importing nothing of its own (the entry chunk lists each route module's preloads, and the
// login route's initial JS is at its budget): the screen and its texts load from here.
const Screen = lazy(() => import('../../features/connect-admin/screens/approval-screen.tsx'));

/** /admin/connect/approval: CONNECT Approval (spec 3 section 2), admins only. */
export default function AdminConnectApprovalRoute() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
