import { messages, messagesSite } from '@portal/contract';
import { TeamPage } from '../../features/site-admin/components/team-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/team-management: Team Management, Sort Our People (spec 2). The server refuses the save to non-admins. */
export default function AdminTeamRoute() {
  usePageTitle(messagesSite.team.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messages.auth.forbidden}</p>;
  return <TeamPage />;
}
