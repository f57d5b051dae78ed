import type { Db } from '../../db/client.ts';
import { analystExists } from '../catalogue/catalogue.repository.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import { addFollow, isFollowing, removeFollow } from './follows.repository.ts';

/**
 * Following an analyst (issue 23, beyond the spec): a reader follows or stops following an analyst; publish
 * alerts (publish-alerts.repository.ts) then mail the reader each new report of the analyst that the reader may
 * read. Nothing is cached here: the next request reads the table. A change is still noted (`follow`, by user id)
 * so that anything that comes to depend on it can follow the change feed.
 */
export const createFollowsService = (deps: { db: Db; clock: Clock; changes: ChangeFeed }) => {
  const { db } = deps;
  return {
    /** Whether the reader follows the analyst; null when there is no such analyst. */
    async status(userId: number, analystId: number): Promise<{ following: boolean } | null> {
      if (!(await analystExists(db, analystId))) return null;
      return { following: await isFollowing(db, userId, analystId) };
    },

    /** Follows or unfollows (each idempotent); null when there is no such analyst (nothing written). */
    async set(userId: number, analystId: number, following: boolean): Promise<{ following: boolean } | null> {
      return writeTransaction(db, deps.changes, async (tx, note) => {
        if (!(await analystExists(tx, analystId))) return null;
        if (following) await addFollow(tx, userId, analystId, deps.clock());
        else await removeFollow(tx, userId, analystId);
        note({ kind: 'follow', ids: [userId] });
        return { following };
      });
    },
  };
};

export type FollowsService = ReturnType<typeof createFollowsService>;
