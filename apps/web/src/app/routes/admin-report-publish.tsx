import { messagesPublishing as m, messagesAdminUsers } from '@portal/contract';
import { PublishPage } from '../../features/publishing/components/publish-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/reports/new: publish a report (issue 23). The server refuses every call to non-admins as well. */
export default function AdminReportPublishRoute() {
  usePageTitle(m.publishTitle);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messagesAdminUsers.screen.adminOnly}</p>;
  return <PublishPage />;
}
