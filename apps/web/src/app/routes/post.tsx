import { useParams } from 'react-router';
import { PostPage } from '../../features/blogs/components/post-page.tsx';

/** /post/{id}: the post reader. An id that is no positive integer is a post that is not there. */
export default function PostRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) ? Number(param) : 0;
  return <PostPage key={id} postId={id <= 2_147_483_647 ? id : 0} />;
}
