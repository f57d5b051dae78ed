import { blogLimits, type PostStatReply } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../runtime.ts';
import { averageMinutes, visitMinutes } from './post-stats.ts';
import {
  heartbeatVisit,
  leaveVisit,
  postExists,
  type VisitRef,
  visitsPage,
  visitTotals,
} from './post-visits.repository.ts';
import type { VisitRecorder } from './visit-recorder.ts';

/**
 * Readers' visits of posts (issue 14): the page's leave call and heartbeats measure a read's time; the admin's
 * statistics show it. The visit itself is created by GET /post/{id} (modules/blogs). Each call is one statement
 * on the caller's own visit (id, user and post must all match), so a leave on unload stays cheap.
 */
export const createPostVisitsService = (deps: { db: Db; clock: Clock; visitRecorder: VisitRecorder }) => {
  const { db, clock, visitRecorder } = deps;
  // A visit opened moments ago may still be in the recorder's batch: write it first (rarely: a leave or heartbeat
  // comes seconds after the read).
  const written = async (ref: VisitRef) => {
    if (visitRecorder.isPending(ref.visitId)) await visitRecorder.flush();
  };
  return {
    /** false: not the caller's visit of this post (nothing changed) */
    async leave(ref: VisitRef) {
      const now = clock();
      await written(ref);
      return leaveVisit(db, ref, now);
    },
    async heartbeat(ref: VisitRef, resumed: boolean) {
      const now = clock();
      await written(ref);
      return heartbeatVisit(db, ref, now, resumed);
    },
    /** null for an unknown post */
    async stats(postId: number, page: number): Promise<PostStatReply | null> {
      await visitRecorder.flush();
      if (!(await postExists(db, postId))) return null;
      const size = blogLimits.statsPageSize;
      const [totals, rows] = await Promise.all([
        visitTotals(db, postId),
        visitsPage(db, postId, (page - 1) * size, size),
      ]);
      return {
        data: rows.map((row) => ({
          sName: `${row.firstName} ${row.lastName}`.trim(),
          sCompanyName: row.company,
          dLogTimeUtc: row.enteredAt.toISOString(),
          dExitTimeUtc: row.exitAt?.toISOString() ?? null,
          minutes: visitMinutes({ measured: row.measured, activeSeconds: row.activeSeconds }),
          measured: row.measured,
        })),
        total: totals.visits,
        page,
        averageMinutes: averageMinutes(totals),
      };
    },
  };
};

export type PostVisitsService = ReturnType<typeof createPostVisitsService>;
