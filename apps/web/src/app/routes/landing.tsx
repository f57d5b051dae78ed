import { prefetchLanding } from '../../features/site/api/site-api.ts';
import classes from '../../features/site/components/home-intro.module.css';
import { SiteHome } from '../../features/site/components/site-home.tsx';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { HiddenVision, OurPeople } from '../site-home-parts.tsx';

prefetchLanding();

/** / (secondary layout): the public landing page of spec 1 section 2.4. */
export default function LandingRoute() {
  usePageTitle('');
  const { firm } = getRuntimeConfig();
  return (
    <SiteHome
      variant="landing"
      intro={<h1 className={classes.hiddenTitle}>{firm.name}</h1>}
      people={<OurPeople />}
      vision={<HiddenVision />}
    />
  );
}
