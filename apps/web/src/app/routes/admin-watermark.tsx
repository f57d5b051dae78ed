import { messages, messagesSettingsAdmin } from '@portal/contract';
import { WatermarkPage } from '../../features/settings-admin/components/watermark-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/watermark: the watermark configurations with a live preview (issue 24). The server refuses non-admins too. */
export default function AdminWatermarkRoute() {
  usePageTitle(messagesSettingsAdmin.watermark.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messages.auth.forbidden}</p>;
  return <WatermarkPage />;
}
