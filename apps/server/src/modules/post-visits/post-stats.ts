import { blogLimits } from '@portal/contract';

/**
 * Post statistics arithmetic (spec 2 section 9, "Post stat record"), kept pure so that it is tested on its own.
 * A visit is measured once a heartbeat or the leave call counted time (last_seen_at set): its minutes are the
 * counted seconds. A visit with neither counts as blogLimits.unmeasuredVisitMinutes (the spec's 2-minute rule).
 */
const UNMEASURED_SECONDS = blogLimits.unmeasuredVisitMinutes * 60;

/** Rounds to 2 decimals from whole seconds (1.005 minutes gives 1.01: rounding the float minutes gave 1). */
const minutesOfSeconds = (seconds: number, visits = 1) =>
  visits === 0 ? 0 : Math.round((seconds * 100) / (60 * visits)) / 100;

export interface VisitTime {
  measured: boolean;
  activeSeconds: number;
}

/** Minutes of one visit, 2 decimals. */
export const visitMinutes = (visit: VisitTime) =>
  visit.measured ? minutesOfSeconds(visit.activeSeconds) : blogLimits.unmeasuredVisitMinutes;

export interface VisitTotals {
  /** every visit of the post */
  visits: number;
  /** visits without a heartbeat or leave */
  unmeasured: number;
  /** counted seconds of the measured visits */
  measuredSeconds: number;
}

/** Average minutes over every visit (unmeasured ones at 2 minutes), 2 decimals; 0 without visits. */
export const averageMinutes = (totals: VisitTotals) =>
  minutesOfSeconds(totals.measuredSeconds + totals.unmeasured * UNMEASURED_SECONDS, totals.visits);
