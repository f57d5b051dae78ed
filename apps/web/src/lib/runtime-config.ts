import type { RuntimeConfig } from '@portal/contract';

declare global {
  interface Window {
    /** Set by /config.js, which index.html loads before the app. */
    __PORTAL_CONFIG__?: Partial<RuntimeConfig>;
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
  },
};

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

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
    },
  };
};
