import { messagesPublishing as m, messagesAdminUsers } from '@portal/contract';
import { useParams } from 'react-router';
import { EditPage } from '../../features/publishing/components/edit-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/reports/{id}/edit: edit, replace the file of, or withdraw a report (issue 23). Admins only, server too. */
export default function AdminReportEditRoute() {
  usePageTitle(m.editTitle);
  const { user } = useSession();
  const { id } = useParams();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messagesAdminUsers.screen.adminOnly}</p>;
  const reportId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : null;
  if (!reportId) return <p role="alert">{m.errors.notFound}</p>;
  return <EditPage key={reportId} id={reportId} />;
}
