import { messagesBlogs } from '@portal/contract';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSession } from '../../../lib/session.ts';

/**
 * The blog administration routes are public in the route table (spec 1), so the screen itself refuses anyone
 * but an admin, anonymous readers included, with the other admin screens' refusal. The server refuses the calls.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, ready } = useSession();
  if (!ready) return <PageLoader label={messagesBlogs.admin.loading} />;
  if (user?.type !== 'admin') return <p role="alert">{messagesBlogs.admin.adminOnly}</p>;
  return <>{children}</>;
}
