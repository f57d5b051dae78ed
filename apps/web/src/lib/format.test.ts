import { afterEach, describe, expect, it } from 'vitest';
import { imageUrl } from './format.ts';

describe('imageUrl', () => {
  afterEach(() => {
    window.__PORTAL_CONFIG__ = undefined;
  });
  it('serves storage keys of public media folders through the API', () => {
    expect(imageUrl('analysts/200101.png')).toBe('/api/media/analysts/200101.png');
    window.__PORTAL_CONFIG__ = {
      apiBase: 'https://api.example/api',
      firm: { name: 'F', email: 'e@f.example', phone: '1', address: 'A' },
    };
    expect(imageUrl('sectors/10000131.webp')).toBe('https://api.example/api/media/sectors/10000131.webp');
  });
  it('passes absolute and root paths and refuses everything else', () => {
    expect(imageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrl('/assets/a.png')).toBe('/assets/a.png');
    expect(imageUrl('//evil.example/a.png')).toBeUndefined();
    expect(imageUrl('demo/reports/0001.pdf')).toBeUndefined();
    expect(imageUrl('analysts/../demo/x.png')).toBeUndefined();
    expect(imageUrl(null)).toBeUndefined();
  });
});
