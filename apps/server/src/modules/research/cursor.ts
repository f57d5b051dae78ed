/**
 * Opaque cursors for infinite scroll. Lists ordered by date carry a keyset position (published_at with
 * microseconds, id), so that a deep page costs as much as the first; lists ordered by rank or by views carry
 * an offset. Both carry the page number so that `pagination.current` stays right.
 */
export type ListCursor =
  | { kind: 'keyset'; at: string; id: number; page: number }
  | { kind: 'offset'; offset: number; page: number };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const POSITIVE_INT = /^[1-9]\d{0,9}$/;
const NON_NEGATIVE_INT = /^(0|[1-9]\d{0,9})$/;
const MAX_PAGE = 10_000;

export const encodeCursor = (cursor: ListCursor) => {
  const text =
    cursor.kind === 'keyset'
      ? `k|${cursor.at}|${cursor.id}|${cursor.page}`
      : `o|${cursor.offset}|${cursor.page}`;
  return Buffer.from(text, 'utf8').toString('base64url');
};

/** Returns null for anything the server did not issue. */
export const decodeCursor = (value: string): ListCursor | null => {
  if (!/^[\w-]{1,200}$/.test(value)) return null;
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const pageOf = (text: string | undefined) =>
    text !== undefined && POSITIVE_INT.test(text) && Number(text) <= MAX_PAGE ? Number(text) : null;
  if (parts[0] === 'k' && parts.length === 4) {
    const [, at = '', id = '', pageText] = parts;
    const page = pageOf(pageText);
    if (!TIMESTAMP.test(at) || Number.isNaN(Date.parse(`${at.slice(0, 23)}Z`))) return null;
    if (!POSITIVE_INT.test(id) || Number(id) > 2_147_483_647 || page === null || page < 2) return null;
    return { kind: 'keyset', at, id: Number(id), page };
  }
  if (parts[0] === 'o' && parts.length === 3) {
    const [, offsetText = '', pageText] = parts;
    const page = pageOf(pageText);
    if (!NON_NEGATIVE_INT.test(offsetText) || page === null) return null;
    return { kind: 'offset', offset: Number(offsetText), page };
  }
  return null;
};

/** A cursor the server did not issue (or past a list's limit): the routes answer 400 reportCursorInvalid. */
export class InvalidCursorError extends Error {}
