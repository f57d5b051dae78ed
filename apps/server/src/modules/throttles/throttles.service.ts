import { throttles as limits, type ThrottleName } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttles } from '../../db/schema.ts';
import { addSeconds, type Clock } from '../runtime.ts';

/** Thrown when a throttle blocks the attempt; answered with 429 and Retry-After. */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('throttled');
    this.name = 'ThrottledError';
  }
}

export type ThrottleCheck = readonly [name: ThrottleName, subject: string];

const keyOf = ([name, subject]: ThrottleCheck) => `${name}:${subject.toLowerCase()}`;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counters with a fixed window, stored in the database so a restart does not lift a block.
 * Reaching `max` within the window blocks the subject for `blockSeconds`: the attempt past the limit is refused.
 */
export const createThrottlesService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;

  /** Throws ThrottledError when any of the checks is blocked right now. */
  const assertOpen = async (checks: readonly ThrottleCheck[]) => {
    const now = clock();
    const rows = await db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(inArray(throttles.key, checks.map(keyOf)));
    const waitMs = Math.max(0, ...rows.map((r) => (r.blockedUntil?.getTime() ?? 0) - now.getTime()));
    if (waitMs > 0) throw new ThrottledError(Math.ceil(waitMs / 1000));
  };

  /** Counts one attempt against each check with a single atomic upsert per key. */
  const hit = async (checks: readonly ThrottleCheck[]) => {
    const now = clock();
    for (const check of checks) {
      const { max, windowSeconds, blockSeconds } = limits[check[0]];
      const windowEdge = ts(addSeconds(now, -windowSeconds));
      const blockedUntil = addSeconds(now, blockSeconds);
      const windowOver = sql`${throttles.windowStart} <= ${windowEdge}`;
      const nextCount = sql`case when ${windowOver} then 1 else ${throttles.count} + 1 end`;
      await db
        .insert(throttles)
        .values({
          key: keyOf(check),
          windowStart: now,
          count: 1,
          blockedUntil: max <= 1 ? blockedUntil : null,
        })
        .onConflictDoUpdate({
          target: throttles.key,
          set: {
            count: nextCount,
            windowStart: sql`case when ${windowOver} then ${ts(now)} else ${throttles.windowStart} end`,
            blockedUntil: sql`case when ${nextCount} >= ${max} then ${ts(blockedUntil)} else ${throttles.blockedUntil} end`,
          },
        });
    }
  };

  return {
    assertOpen,
    hit,
    /** For requests that count every attempt (forgot password, resend verification). */
    async take(checks: readonly ThrottleCheck[]) {
      await assertOpen(checks);
      await hit(checks);
    },
    /** Whether an optional side effect (an extra mail) may happen now; counts it when it may. */
    async tryTake(checks: readonly ThrottleCheck[]) {
      try {
        await assertOpen(checks);
      } catch (error) {
        if (error instanceof ThrottledError) return false;
        throw error;
      }
      await hit(checks);
      return true;
    },
    clear: (check: ThrottleCheck) => db.delete(throttles).where(eq(throttles.key, keyOf(check))),
  };
};

export type ThrottlesService = ReturnType<typeof createThrottlesService>;
