import { messagesBlogs } from '@portal/contract';
import { AdminOnly } from '../../features/blog-admin/components/admin-only.tsx';
import { BlogManagementPage } from '../../features/blog-admin/components/blog-management-page.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/favorites: Blog Management (spec 2 "Blog administration"), admins only. */
export default function AdminBlogsRoute() {
  usePageTitle(messagesBlogs.admin.title);
  return (
    <AdminOnly>
      <BlogManagementPage />
    </AdminOnly>
  );
}
