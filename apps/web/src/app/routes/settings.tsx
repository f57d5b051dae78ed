import { Title } from '@mantine/core';
import { messages, subscriptionMessages } from '@portal/contract';
import { Link } from 'react-router';
import { AccountSummary } from '../../features/auth/components/account-summary.tsx';
import { AdminTools } from '../../features/auth/components/admin-tools.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import classes from '../../features/auth/components/settings.module.css';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /settings: account summary, change password and, for admins, the admin tools (spec 1 section 5, spec 2). */
export default function SettingsRoute() {
  usePageTitle('Settings');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        Settings
      </Title>
      <section className={classes.section} aria-labelledby="settings-account">
        <Title order={2} id="settings-account" className={classes.sectionTitle}>
          Account
        </Title>
        <AccountSummary user={user} />
      </section>
      <section className={classes.section} aria-labelledby="settings-research">
        <Title order={2} id="settings-research" className={classes.sectionTitle}>
          {messages.readerLinks.menu}
        </Title>
        <p>{messages.readerLinks.settingsIntro}</p>
        <ul className={classes.links}>
          <li>
            <Link to="/search">{messages.readerLinks.researchList}</Link>
          </li>
          <li>
            <Link to="/SavedResearches">{messages.readerLinks.savedResearch}</Link>
          </li>
          <li>
            {/* Back and Save of this route's preferences return here (spec 3 section 2). */}
            <Link to="/subscriptionPreference/settings">
              {subscriptionMessages.preferences.titleFallback}
            </Link>
          </li>
        </ul>
      </section>
      <section className={classes.section} aria-labelledby="settings-password">
        <Title order={2} id="settings-password" className={classes.sectionTitle}>
          Change password
        </Title>
        <ChangePasswordForm />
      </section>
      {user.type === 'admin' && (
        <section className={classes.section} aria-labelledby="settings-admin">
          <Title order={2} id="settings-admin" className={classes.sectionTitle}>
            Admin tools
          </Title>
          <AdminTools />
        </section>
      )}
    </div>
  );
}
