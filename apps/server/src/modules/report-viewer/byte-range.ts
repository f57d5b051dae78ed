import { Readable } from 'node:stream';

/** A satisfiable byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 section 14): null when there is none or it is not
 * a single bytes range we serve (the whole file is sent then, which the RFC allows), 'unsatisfiable' for a range
 * that starts past the end.
 */
export const parseByteRange = (
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null => {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // suffix range: the last N bytes
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
};

/**
 * The bytes [start, end] of a stream. Storage adapters stream whole files; skipping the prefix costs a read of
 * it, which is fine for report media (seeking re-requests from the new position).
 */
export const sliceStream = (source: Readable, range: ByteRange) => {
  async function* slice() {
    let position = 0;
    try {
      for await (const chunk of source) {
        const buffer = chunk as Buffer;
        const chunkEnd = position + buffer.length;
        if (chunkEnd > range.start) {
          const from = Math.max(0, range.start - position);
          const to = Math.min(buffer.length, range.end + 1 - position);
          if (to > from) yield buffer.subarray(from, to);
        }
        position = chunkEnd;
        if (position > range.end) break;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice());
};
