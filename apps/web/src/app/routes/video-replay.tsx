import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ReplayPage } from '../../features/videos/components/replay-page.tsx';

/** /connect/videos/{id}: one replay in the player (a reader who is not signed in is sent to sign in). */
export default function VideoReplayRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) ? Number(param) : 0;
  if (id < 1 || id > 2_147_483_647) return <NotFoundPage />;
  // keyed by the replay: going from one to another (the side panel's links) starts the player afresh, its film too
  return <ReplayPage key={id} id={id} />;
}
