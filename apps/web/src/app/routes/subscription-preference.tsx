import { useParams, useSearchParams } from 'react-router';
import { PreferencesPage } from '../../features/subscriptions/components/preferences-page.tsx';

/**
 * /subscriptionPreference/{back} (spec 3 section 2): 'settings' leads Back to /settings, anything else (the
 * sign-up path's 'home') to /. A `token` from one of our mails lets a visitor who is not signed in act for the
 * person it names.
 */
export default function SubscriptionPreferenceRoute() {
  const back = useParams().back ?? '';
  const [search] = useSearchParams();
  return <PreferencesPage back={back} token={search.get('token')} />;
}
