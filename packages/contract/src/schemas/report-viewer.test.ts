import { describe, expect, it } from 'vitest';
import {
  downloadPdfParams,
  fileTokenParams,
  parseViewerSegment,
  reportIdParams,
  resolveFileUrl,
} from './report-viewer.ts';

describe('parseViewerSegment (spec 1 section 2.7)', () => {
  it('takes the id up to the first underscore: H- is highlighted, a plain id is linked as S-', () => {
    expect(parseViewerSegment('123_chip-cycle_turns')).toEqual({
      apiId: 'S-123',
      id: 123,
      highlighted: false,
    });
    expect(parseViewerSegment('H-77_best-ideas')).toEqual({ apiId: 'H-77', id: 77, highlighted: true });
    expect(parseViewerSegment('h-77')).toEqual({ apiId: 'H-77', id: 77, highlighted: true });
    expect(parseViewerSegment('S-9_x')).toEqual({ apiId: 'S-9', id: 9, highlighted: false });
    expect(parseViewerSegment('45')).toEqual({ apiId: 'S-45', id: 45, highlighted: false });
  });

  it('names the webcast for 101010, with or without a slug', () => {
    expect(parseViewerSegment('101010')).toBe('webcast');
    expect(parseViewerSegment('101010_webcast')).toBe('webcast');
  });

  it('refuses what names no report', () => {
    for (const bad of ['', '_x', 'abc_1', 'X-1', '0_x', 'H-0', '-1', '1.5', '99999999999', '12abc']) {
      expect(parseViewerSegment(bad), bad).toBeNull();
    }
  });
});

describe('report id params', () => {
  it('accept S- and H- ids in any case and give the number', () => {
    expect(reportIdParams.parse({ id: 'S-123' })).toEqual({ id: { id: 123, highlighted: false } });
    expect(reportIdParams.parse({ id: 'h-5' })).toEqual({ id: { id: 5, highlighted: true } });
  });

  it('refuse plain numbers, zero, junk and ids past 2^31-1', () => {
    for (const id of ['123', 'S-0', 'S-', 'S-2147483648', 'Q-1', "S-1' or 1=1", 'S-1_x']) {
      expect(reportIdParams.safeParse({ id }).success, id).toBe(false);
    }
    expect(reportIdParams.safeParse({ id: 'S-2147483647' }).success).toBe(true);
  });

  it('downloadPdf takes a positive user id', () => {
    expect(downloadPdfParams.parse({ id: 'S-1', userid: '7' })).toEqual({
      id: { id: 1, highlighted: false },
      userid: 7,
    });
    expect(downloadPdfParams.safeParse({ id: 'S-1', userid: '0' }).success).toBe(false);
    expect(downloadPdfParams.safeParse({ id: 'S-1', userid: 'me' }).success).toBe(false);
  });

  it('file tokens must look like payload.signature', () => {
    expect(fileTokenParams.safeParse({ token: `abcdefghijkl.${'a'.repeat(43)}` }).success).toBe(true);
    for (const token of [
      'x',
      `abc.${'a'.repeat(43)}`,
      `abcdefghijkl.${'a'.repeat(42)}`,
      `a/b..c.${'a'.repeat(43)}`,
    ]) {
      expect(fileTokenParams.safeParse({ token }).success, token).toBe(false);
    }
  });
});

describe('resolveFileUrl', () => {
  it('puts signed paths under the API base and keeps absolute addresses', () => {
    expect(resolveFileUrl('/api', '/files/t.s')).toBe('/api/files/t.s');
    expect(resolveFileUrl('https://api.example.org/api/', '/files/t.s')).toBe(
      'https://api.example.org/api/files/t.s',
    );
    expect(resolveFileUrl('/api', 'https://www.youtube-nocookie.com/embed/x')).toBe(
      'https://www.youtube-nocookie.com/embed/x',
    );
  });
});
