import type { PostListPosition } from './posts.repository.ts';

/** The opaque keyset cursor of the post lists: the last card's (published_at with microseconds, id). */
export const encodeCursor = (position: PostListPosition) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');

const atPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** The position of a cursor, or null when it is not one of ours (the route answers 400). */
export const decodeCursor = (cursor: string): PostListPosition | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as [unknown, unknown];
    if (at !== null && (typeof at !== 'string' || !atPattern.test(at))) return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return { at, id };
  } catch {
    return null;
  }
};
