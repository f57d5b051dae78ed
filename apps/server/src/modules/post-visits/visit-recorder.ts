import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Log } from '../runtime.ts';

interface PendingVisit {
  id: string;
  postId: number;
  userId: number;
  at: Date;
}

/**
 * Opens readers' visits of posts in batches. A post read must stay close to a static reply (the benchmark asks
 * for 30% of a bare route), and one INSERT per read was most of its cost: the read gets its visit id at once
 * (made here) and the rows are written together, one multi-row INSERT every `batchMs` or every `maxBatch` reads.
 * Whatever reads a visit (the leave call, a heartbeat, the statistics) calls `flush` first when the visit may
 * still be pending, so nobody sees the difference. A process that dies between a read and the flush loses at
 * most `batchMs` of visits; server shutdown flushes. A visit whose post or user was deleted meanwhile is skipped.
 */
export const createVisitRecorder = (deps: {
  db: Executor;
  log: Log;
  batchMs?: number;
  maxBatch?: number;
}) => {
  const batchMs = deps.batchMs ?? 50;
  const maxBatch = deps.maxBatch ?? 500;
  let queue: PendingVisit[] = [];
  const pendingIds = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: PendingVisit[]) => {
    try {
      const rows = JSON.stringify(
        batch.map((b) => ({ id: b.id, post_id: b.postId, user_id: b.userId, at: b.at.toISOString() })),
      );
      await deps.db.execute(sql`insert into post_visits (id, post_id, user_id, entered_at)
        select v.id, v.post_id, v.user_id, v.at
        from json_to_recordset(${rows}::json) as v(id uuid, post_id int, user_id int, at timestamptz)
        where exists (select 1 from posts p where p.id = v.post_id)
          and exists (select 1 from users u where u.id = v.user_id)
        on conflict (id) do nothing`);
    } catch (error) {
      // Statistics only: a failed batch is logged, never a reader's error.
      deps.log.error({ err: error, visits: batch.length }, 'Post visits could not be recorded');
    } finally {
      for (const visit of batch) pendingIds.delete(visit.id);
    }
  };

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (queue.length > 0) {
      const batch = queue;
      queue = [];
      // One batch at a time, in order: a later flush resolves after every earlier row is written.
      writing = writing.then(() => write(batch));
    }
    return writing;
  };

  return {
    /** A new visit of the post by the user, entered at `at`: its id now, its row with the next batch. */
    start(postId: number, userId: number, at: Date): string {
      const id = randomUUID();
      queue.push({ id, postId, userId, at });
      pendingIds.add(id);
      if (queue.length >= maxBatch) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), batchMs);
        timer.unref();
      }
      return id;
    },
    /** Whether the visit's row may not be written yet. */
    isPending: (id: string) => pendingIds.has(id),
    /** Writes every visit started so far; resolves once they are in the database. */
    flush,
  };
};

export type VisitRecorder = ReturnType<typeof createVisitRecorder>;
