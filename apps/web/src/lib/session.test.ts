import { storageKeys } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { postLoginTarget, safeRelativeUrl } from './session.ts';

const user = { returnUrl: '' };

describe('post-login target (spec 1 sections 2.2 and 2.5)', () => {
  it('goes to the redirect address keeping the rest of the query', () => {
    expect(postLoginTarget('/login', '?redirectUrl=%2Freports%2F12%3Fa%3D1&b=2', user)).toBe(
      '/reports/12?a=1&b=2',
    );
  });
  it('goes home without a redirect, or when the redirect is the root', () => {
    expect(postLoginTarget('/login', '', user)).toBe('/home');
    expect(postLoginTarget('/login', '?redirectUrl=%2F', user)).toBe('/home');
  });
  it('refuses redirects to other sites', () => {
    expect(postLoginTarget('/login', '?redirectUrl=https%3A%2F%2Fevil.example', user)).toBe('/home');
    expect(postLoginTarget('/login', '?redirectUrl=%2F%2Fevil.example', user)).toBe('/home');
    expect(safeRelativeUrl('/\\evil.example')).toBeUndefined();
  });
  it('normalises dot segments, encodings and backslashes before judging, and falls back to the home (issue 21)', () => {
    for (const redirect of [
      '%2F..%2F%2Fevil.example%2Fphish',
      '/.//evil',
      '/%2e%2e//evil',
      '/%2E%2E//evil',
      '/home/..//evil',
      '/home/%2e%2e/%2fevil.example',
      '/%252e%252e//evil',
      '/%252F%252Fevil.example',
      '/\\evil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example',
    ]) {
      expect(safeRelativeUrl(redirect), redirect).toBeUndefined();
      expect(postLoginTarget('/login', `?redirectUrl=${encodeURIComponent(redirect)}`, user), redirect).toBe(
        '/home',
      );
    }
    // The exact address of the issue, as it stands in the address bar.
    expect(postLoginTarget('/login', '?redirectUrl=%2F..%2F%2Fevil.example%2Fphish', user)).toBe('/home');
  });
  it('keeps same-origin paths, resolved, with their query and hash', () => {
    expect(safeRelativeUrl('/reports/12?a=1#page=2')).toBe('/reports/12?a=1#page=2');
    expect(safeRelativeUrl('/home/../settings')).toBe('/settings');
    expect(safeRelativeUrl('/search?q=copper%20price')).toBe('/search?q=copper%20price');
    expect(safeRelativeUrl('/search?next=%2F%2Fevil')).toBe('/search?next=%2F%2Fevil');
  });
  it('sends /login/signupPreference to the subscription preferences', () => {
    expect(postLoginTarget('/login/signupPreference', '?redirectUrl=%2Fsettings', user)).toBe(
      '/subscriptionPreference/home',
    );
  });
  it("uses the remembered path when the user's returnUrl is '/'", () => {
    localStorage.setItem(storageKeys.prevUrl, '/blogs?page=2');
    expect(postLoginTarget('/login', '', { returnUrl: '/' })).toBe('/blogs?page=2');
    localStorage.setItem(storageKeys.prevUrl, '/');
    expect(postLoginTarget('/login', '', { returnUrl: '/' })).toBe('/home');
  });
});
