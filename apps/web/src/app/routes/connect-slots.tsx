import { useParams } from 'react-router';
import { SlotsPage } from '../../features/connect/components/slots-page.tsx';

/** /connect/slots/{objectId}: the open slots of one analyst's calendar (iCAO_ObjId). */
export default function ConnectSlotsRoute() {
  const param = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : 0;
  return <SlotsPage key={id} objectId={id} />;
}
