import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseByteRange, sliceStream } from './byte-range.ts';

describe('parseByteRange', () => {
  it('reads start-end, open-ended and suffix ranges, clamped to the file', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole file for no, malformed or multiple ranges', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=5-1']) {
      expect(parseByteRange(header, 1000), String(header)).toBeNull();
    }
  });

  it('says unsatisfiable for a start past the end or an empty suffix', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('sliceStream', () => {
  const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
  const chunked = () =>
    Readable.from([bytes.subarray(0, 7), bytes.subarray(7, 40), bytes.subarray(40, 41), bytes.subarray(41)]);
  const collect = async (stream: Readable) => {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };

  it('yields exactly the range across chunk boundaries', async () => {
    for (const [start, end] of [
      [0, 99],
      [5, 45],
      [40, 40],
      [99, 99],
      [0, 0],
    ] as const) {
      expect(await collect(sliceStream(chunked(), { start, end }))).toEqual(bytes.subarray(start, end + 1));
    }
  });
});
