/**
 * A bound on concurrent heavy work (full-text searches), per user and overall.
 *
 * Why: the embedded database (PGlite) runs one statement at a time on the server's main thread. Fifty searches
 * started at once put fifty statement chains in its queue, and a cheap call (`/api/health`, the landing) waited
 * behind all of them (issue 10: health 3 s, the landing 9.6 s). With at most `slots` searches in flight, a cheap
 * statement waits behind at most that many search statements; the other searches wait here, in memory, where
 * they cost nothing.
 *
 * Past the bound a call waits in a short queue; only past the queue is it refused (`HeavyWorkBusyError`): with
 * scope `user` when that caller already has `perUserQueue` calls waiting (429), with scope `server` when
 * `queue` calls wait in all (503). A freed slot goes to the waiting caller served least recently, so one caller
 * with many parallel searches cannot starve another: callers take turns, whatever the order they queued in.
 */
export interface HeavyWorkLimits {
  /** heavy calls running at once, in all */
  slots: number;
  /** heavy calls running at once for one caller */
  perUser: number;
  /** calls waiting for a slot, in all; past it the call is refused */
  queue: number;
  /** calls of one caller waiting for a slot; past it the call is refused */
  perUserQueue: number;
}

export class HeavyWorkBusyError extends Error {
  constructor(readonly scope: 'user' | 'server') {
    super(scope === 'user' ? 'too many heavy calls of this caller' : 'too many heavy calls waiting');
  }
}

export class HeavyWorkGate {
  readonly #limits: HeavyWorkLimits;
  #running = 0;
  readonly #runningBy = new Map<string, number>();
  // Waiting calls per caller, FIFO each.
  readonly #waiting = new Map<string, (() => void)[]>();
  #queued = 0;
  // When each active caller (running or waiting) last got a slot: the least recent goes next.
  readonly #served = new Map<string, number>();
  #turn = 0;

  constructor(limits: HeavyWorkLimits) {
    this.#limits = {
      slots: Math.max(1, limits.slots),
      perUser: Math.max(1, limits.perUser),
      queue: Math.max(0, limits.queue),
      perUserQueue: Math.max(0, limits.perUserQueue),
    };
  }

  /** What runs and waits now (for tests and logs). */
  get state() {
    return { running: this.#running, queued: this.#queued };
  }

  /** Runs `work` for caller `who` when a slot is free; the slot is released however `work` ends. */
  async run<T>(who: string, work: () => Promise<T>): Promise<T> {
    await this.#acquire(who);
    try {
      return await work();
    } finally {
      this.#release(who);
    }
  }

  #mayStart(who: string) {
    return this.#running < this.#limits.slots && (this.#runningBy.get(who) ?? 0) < this.#limits.perUser;
  }

  #start(who: string) {
    this.#running += 1;
    this.#runningBy.set(who, (this.#runningBy.get(who) ?? 0) + 1);
    this.#turn += 1;
    this.#served.set(who, this.#turn);
  }

  #acquire(who: string): Promise<void> {
    // Every free slot is handed to an eligible waiter at once (#dispatch), so whoever still waits is held by
    // their own per-caller bound: a newcomer who may start takes no one's turn.
    if (this.#mayStart(who)) {
      this.#start(who);
      return Promise.resolve();
    }
    const mine = this.#waiting.get(who) ?? [];
    if (mine.length >= this.#limits.perUserQueue) return Promise.reject(new HeavyWorkBusyError('user'));
    if (this.#queued >= this.#limits.queue) return Promise.reject(new HeavyWorkBusyError('server'));
    return new Promise<void>((resolve) => {
      mine.push(resolve);
      this.#waiting.set(who, mine);
      this.#queued += 1;
    });
  }

  #release(who: string) {
    this.#running -= 1;
    const left = (this.#runningBy.get(who) ?? 1) - 1;
    if (left > 0) this.#runningBy.set(who, left);
    else this.#runningBy.delete(who);
    this.#dispatch();
    if (!this.#runningBy.has(who) && !this.#waiting.has(who)) this.#served.delete(who);
  }

  /** Hands free slots to waiting callers, the one served least recently first. */
  #dispatch() {
    while (this.#running < this.#limits.slots) {
      let next: string | undefined;
      let nextTurn = Number.POSITIVE_INFINITY;
      for (const who of this.#waiting.keys()) {
        const turn = this.#served.get(who) ?? 0;
        if (turn < nextTurn && this.#mayStart(who)) {
          next = who;
          nextTurn = turn;
        }
      }
      if (next === undefined) return;
      const queue = this.#waiting.get(next) ?? [];
      const resolve = queue.shift();
      if (queue.length === 0) this.#waiting.delete(next);
      if (!resolve) continue;
      this.#queued -= 1;
      this.#start(next);
      resolve();
    }
  }
}
