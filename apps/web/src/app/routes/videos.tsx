import { messagesVideos } from '@portal/contract';
import { VideosPage } from '../../features/videos/components/videos-page.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /connect/videos (signed in; the route guard sends others to sign in): the replay list. */
export default function VideosRoute() {
  usePageTitle(messagesVideos.listTitle);
  return <VideosPage />;
}
