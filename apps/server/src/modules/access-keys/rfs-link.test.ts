import { describe, expect, it } from 'vitest';
import { accessKeyOfLink, reportPagePath, rfsLinkPath, withFlag } from './rfs-link.ts';

describe('rfs links', () => {
  it('points rfsUrl at the report page (the contract link shape)', () => {
    expect(reportPagePath(12, 'Asia Chips')).toBe('/reports/12_asia-chips');
    expect(reportPagePath(12, '***')).toBe('/reports/12');
  });

  it('builds the link of spec 1 section 2.7 with the key last, and reads the key back', () => {
    const path = rfsLinkPath({ reportId: 12, title: 'Asia Chips', keyId: 7, rawKey: 'k_ey-1' });
    expect(path).toBe('/rfs.htm?rfsUrl=%2Freports%2F12_asia-chips&rcptId=7&docId=12&a=k_ey-1');
    expect(accessKeyOfLink(path)).toBe('k_ey-1');
    expect(accessKeyOfLink(`https://portal.example${path}&confirmDevice=1`)).toBe('k_ey-1');
    expect(accessKeyOfLink('/rfs.htm?docId=12')).toBeNull();
    expect(accessKeyOfLink(`/rfs.htm?a=${'x'.repeat(201)}`)).toBeNull();
    expect(accessKeyOfLink('http://[bad')).toBeNull();
  });

  it('appends the notice flags', () => {
    expect(withFlag('/rfs.htm?a=1', 'confirmDevice')).toBe('/rfs.htm?a=1&confirmDevice=1');
    expect(withFlag('/rfs.htm', 'linkExpired')).toBe('/rfs.htm?linkExpired=1');
  });
});
