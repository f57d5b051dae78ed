import { messages, messagesSliders } from '@portal/contract';
import { SliderPage } from '../../features/site-admin/components/slider-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/site-management: Homepage Slider and header images (spec 2). The server refuses every write to non-admins. */
export default function AdminSiteRoute() {
  usePageTitle(messagesSliders.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messages.auth.forbidden}</p>;
  return <SliderPage />;
}
