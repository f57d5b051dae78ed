import { messages, messagesSite } from '@portal/contract';
import { OurFirmPage } from '../../features/site-admin/components/our-firm-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/OurFirmManagement: the About Us editor (spec 2). The server refuses the save to non-admins too. */
export default function AdminOurFirmRoute() {
  usePageTitle(messagesSite.ourFirm.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messages.auth.forbidden}</p>;
  return <OurFirmPage />;
}
