import { messagesReportAdmin as m } from '@portal/contract';
import { ReportManagementPage } from '../../features/report-admin/components/report-management-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/reports: Report Management (spec 2 "Report Management"). The server refuses every call to non-admins too. */
export default function AdminReportsRoute() {
  usePageTitle(m.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{m.adminOnly}</p>;
  return <ReportManagementPage />;
}
