import { afterEach, describe, expect, it } from 'vitest';
import { getRuntimeConfig } from './runtime-config.ts';

const setConfig = (value: unknown) => {
  window.__PORTAL_CONFIG__ = value as Window['__PORTAL_CONFIG__'];
};

describe('getRuntimeConfig', () => {
  afterEach(() => {
    window.__PORTAL_CONFIG__ = undefined;
  });

  it("uses the server's defaults without /config.js", () => {
    expect(getRuntimeConfig().firm).toMatchObject({
      name: 'Harbourline Research',
      offices: ['Hong Kong', 'Singapore', 'London', 'New York'],
      colors: { primary: '#0b2545', accent: '#c9a96e' },
      logoUrl: null,
    });
  });

  it("reads the firm's offices, colours and logo", () => {
    setConfig({
      firm: {
        offices: ['Zurich', 'Geneva'],
        colors: { primary: '#1B4332', accent: '#d8f3dc' },
        logoUrl: '/api/media/brand/logo.svg',
      },
    });
    expect(getRuntimeConfig().firm).toMatchObject({
      name: 'Harbourline Research',
      offices: ['Zurich', 'Geneva'],
      colors: { primary: '#1b4332', accent: '#d8f3dc' },
      logoUrl: '/api/media/brand/logo.svg',
    });
  });

  it("keeps the firm's social pages on known networks over https, and drops anything else", () => {
    setConfig({
      firm: {
        social: [
          { network: 'linkedin', url: 'https://www.linkedin.com/company/quayside' },
          { network: 'x', url: 'javascript:alert(1)' },
          { network: 'youtube', url: 'https://evil.example/@quayside' },
          'https://x.com/quayside',
          null,
          { url: 'https://x.com/quayside' },
        ],
      },
    });
    expect(getRuntimeConfig().firm.social).toEqual([
      { network: 'linkedin', url: 'https://www.linkedin.com/company/quayside' },
      { network: 'x', url: 'https://x.com/quayside' },
    ]);
    setConfig({ firm: { social: 'https://x.com/quayside' } });
    expect(getRuntimeConfig().firm.social).toEqual([]);
  });

  it('falls back field by field on malformed values', () => {
    for (const firm of [
      { offices: 'Zurich', colors: { primary: 'green', accent: '#d8f3dc' }, logoUrl: '//evil.example/x.svg' },
      { offices: ['Zurich', ''], colors: { primary: '#8899aa', accent: '#ffffff' }, logoUrl: 'javascript:x' },
      { offices: [], colors: null, logoUrl: 42 },
    ]) {
      setConfig({ firm: { name: 'Quayside', ...firm } });
      expect(getRuntimeConfig().firm).toMatchObject({
        name: 'Quayside',
        offices: ['Hong Kong', 'Singapore', 'London', 'New York'],
        colors: { primary: '#0b2545', accent: '#c9a96e' },
        logoUrl: null,
      });
    }
  });
});
