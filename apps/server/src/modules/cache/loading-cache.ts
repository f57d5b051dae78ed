import { LRUCache } from 'lru-cache';

export interface LoadingCacheOptions {
  /** How long an entry is fresh. 0 turns the cache off: every read loads, so callers need no second code path. */
  ttlMs: number;
  /** At most this many entries (least recently used go first): the memory a cache holds is bounded. */
  max: number;
  /**
   * For this long after its ttl an entry is still answered while ONE background load refreshes it, so that a hot
   * key's expiry never stalls every request behind one slow query. Leave 0 where an expired entry must never be
   * served (sessions). Invalidation removes entries at once whatever this says.
   */
  staleMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

type Box<V> = { value: V };
type Load<V> = () => Promise<V>;

/**
 * Get-or-load over lru-cache: its `fetchMethod` gives one load per key however many readers miss at once, its `ttl`
 * freshness and `allowStale` the stale-while-revalidate window; `max` bounds memory. What this adds:
 * - values are boxed, so `null` (e.g. "no such session") is remembered too;
 * - any invalidation drops the loads in flight (lru-cache aborts them), and their readers load again, so a load
 *   that began before a change can never put the old state back into the cache;
 * - staleness is bounded by `staleMs` (lru-cache's `allowStale` alone has no limit).
 * The caches subscribe to the change feed (modules/changes) for their invalidations.
 */
export class LoadingCache<K extends {}, V> {
  readonly #lru: LRUCache<K, Box<V>, Load<V>> | null;
  readonly #staleMs: number;
  /** Keys with a load in flight (a count: an aborted load and its successor may overlap). */
  readonly #loading = new Map<K, number>();
  /** The abort reasons lru-cache rejected with: those readers load again rather than fail. */
  readonly #aborts = new WeakSet<object>();

  constructor(options: LoadingCacheOptions) {
    this.#staleMs = Math.max(0, options.staleMs ?? 0);
    this.#lru =
      options.ttlMs > 0
        ? new LRUCache<K, Box<V>, Load<V>>({
            max: Math.max(1, options.max),
            ttl: options.ttlMs,
            // Every staleness check reads the clock (the default caches it for 1 ms, which a test clock defeats).
            ttlResolution: 0,
            ...(options.now ? { perf: { now: options.now } } : {}),
            fetchMethod: async (key, _stale, { signal, context }) => {
              signal.addEventListener('abort', () => this.#aborts.add(signal.reason as object), {
                once: true,
              });
              this.#loading.set(key, (this.#loading.get(key) ?? 0) + 1);
              try {
                return { value: await context() };
              } finally {
                const left = (this.#loading.get(key) ?? 1) - 1;
                if (left > 0) this.#loading.set(key, left);
                else this.#loading.delete(key);
              }
            },
          })
        : null;
  }

  get size() {
    return this.#lru?.size ?? 0;
  }

  /** The cached value, or `load()`'s, kept for next time. Concurrent misses of one key share one load. */
  async getOrLoad(key: K, load: Load<V>): Promise<V> {
    const lru = this.#lru;
    if (!lru) return load();
    // An invalidation while we wait aborts the load: load again (a few times at most, then without the cache).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Negative once stale; 0 when absent (then there is nothing stale to answer anyway).
      const allowStale = this.#staleMs > 0 && lru.getRemainingTTL(key) > -this.#staleMs;
      try {
        const box = await lru.fetch(key, { context: load, allowStale });
        if (box) return box.value;
      } catch (error) {
        if (!(typeof error === 'object' && error !== null && this.#aborts.has(error))) throw error;
      }
    }
    return load();
  }

  delete(key: K) {
    this.#dropLoads();
    this.#lru?.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one user), stale ones included. */
  deleteWhere(match: (value: V, key: K) => boolean) {
    const lru = this.#lru;
    if (!lru) return;
    this.#dropLoads();
    for (const [key, entry] of lru.dump()) if (match(entry.value.value, key)) lru.delete(key);
  }

  clear() {
    this.#lru?.clear();
  }

  /** A load in flight may have read the state before the change being applied: none of them is kept. */
  #dropLoads() {
    for (const key of [...this.#loading.keys()]) this.#lru?.delete(key);
  }
}
