import { aoiTypeFromSegment, messagesSite } from '@portal/contract';
import { Link, useParams } from 'react-router';
import { ContactForm } from '../../features/site/components/contact-form.tsx';
import classes from '../../features/site/components/contact-page.module.css';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { telHref } from '../../lib/tel-href.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /AOI/{type}: the Investor form when the segment is 'Investor', the Analyst form otherwise (spec 3 section 2). */
export default function AreaOfInterestRoute() {
  const type = aoiTypeFromSegment(useParams().type);
  const other = type === 'Investor' ? 'Analyst' : 'Investor';
  const { firm } = getRuntimeConfig();
  usePageTitle(`${type} enquiry`);
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Contact us</p>
        <h1 className={classes.title}>{type} enquiry</h1>
        <p className={classes.lead}>{messagesSite.aoiText}</p>
      </header>
      <div className={classes.columns}>
        {/* Keyed by type: switching between the two forms starts a fresh one. */}
        <ContactForm key={type} type={type} />
        <aside className={classes.aside} aria-labelledby="aoi-direct">
          <h2 id="aoi-direct" className={classes.asideTitle}>
            Reach us directly
          </h2>
          <ul className={classes.asideList}>
            <li>
              <a href={`mailto:${firm.email}`}>{firm.email}</a>
            </li>
            <li>
              <a href={telHref(firm.phone)}>{firm.phone}</a>
            </li>
          </ul>
          <p className={classes.switch}>
            Not an {type.toLowerCase()}? <Link to={`/AOI/${other}`}>Use the {other} form</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
