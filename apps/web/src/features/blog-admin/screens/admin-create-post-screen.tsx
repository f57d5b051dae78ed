import { messagesBlogs } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AdminOnly } from '../components/admin-only.tsx';

// The editor is one more lazy step: anyone but an admin gets the refusal without loading Tiptap.
const PostEditorPage = lazy(async () => ({
  default: (await import('../components/post-editor-page.tsx')).PostEditorPage,
}));

/** /admin/createPost, and ?id={postId} to edit (spec 2 "Post editor"), admins only. */
export default function AdminCreatePostScreen() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  // A malformed id opens the editor's not-found state through the server's answer (0 is never a post).
  const id = raw === '' ? null : /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  usePageTitle(id === null ? messagesBlogs.admin.editor.createTitle : messagesBlogs.admin.editor.editTitle);
  return (
    <AdminOnly>
      <Suspense fallback={<PageLoader label={messagesBlogs.admin.loading} />}>
        <PostEditorPage key={id ?? 'new'} id={id} />
      </Suspense>
    </AdminOnly>
  );
}
