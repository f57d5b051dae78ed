import { throttles as limits, type ThrottleLimit, type ThrottleName } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { throttles } from '../../db/schema/index.ts';
import { addSeconds, type Clock } from '../runtime.ts';

/** Thrown when a throttle blocks the attempt; answered with 429 and Retry-After. */
export class ThrottledError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    /** What the caller is told instead of the general 'too many attempts'. */
    readonly userMessage?: string,
  ) {
    super('throttled');
    this.name = 'ThrottledError';
  }
}

export type ThrottleCheck = readonly [name: ThrottleName, subject: string];

const keyOf = ([name, subject]: ThrottleCheck) => `${name}:${subject.toLowerCase()}`;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
// 2^30 seconds is far past any ceiling; the cap keeps power() from overflowing on a very long run of attempts.
const MAX_DOUBLINGS = 30;

/**
 * Counters with a fixed window, stored in the database so that a restart does not lift a block and every server
 * process shares them. An attempt is counted by one atomic statement *before* the work it guards, and the same
 * statement says whether it may go ahead, so parallel requests cannot all slip through a check made first and
 * a count made afterwards (ARCHITECTURE section 6: limits hold under concurrency).
 */
export const createThrottlesService = (deps: {
  db: Db;
  clock: Clock;
  /** limits the configuration sets otherwise (SIGNUP_PER_IP_HOUR) */
  overrides?: Partial<Record<ThrottleName, ThrottleLimit>>;
}) => {
  const { db, clock } = deps;
  const limitOf = (name: ThrottleName): ThrottleLimit => deps.overrides?.[name] ?? limits[name];

  /**
   * Counts one attempt unless the key is blocked right now. The upsert only updates a row that is not blocked
   * (`on conflict ... do update ... where`), so a returned row means "allowed"; no row means "blocked".
   */
  const takeOne = async (check: ThrottleCheck, now: Date): Promise<number> => {
    const limit: ThrottleLimit = limitOf(check[0]);
    const { max, windowSeconds, blockSeconds } = limit;
    const ceiling = limit.maxBlockSeconds ?? blockSeconds;
    const windowOver = sql`${throttles.windowStart} <= ${ts(addSeconds(now, -windowSeconds))}`;
    const nextCount = sql`(case when ${windowOver} then 1 else ${throttles.count} + 1 end)`;
    // The attempt that reaches max blocks the next one; each further attempt doubles the block, up to the ceiling.
    const blockFor = (count: SQL) =>
      sql`case when ${count} >= ${max} then ${ts(now)} + make_interval(secs => least(${ceiling}::float8,
        ${blockSeconds}::float8 * power(2::float8, least(${count} - ${max}, ${MAX_DOUBLINGS})))) else null end`;
    const rows = rowsOf<{ count: number }>(
      await db.execute(sql`insert into throttles (key, window_start, count, blocked_until)
        values (${keyOf(check)}, ${ts(now)}, 1, ${blockFor(sql`1`)})
        on conflict (key) do update set
          count = ${nextCount},
          window_start = case when ${windowOver} then ${ts(now)} else ${throttles.windowStart} end,
          blocked_until = ${blockFor(nextCount)}
        where ${throttles.blockedUntil} is null or ${throttles.blockedUntil} <= ${ts(now)}
        returning count`),
    );
    if (rows.length > 0) return 0;
    const [row] = await db
      .select({ blockedUntil: throttles.blockedUntil })
      .from(throttles)
      .where(eq(throttles.key, keyOf(check)));
    // At least one second: the block may have just ended between the two statements.
    return Math.max(1000, (row?.blockedUntil?.getTime() ?? 0) - now.getTime());
  };

  /** Counts the attempt against every check; resolves with the longest wait in ms (0 = allowed). */
  const attempt = async (checks: readonly ThrottleCheck[]) => {
    const now = clock();
    let waitMs = 0;
    // Every key is counted even when an earlier one blocks: a caller hammering a blocked address from one IP
    // uses up that IP's allowance too.
    for (const check of checks) waitMs = Math.max(waitMs, await takeOne(check, now));
    return waitMs;
  };

  /**
   * Gives back one counted attempt that turned out fine (a successful sign-in from a shared IP), lifting the
   * block only when the remaining count is below the limit.
   */
  const refund = async (check: ThrottleCheck) => {
    const { max } = limitOf(check[0]);
    await db.execute(sql`update throttles set count = greatest(count - 1, 0),
      blocked_until = case when count - 1 < ${max} then null else blocked_until end
      where key = ${keyOf(check)}`);
  };

  return {
    /** Counts the attempt; throws ThrottledError when any check is blocked (the attempt must not go ahead). */
    async take(checks: readonly ThrottleCheck[]) {
      const waitMs = await attempt(checks);
      if (waitMs > 0) throw new ThrottledError(Math.ceil(waitMs / 1000));
    },
    /**
     * Whether an optional side effect (an extra mail) may happen now; counts it against every check when it may,
     * and against none when one of them refuses (the side effect does not happen, so it must not use up the rest).
     */
    async tryTake(checks: readonly ThrottleCheck[]) {
      const now = clock();
      const taken: ThrottleCheck[] = [];
      for (const check of checks) {
        if ((await takeOne(check, now)) > 0) {
          for (const done of taken) await refund(done);
          return false;
        }
        taken.push(check);
      }
      return true;
    },
    refund,
    clear: (check: ThrottleCheck) => db.delete(throttles).where(eq(throttles.key, keyOf(check))),
  };
};

export type ThrottlesService = ReturnType<typeof createThrottlesService>;
