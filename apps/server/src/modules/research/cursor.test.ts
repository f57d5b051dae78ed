import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type ListCursor } from './cursor.ts';

describe('list cursors', () => {
  it('round-trips keyset and offset cursors', () => {
    const cursors: ListCursor[] = [
      { kind: 'keyset', at: '2030-01-15T09:00:00.123456', id: 42, page: 2 },
      { kind: 'offset', offset: 40, page: 3 },
    ];
    for (const cursor of cursors) {
      const encoded = encodeCursor(cursor);
      expect(encoded).toMatch(/^[\w-]+$/);
      expect(decodeCursor(encoded)).toEqual(cursor);
    }
  });

  it('refuses what the server did not issue', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      '',
      'not base64!',
      b64('k|2030-01-15T09:00:00.123456|42'),
      b64('k|2030-13-45T09:00:00.123456|42|2'),
      b64('k|2030-01-15 09:00:00|42|2'),
      b64('k|2030-01-15T09:00:00.123456|0|2'),
      b64('k|2030-01-15T09:00:00.123456|42|1'),
      b64("k|2030-01-15T09:00:00.123456|42'--|2"),
      b64('o|-1|2'),
      b64('o|20|0'),
      b64('x|1|2'),
      b64('o|20|2|extra'),
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
