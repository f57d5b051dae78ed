import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type Change, createLocalChangeFeed, writeTransaction } from './change-feed.ts';

/** A database whose transaction runs the work and commits, or rolls back when it throws. */
const fakeDb = () => {
  const log: string[] = [];
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>) {
      log.push('begin');
      try {
        const result = await work({});
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  };
  return { db: db as unknown as Db, log };
};

describe('change feed', () => {
  it('delivers a change to the subscribers of its kind only, until they unsubscribe', () => {
    const feed = createLocalChangeFeed();
    const seen: Change[] = [];
    const stop = feed.subscribe(['report', 'post'], (change) => seen.push(change));
    feed.subscribe('user', () => seen.push({ kind: 'user', ids: ['wrong listener'] }));
    feed.publish({ kind: 'report', ids: [1] }, { kind: 'saved', ids: [2] }, { kind: 'post' });
    expect(seen).toEqual([{ kind: 'report', ids: [1] }, { kind: 'post' }]);
    stop();
    feed.publish({ kind: 'report', ids: [3] });
    expect(seen).toHaveLength(2);
  });

  it('keeps delivering when one subscriber fails, and logs the failure', () => {
    const errors: unknown[] = [];
    const feed = createLocalChangeFeed({
      log: { info: () => {}, warn: () => {}, error: (details) => errors.push(details) },
    });
    const seen: number[] = [];
    feed.subscribe('matrix', () => {
      throw new Error('broken cache');
    });
    feed.subscribe('matrix', () => seen.push(1));
    feed.publish({ kind: 'matrix', ids: [7] });
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });

  it('publishes what a transaction noted only after it commits', async () => {
    const { db, log } = fakeDb();
    const feed = createLocalChangeFeed();
    feed.subscribe('user', () => log.push('published'));
    const result = await writeTransaction(db, feed, async (_tx, note) => {
      note({ kind: 'user', ids: [5] });
      log.push('write');
      return 'done';
    });
    expect(result).toBe('done');
    expect(log).toEqual(['begin', 'write', 'commit', 'published']);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const { db, log } = fakeDb();
    const feed = createLocalChangeFeed();
    feed.subscribe('user', () => log.push('published'));
    await expect(
      writeTransaction(db, feed, async (_tx, note) => {
        note({ kind: 'user', ids: [5] });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual(['begin', 'rollback']);
  });
});
