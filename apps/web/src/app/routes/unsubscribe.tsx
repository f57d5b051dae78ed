import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { UnsubscribePage } from '../../features/subscriptions/components/unsubscribe-page.tsx';

/** /unsubscribe/{id}: a product or sector id, 0 for our research e-mails; anything but digits is no page. */
export default function UnsubscribeRoute() {
  const id = useParams().id ?? '';
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return <NotFoundPage />;
  return <UnsubscribePage key={id} productId={Number(id)} />;
}
