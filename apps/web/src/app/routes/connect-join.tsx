import { useParams } from 'react-router';
import { JoinPage } from '../../features/connect/components/join-page.tsx';

/** /connect/join/{token} (public): where a registrant's unique meeting link leads. */
export default function ConnectJoinRoute() {
  const token = useParams().token ?? '';
  return <JoinPage key={token} token={token} />;
}
