import { messagesConnect } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

const m = messagesConnect.approval;

// The page (tables, tabs, toasts) is one more lazy step: anyone but an admin gets the refusal without loading it.
const ApprovalPage = lazy(async () => ({
  default: (await import('../components/approval-page.tsx')).ApprovalPage,
}));

/** /admin/connect/approval: CONNECT Approval (spec 3 section 2), admins only; the server refuses others too. */
export default function ApprovalScreen() {
  usePageTitle(m.title);
  const { user, ready } = useSession();
  if (!ready) return <PageLoader label={m.loading} />;
  if (user?.type !== 'admin') return <p role="alert">{m.adminOnly}</p>;
  return (
    <Suspense fallback={<PageLoader label={m.loading} />}>
      <ApprovalPage />
    </Suspense>
  );
}
