import type { Log } from '../runtime.ts';

/**
 * Work that must not run on a request's path: a mail that is queued only for an existing account (forgot
 * password, resend verification, an unlock link, a device check) would otherwise make the answer for a known
 * address slower than for an unknown one, and tell them apart. The request answers the same way for both and
 * the work starts once the current turn of the event loop is over. What it writes still goes through the outbox
 * (retries, one send); a process that dies in between loses only the queueing, which the user can ask for again.
 */
export const createDeferredWork = (deps: { log: Log }) => {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<unknown>) {
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => deps.log.error({ err: error, job: name }, 'Deferred work failed'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    /** Resolves once everything queued so far (and anything it queued in turn) is done: tests, shutdown. */
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
};

export type DeferredWork = ReturnType<typeof createDeferredWork>;
