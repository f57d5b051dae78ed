import { parseUrl } from './whatwg-url.ts';

/**
 * The header's social icons (spec 1 section 2.3): the firm's pages on the networks we draw an icon for, set with
 * FIRM_SOCIAL (a comma list of https addresses). A network is known by the address's host; anything else is
 * refused (the server at start, the web app when it reads its configuration).
 */
export const socialNetworks = {
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com', 'www.linkedin.com'] },
  x: { label: 'X', hosts: ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'www.youtube.com'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'www.facebook.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com', 'www.instagram.com'] },
} as const;
export type SocialNetwork = keyof typeof socialNetworks;
export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/** The link for an https address on a known network's host (with a path to a page), or null. */
export const socialLinkOf = (value: string): SocialLink | null => {
  const url = parseUrl(value.trim());
  if (!url) return null;
  if (url.protocol !== 'https:' || url.username || url.password || url.port || url.pathname.length < 2)
    return null;
  const host = url.hostname.toLowerCase();
  for (const [network, { hosts }] of Object.entries(socialNetworks) as [
    SocialNetwork,
    (typeof socialNetworks)[SocialNetwork],
  ][]) {
    if ((hosts as readonly string[]).includes(host)) return { network, url: url.href };
  }
  return null;
};
