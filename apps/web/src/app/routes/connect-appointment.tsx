import { useParams } from 'react-router';
import { AppointmentPage } from '../../features/connect/components/appointment-page.tsx';

/** /connect/appointment and /connect/appointment/{analystId}: the analyst's id chooses the analyst. */
export default function ConnectAppointmentRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
  return <AppointmentPage analystId={id} />;
}
