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
