import { useParams } from 'react-router';
import { EventPage } from '../../features/connect/components/event-page.tsx';

/** /connect/registration/{id}: one event. An id that is no positive integer is an event that is not there. */
export default function ConnectEventRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : 0;
  return <EventPage key={id} eventId={id} />;
}
