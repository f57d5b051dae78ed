import { RegistrationPage } from '../../features/connect/components/registration-page.tsx';

/** /connect/registration: the upcoming CONNECT events (spec 3 section 2). */
export default function ConnectRegistrationRoute() {
  return <RegistrationPage />;
}
