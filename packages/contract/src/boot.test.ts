import { describe, expect, it } from 'vitest';
import { bootCallsOf, pdfWorkerScreens } from './boot.ts';

describe('boot calls', () => {
  it("names the session for every screen, and the landing's, About's and the viewer's first data", () => {
    expect(bootCallsOf('research', '/research')).toEqual(['/users/me']);
    expect(bootCallsOf('landing', '/')).toEqual(['/users/me', '/landing']);
    expect(bootCallsOf('about', '/about')).toEqual(['/users/me', '/content']);
    expect(bootCallsOf('reportViewer', '/reports/42_some-title')).toEqual(['/users/me', '/report/S-42']);
    expect(bootCallsOf('reportViewer', '/REPORTS/h-42/')).toEqual(['/users/me', '/report/H-42']);
  });

  it('starts no report call for a segment that names none, a webcast or the rfs link', () => {
    for (const path of ['/reports/abc', '/reports/0', '/reports/%E0%A4%A', '/rfs.htm'])
      expect(bootCallsOf('reportViewer', path), path).toEqual(['/users/me']);
    expect(pdfWorkerScreens.has('reportViewer')).toBe(true);
    expect(pdfWorkerScreens.has('landing')).toBe(false);
  });
});
