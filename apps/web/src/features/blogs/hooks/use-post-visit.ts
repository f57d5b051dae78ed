import { blogLimits } from '@portal/contract';
import { useEffect } from 'react';
import { sendHeartbeat, sendLeave } from '../api/blogs-api.ts';

export interface PostVisitCalls {
  leave: (postId: number, visit: string) => Promise<void>;
  heartbeat: (postId: number, visit: string, resumed: boolean) => Promise<void>;
}

const defaultCalls: PostVisitCalls = { leave: sendLeave, heartbeat: sendHeartbeat };

// Visits left by an unmount wait one tick before their leave goes out: React's StrictMode (development) unmounts
// and mounts every effect once, and the visit it mounts again is the same reading, not a new one.
const pendingLeaves = new Map<string, ReturnType<typeof setTimeout>>();
/** Visits whose leave has been sent: a visit is closed once. */
const closedVisits = new Set<string>();

/** For tests: forget the visits this page closed. */
export const resetPostVisits = () => {
  for (const timer of pendingLeaves.values()) clearTimeout(timer);
  pendingLeaves.clear();
  closedVisits.clear();
};

/**
 * Measures a signed-in reader's time on a post (issue 14): a heartbeat every `blogLimits.heartbeatMs` while the
 * page is visible (none while hidden; on becoming visible again one with `resumed`, so the hidden time is not
 * counted), and the leave call once, when the page is left (pagehide) or the reader moves elsewhere in the app.
 * Failures are ignored: measuring never stands in the reader's way.
 */
export function usePostVisit(
  postId: number | undefined,
  visit: string | null | undefined,
  calls: PostVisitCalls = defaultCalls,
) {
  useEffect(() => {
    if (!postId || !visit || closedVisits.has(visit)) return;
    const pending = pendingLeaves.get(visit);
    if (pending !== undefined) {
      clearTimeout(pending);
      pendingLeaves.delete(visit);
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const beat = (resumed: boolean) => {
      calls.heartbeat(postId, visit, resumed).catch(() => undefined);
    };
    const start = () => {
      stop();
      timer = setInterval(() => beat(false), blogLimits.heartbeatMs);
    };
    const leave = () => {
      stop();
      if (closedVisits.has(visit)) return;
      closedVisits.add(visit);
      calls.leave(postId, visit).catch(() => undefined);
    };
    const onVisibility = () => {
      if (closedVisits.has(visit)) return;
      if (document.visibilityState === 'visible') {
        beat(true);
        start();
      } else stop();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', leave);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', leave);
      if (closedVisits.has(visit)) return;
      pendingLeaves.set(
        visit,
        setTimeout(() => {
          pendingLeaves.delete(visit);
          leave();
        }, 0),
      );
    };
  }, [postId, visit, calls]);
}
