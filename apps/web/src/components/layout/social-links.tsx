import { type SocialNetwork, socialNetworks } from '@portal/contract';
import {
  type Icon,
  IconBrandFacebookFilled,
  IconBrandInstagramFilled,
  IconBrandLinkedinFilled,
  IconBrandXFilled,
  IconBrandYoutubeFilled,
} from '@tabler/icons-react';
import { getRuntimeConfig } from '../../lib/runtime-config.ts';
import classes from './site-header.module.css';

// The networks' marks, solid in the header's text colour.
const icons: Record<SocialNetwork, Icon> = {
  linkedin: IconBrandLinkedinFilled,
  x: IconBrandXFilled,
  youtube: IconBrandYoutubeFilled,
  facebook: IconBrandFacebookFilled,
  instagram: IconBrandInstagramFilled,
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
      {firm.social.map((link) => {
        const NetworkIcon = icons[link.network];
        return (
          <li key={link.url}>
            <a className={classes.socialLink} href={link.url} target="_blank" rel="noopener noreferrer">
              <NetworkIcon size={18} aria-hidden="true" />
              <span className={classes.visuallyHidden}>
                {firm.name} on {socialNetworks[link.network].label} (opens in a new tab)
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
