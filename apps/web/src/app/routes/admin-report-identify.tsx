import { messagesLeakTracing as m, messagesAdminUsers } from '@portal/contract';
import { IdentifyCopyPage } from '../../features/leak-tracing/components/identify-copy-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/reports/identify: "Identify a copy" (issue 23). The server refuses the call to non-admins as well. */
export default function AdminReportIdentifyRoute() {
  usePageTitle(m.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messagesAdminUsers.screen.adminOnly}</p>;
  return <IdentifyCopyPage />;
}
