import { messagesAdminUsers as m } from '@portal/contract';
import { UsersPage } from '../../features/admin-users/components/users-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/users: Users Management (spec 2 sections 2-9). The server refuses every call to non-admins as well. */
export default function AdminUsersRoute() {
  usePageTitle(m.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{m.screen.adminOnly}</p>;
  return <UsersPage />;
}
