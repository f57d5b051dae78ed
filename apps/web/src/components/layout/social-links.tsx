import { type SocialNetwork, socialNetworks } from '@portal/contract';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import classes from './site-header.module.css';

// Simple monochrome marks, drawn in the header's text colour (24 x 24 view box).
const icons: Record<SocialNetwork, string> = {
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4v11H3zM9.5 9.5h3.8v1.6h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1v5.36h-4v-4.75c0-1.13-.02-2.59-1.58-2.59-1.58 0-1.82 1.23-1.82 2.5v4.84h-4z',
  x: 'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77zm-1.08 16.2h1.7L7.4 4.7H5.58z',
  youtube:
    'M23 7.2a3 3 0 0 0-2.1-2.12C19.03 4.6 12 4.6 12 4.6s-7.03 0-8.9.48A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.12c1.87.48 8.9.48 8.9.48s7.03 0 8.9-.48A3 3 0 0 0 23 16.8a31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.75 15.02V8.98L15.5 12z',
  facebook:
    'M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.86.24-1.45 1.48-1.45H16.5V4.47A20 20 0 0 0 14.24 4.35c-2.24 0-3.74 1.36-3.74 3.87v2.28H8v3h2.5V21z',
  instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.75a3.05 3.05 0 1 1 0-6.1 3.05 3.05 0 0 1 0 6.1zM17 6a1.1 1.1 0 1 0 0 2.2A1.1 1.1 0 0 0 17 6zM12 2.5c-2.58 0-2.9.01-3.92.06C5.1 2.7 3.7 4.1 3.56 7.08 3.51 8.1 3.5 8.42 3.5 12s.01 3.9.06 4.92c.14 2.97 1.54 4.38 4.52 4.52 1.02.05 1.34.06 3.92.06s2.9-.01 3.92-.06c2.97-.14 4.38-1.55 4.52-4.52.05-1.02.06-1.34.06-4.92s-.01-3.9-.06-4.92C20.3 4.1 18.9 2.7 15.92 2.56 14.9 2.51 14.58 2.5 12 2.5z',
};

/**
 * The header's social icons (spec 1 section 2.3): the firm's pages (FIRM_SOCIAL), each opening in a new tab and
 * named for what it opens.
 */
export function SocialLinks() {
  const { firm } = getRuntimeConfig();
  if (firm.social.length === 0) return null;
  return (
    <ul className={classes.social} aria-label={`${firm.name} on social media`}>
      {firm.social.map((link) => (
        <li key={link.url}>
          <a className={classes.socialLink} href={link.url} target="_blank" rel="noopener noreferrer">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={icons[link.network]} fill="currentColor" />
            </svg>
            <span className={classes.visuallyHidden}>
              {firm.name} on {socialNetworks[link.network].label} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
