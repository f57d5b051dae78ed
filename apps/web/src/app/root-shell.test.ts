import { describe, expect, it } from 'vitest';
import { httpsRedirectTarget, isRememberedPath } from './root-shell.tsx';

describe('root shell rules', () => {
  it('remembers every path but /signup, /login, /verify and their sub-paths', () => {
    expect(isRememberedPath('/about')).toBe(true);
    expect(isRememberedPath('/verifyCookieEmail')).toBe(true);
    expect(isRememberedPath('/login')).toBe(false);
    expect(isRememberedPath('/Login/signupPreference')).toBe(false);
    expect(isRememberedPath('/signup')).toBe(false);
    expect(isRememberedPath('/verify')).toBe(false);
  });
  it('forces https only when an rfsUrl query is present on plain http', () => {
    expect(httpsRedirectTarget('http://portal.example/rfs.htm?rfsUrl=abc')).toBe(
      'https://portal.example/rfs.htm?rfsUrl=abc',
    );
    expect(httpsRedirectTarget('https://portal.example/rfs.htm?rfsUrl=abc')).toBeUndefined();
    expect(httpsRedirectTarget('http://portal.example/about')).toBeUndefined();
  });
  it('leaves loopback addresses on http (secure contexts without TLS)', () => {
    expect(httpsRedirectTarget('http://127.0.0.1:9001/rfs.htm?rfsUrl=abc')).toBeUndefined();
    expect(httpsRedirectTarget('http://localhost:9001/rfs.htm?rfsUrl=abc')).toBeUndefined();
    expect(httpsRedirectTarget('http://[::1]:9001/rfs.htm?rfsUrl=abc')).toBeUndefined();
    expect(httpsRedirectTarget('http://127.0.0.2/rfs.htm?rfsUrl=abc')).toBe(
      'https://127.0.0.2/rfs.htm?rfsUrl=abc',
    );
  });
});
