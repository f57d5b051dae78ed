import { BlogLanding } from '../../features/blogs/components/blog-landing.tsx';

/** /blogs: every blog's published posts under the default header (spec 1, spec 2 "Public blog screens"). */
export default function BlogsRoute() {
  return <BlogLanding />;
}
