import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';

// One route module for both blog administration routes, importing nothing of its own: the entry chunk names each
// route module and its preloaded files, and the login route's initial JS is at its budget. The screens (admin
// check, title) and their pages load from here.
const Blogs = lazy(() => import('../../features/blog-admin/screens/admin-blogs-screen.tsx'));
const CreatePost = lazy(() => import('../../features/blog-admin/screens/admin-create-post-screen.tsx'));

/** /admin/favorites: Blog Management (spec 2 "Blog administration"), admins only. */
export default function AdminBlogsRoute() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Blogs />
    </Suspense>
  );
}

/** /admin/createPost, and ?id={postId} to edit (spec 2 "Post editor"), admins only. */
export function AdminCreatePostRoute() {
  return (
    <Suspense fallback={<PageLoader />}>
      <CreatePost />
    </Suspense>
  );
}
