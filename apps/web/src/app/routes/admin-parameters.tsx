import { messages, messagesSettingsAdmin } from '@portal/contract';
import { ParametersPage } from '../../features/settings-admin/components/parameters-page.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/parameters: the configuration parameters by type (issue 24). The server refuses non-admins too. */
export default function AdminParametersRoute() {
  usePageTitle(messagesSettingsAdmin.parameters.title);
  const { user } = useSession();
  if (!user) return null;
  if (user.type !== 'admin') return <p role="alert">{messages.auth.forbidden}</p>;
  return <ParametersPage />;
}
