import { describe, expect, it } from 'vitest';
import { matchWebRoute } from './web-routes.ts';

describe('web route table', () => {
  it('matches case-insensitively, with parameter segments and an optional trailing slash', () => {
    expect(matchWebRoute('/LOGIN')?.screen).toBe('login');
    expect(matchWebRoute('/login/signupPreference')?.screen).toBe('login');
    expect(matchWebRoute('/savedresearches/')?.access).toBe('auth');
    expect(matchWebRoute('/reports/123_some-title')?.screen).toBe('reportViewer');
    expect(matchWebRoute('/rfs.htm')?.screen).toBe('reportViewer');
  });
  it('finds nothing for unknown paths', () => {
    expect(matchWebRoute('/nope')).toBeUndefined();
    expect(matchWebRoute('/rfsxhtm')).toBeUndefined();
    expect(matchWebRoute('/reports/1/extra')).toBeUndefined();
  });
});
