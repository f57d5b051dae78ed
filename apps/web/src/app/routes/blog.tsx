import { useParams } from 'react-router';
import { BlogLanding } from '../../features/blogs/components/blog-landing.tsx';

/**
 * /blogs/{key} (one blog's published posts; the favourites menu links here) and, without a key, /blogs (every
 * blog's posts under the default header).
 */
export default function BlogRoute() {
  const key = useParams().id;
  return <BlogLanding key={key ?? ''} blogKey={key || undefined} />;
}
