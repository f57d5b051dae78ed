import { prefetchLanding } from '../../features/site/api/site-api.ts';
import classes from '../../features/site/components/home-intro.module.css';
import { SiteHome } from '../../features/site/components/site-home.tsx';
import { useSession } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

prefetchLanding();

/** /home: the signed-in variant of the landing, with the reader's Must Read and Most Viewed lists. */
export default function HomeRoute() {
  usePageTitle('Home');
  const { user } = useSession();
  const name = user ? firstName(user.full_name) : '';
  return (
    <SiteHome
      variant="home"
      intro={
        <header className={classes.intro}>
          <p className={classes.eyebrow}>{user?.companyName || 'Home'}</p>
          <h1 className={classes.title}>{name ? `Welcome back, ${name}` : 'Welcome back'}</h1>
        </header>
      }
    />
  );
}
