import { messagesBlogs } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AdminOnly } from '../components/admin-only.tsx';

// The heavy page is one more lazy step: anyone but an admin gets the refusal without loading dnd-kit or Tiptap.
const BlogManagementPage = lazy(async () => ({
  default: (await import('../components/blog-management-page.tsx')).BlogManagementPage,
}));

/** /admin/favorites: Blog Management (spec 2 "Blog administration"), admins only. */
export default function AdminBlogsScreen() {
  usePageTitle(messagesBlogs.admin.title);
  return (
    <AdminOnly>
      <Suspense fallback={<PageLoader label={messagesBlogs.admin.loading} />}>
        <BlogManagementPage />
      </Suspense>
    </AdminOnly>
  );
}
