import { Link } from 'react-router';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import { telHref } from '../../lib/tel-href.ts';
import type { RfsMode } from './rfs-mode.ts';
import classes from './site-footer.module.css';

const firmLinks = [
  { to: '/about', label: 'About' },
  { to: '/people', label: 'Team' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact Us' },
];
const legalLinks = [
  { to: '/regulatory', label: 'Regulatory Disclosures' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
];

/** `rfs`: the page's ?rfsUrl mode (spec 1 section 2.2), read by the page frame: the links lead to sign-in first. */
export function SiteFooter({ rfs }: { rfs: RfsMode }) {
  const { firm } = getRuntimeConfig();
  const year = new Date().getFullYear();
  const target = (to: string) => rfs?.footerTo(to) ?? to;
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.brand}>
          {/* The brand block's heading (axe p-as-heading: a bold, larger <p> read as a heading it was not). */}
          <h2 className={classes.firm}>{firm.name}</h2>
          <p className={classes.tagline}>Independent investment research and advisory.</p>
          <address className={classes.address}>{firm.address}</address>
        </div>
        <nav aria-label="Footer" className={classes.columns}>
          <div>
            <h2 className={classes.heading}>Firm</h2>
            <ul className={classes.list}>
              {firmLinks.map((link) => (
                <li key={link.to}>
                  <Link to={target(link.to)} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={classes.heading}>Legal</h2>
            <ul className={classes.list}>
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={target(link.to)} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div>
          <h2 className={classes.heading}>Client support</h2>
          <ul className={classes.list}>
            <li>
              <a className={classes.link} href={telHref(firm.phone)}>
                {firm.phone}
              </a>
            </li>
            <li>
              <a className={classes.link} href={`mailto:${firm.email}`}>
                {firm.email}
              </a>
            </li>
          </ul>
          <h2 className={classes.heading}>Offices</h2>
          <p className={classes.offices}>{firm.offices.join(' · ')}</p>
        </div>
      </div>
      <div className={classes.bottom}>
        <p>
          © {year} {firm.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
