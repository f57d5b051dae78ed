import { messagesAdminUsers as m } from '@portal/contract';
import { useParams } from 'react-router';
import { FirmPage } from '../../features/admin-users/components/firm-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/firms/{id} (ours): a firm's seats and people, linked from a person's drawer. */
export default function AdminFirmRoute() {
  usePageTitle(m.firm.title);
  const { user } = useSession();
  const { id = '' } = useParams();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{m.screen.adminOnly}</p>;
  // The server checks the id again; a malformed one answers its 4xx message through the page's error state.
  const firmId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return <FirmPage key={firmId} id={firmId} />;
}
