import { NotAvailablePage } from '../../components/not-available-page.tsx';

export default function NotAvailableRoute() {
  return <NotAvailablePage />;
}
