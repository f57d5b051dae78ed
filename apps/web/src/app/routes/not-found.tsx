import { NotFoundPage } from '../../components/not-found-page.tsx';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
