import { messagesBlogs } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { AdminOnly } from '../../features/blog-admin/components/admin-only.tsx';
import { PostEditorPage } from '../../features/blog-admin/components/post-editor-page.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /admin/createPost, and ?id={postId} to edit (spec 2 "Post editor"), admins only. */
export default function AdminCreatePostRoute() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  // A malformed id opens the editor's not-found state through the server's answer (0 is never a post).
  const id = raw === '' ? null : /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  usePageTitle(id === null ? messagesBlogs.admin.editor.createTitle : messagesBlogs.admin.editor.editTitle);
  return (
    <AdminOnly>
      <PostEditorPage key={id ?? 'new'} id={id} />
    </AdminOnly>
  );
}
