import type { Db, Tx } from '../../db/client.ts';
import type { Log } from '../runtime.ts';

/**
 * What a committed write changed (ARCHITECTURE section 6: one way to invalidate). A write says it once, after its
 * transaction commits; every cache that depends on that kind of data subscribes here and drops what it holds. No
 * service calls another service's cache.
 *
 * Kinds and their ids (an absent `ids` means "any of this kind"):
 * - `report`: reports added, changed or withdrawn (report ids)
 * - `saved`: a reader's saved reports (user ids)
 * - `user`: a user's row: status, type, e-mail, password, verification, firm or person (user ids)
 * - `session`: sessions ended one by one (session ids, the stored hashes)
 * - `matrix`: a person's product matrix, by the users it grants to (user ids)
 * - `site-content`: sliders, header images, content pages and the menu (content keys)
 * - `blog`: a blog's settings, order or access level (blog ids)
 * - `post`: a blog post (post ids)
 * - `analyst`: an analyst's own row as cards and pages show it, such as the photo (analyst ids)
 * - `follow`: the analysts a reader follows (user ids)
 * - `parameter`: configuration parameters (their names)
 * - `company`: a company's own row as its page shows it, such as the biography (company ids)
 * - `video`: a replay as its list and player show it: its transcript, saved state and watch time (video ids)
 */
export const changeKinds = [
  'report',
  'saved',
  'user',
  'session',
  'matrix',
  'site-content',
  'blog',
  'post',
  'analyst',
  'follow',
  'parameter',
  'company',
  'video',
] as const;
export type ChangeKind = (typeof changeKinds)[number];

export interface Change {
  readonly kind: ChangeKind;
  readonly ids?: readonly (number | string)[];
}

export type ChangeListener = (change: Change) => void;

/**
 * In-process (createLocalChangeFeed: one process, the embedded database), or across the processes of one
 * PostgreSQL database by LISTEN/NOTIFY (postgres-change-feed.ts), so that a change published by one process reaches
 * every process's subscribers.
 */
export interface ChangeFeed {
  /** Call only after the write is committed (or use `writeTransaction`, which does). */
  publish(...changes: Change[]): void;
  /** Listeners run synchronously, in subscription order; the returned function unsubscribes. */
  subscribe(kinds: ChangeKind | readonly ChangeKind[], listener: ChangeListener): () => void;
  /** Across processes (postgres-change-feed.ts): starts listening; resolves once other processes are heard. */
  start?(): Promise<void>;
  /** Stops listening (the app's close). */
  close?(): Promise<void>;
}

export const createLocalChangeFeed = (deps: { log?: Log } = {}): ChangeFeed => {
  const listeners = new Map<ChangeKind, Set<ChangeListener>>();
  return {
    publish(...changes) {
      for (const change of changes) {
        for (const listener of listeners.get(change.kind) ?? []) {
          // One failing subscriber must not keep the others holding stale data.
          try {
            listener(change);
          } catch (error) {
            deps.log?.error({ err: error, kind: change.kind }, 'a change subscriber failed');
          }
        }
      }
    },
    subscribe(kinds, listener) {
      const list = typeof kinds === 'string' ? [kinds] : kinds;
      for (const kind of list) {
        const set = listeners.get(kind) ?? new Set<ChangeListener>();
        set.add(listener);
        listeners.set(kind, set);
      }
      return () => {
        for (const kind of list) listeners.get(kind)?.delete(listener);
      };
    },
  };
};

/** Notes what a transaction changes; published only once it has committed. */
export type NoteChange = (change: Change) => void;

/**
 * Runs `work` in one transaction and publishes what it noted after the commit: a transaction that rolls back
 * (throws) publishes nothing, and no reader can load the old state back into a cache between the drop and the commit.
 */
export const writeTransaction = async <T>(
  db: Db,
  feed: ChangeFeed,
  work: (tx: Tx, note: NoteChange) => Promise<T>,
): Promise<T> => {
  const noted: Change[] = [];
  const result = await db.transaction((tx) => work(tx, (change) => noted.push(change)));
  feed.publish(...noted);
  return result;
};
