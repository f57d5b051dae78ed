import {
  brandColorProblems,
  defaultBrandColors,
  type RuntimeConfig,
  type SocialLink,
  socialLinkOf,
} from '@portal/contract';

declare global {
  interface Window {
    /** Set by /config.js, which index.html loads before the app. */
    __PORTAL_CONFIG__?: { apiBase?: string; firm?: Partial<RuntimeConfig['firm']> };
  }
}

// Used when /config.js is missing (e.g. the Vite dev server without the API): the firm defaults of the server.
const defaults: RuntimeConfig = {
  apiBase: '/api',
  firm: {
    name: 'Harbourline Research',
    email: 'clientservices@harbourline.example',
    phone: '+852 3000 8000',
    address: 'Two Exchange Square, 8 Connaught Place, Central, Hong Kong',
    offices: ['Hong Kong', 'Singapore', 'London', 'New York'],
    colors: { ...defaultBrandColors },
    logoUrl: null,
    social: [],
  },
};

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const offices = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every(isText) ? value : defaults.firm.offices;

// The server has checked the pair already; a pair that is not usable as a whole falls back as a whole, so the
// contrast the check guarantees still holds.
const colors = (value: unknown): RuntimeConfig['firm']['colors'] => {
  const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const pair = { primary: given.primary, accent: given.accent };
  if (typeof pair.primary !== 'string' || typeof pair.accent !== 'string') return defaults.firm.colors;
  const usable = { primary: pair.primary.toLowerCase(), accent: pair.accent.toLowerCase() };
  return Object.keys(brandColorProblems(usable)).length === 0 ? usable : defaults.firm.colors;
};

// Only a same-origin path: the logo is an image of the media route.
const logoUrl = (value: unknown) => (isText(value) && /^\/(?!\/)/.test(value) ? value : null);

// Only https pages on the networks the header draws (the server has checked them already).
const social = (value: unknown): SocialLink[] =>
  Array.isArray(value)
    ? value.flatMap((item) => {
        const link = isText((item as { url?: unknown } | null)?.url) ? socialLinkOf(item.url) : null;
        return link ? [link] : [];
      })
    : [];

/** Reads window.__PORTAL_CONFIG__ field by field, so a partial or malformed config still yields usable values. */
export const getRuntimeConfig = (): RuntimeConfig => {
  const raw = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__;
  const firm: Partial<RuntimeConfig['firm']> = raw?.firm ?? {};
  return {
    apiBase: text(raw?.apiBase, defaults.apiBase).replace(/\/+$/, ''),
    firm: {
      name: text(firm.name, defaults.firm.name),
      email: text(firm.email, defaults.firm.email),
      phone: text(firm.phone, defaults.firm.phone),
      address: text(firm.address, defaults.firm.address),
      offices: offices(firm.offices),
      colors: colors(firm.colors),
      logoUrl: logoUrl(firm.logoUrl),
      social: social(firm.social),
    },
  };
};
