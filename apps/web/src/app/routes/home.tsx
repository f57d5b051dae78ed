import { ConnectHomeCard } from '../../features/connect/components/connect-home-card.tsx';
import { HomeLists } from '../../features/home/components/home-lists.tsx';
import { ResearchSidePanel } from '../../features/research/components/side-panel.tsx';
import { prefetchLanding } from '../../features/site/api/site-api.ts';
import classes from '../../features/site/components/home-intro.module.css';
import { SiteHome } from '../../features/site/components/site-home.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { HiddenVision, OurPeople } from '../site-home-parts.tsx';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

prefetchLanding();

/**
 * /home: the reader's own lists (issue 11: latest in their sectors, continue reading, saved, Must Read) and
 * CONNECT's card (issue 21: their events and analyst meetings) above the firm's banner, then the landing's content with the Must Read and Most Viewed panel.
 */
export default function HomeRoute() {
  usePageTitle('Home');
  const { user } = useSession();
  const name = user ? firstName(user.full_name) : '';
  return (
    <SiteHome
      variant="home"
      intro={
        <>
          <header className={classes.intro}>
            <p className={classes.eyebrow}>{user?.companyName || 'Home'}</p>
            <h1 className={classes.title}>{name ? `Welcome back, ${name}` : 'Welcome back'}</h1>
          </header>
          {user && <HomeLists userId={user.id} npi={user.type === 'npi'} />}
          {/* CONNECT's card (issue 21): the features meet here, in the app layer, not in each other. */}
          {user && <ConnectHomeCard userId={user.id} />}
        </>
      }
      // Must Read is one of the home's own lists above.
      panel={<ResearchSidePanel mustRead={false} />}
      people={<OurPeople />}
      vision={<HiddenVision />}
    />
  );
}
