/**
 * A small in-process cache: entries live `ttlMs` (by the given clock) and the oldest entry is dropped when
 * `max` is reached (a Map keeps insertion order and `set` re-inserts). A ttl of 0 disables it: nothing is
 * stored, so callers need no second code path. Used for hot reads that may be served slightly stale and are
 * invalidated explicitly by every write path of this process (see the services that own one).
 */
export interface TtlCacheOptions {
  ttlMs: number;
  max: number;
  now?: () => number;
  /**
   * `getOrLoad` keeps answering an expired entry for up to this long after its ttl while ONE load refreshes it in
   * the background, so that a hot key's expiry never stalls every request behind one slow query. Invalidation
   * still removes entries at once. Leave it 0 where an expired entry must never be served (sessions).
   */
  staleMs?: number;
}

export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; at: number }>();
  readonly #pending = new Map<K, Promise<V>>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;
  readonly #staleMs: number;
  // Bumped by every invalidation: a load that was in flight meanwhile may have read the old state.
  #generation = 0;

  constructor(options: TtlCacheOptions) {
    this.#ttlMs = Math.max(0, options.ttlMs);
    this.#max = Math.max(1, options.max);
    this.#now = options.now ?? Date.now;
    this.#staleMs = Math.max(0, options.staleMs ?? 0);
  }

  get size() {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (this.#now() - hit.at >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V) {
    if (this.#ttlMs === 0) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, at: this.#now() });
  }

  /** The cached value, or `load()`'s, kept for next time. Concurrent misses of one key share one load. */
  getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const entry = this.#entries.get(key);
    const age = entry ? this.#now() - entry.at : 0;
    if (entry && age < this.#ttlMs) return Promise.resolve(entry.value);
    if (entry && age < this.#ttlMs + this.#staleMs) {
      if (!this.#pending.has(key)) this.#load(key, load).catch(() => {});
      return Promise.resolve(entry.value);
    }
    return this.#pending.get(key) ?? this.#load(key, load);
  }

  #load(key: K, load: () => Promise<V>): Promise<V> {
    const generation = this.#generation;
    const promise = load().finally(() => {
      if (this.#pending.get(key) === promise) this.#pending.delete(key);
    });
    if (this.#ttlMs === 0) return promise;
    this.#pending.set(key, promise);
    return promise.then((value) => {
      if (generation === this.#generation) this.set(key, value);
      return value;
    });
  }

  delete(key: K) {
    this.#invalidate();
    this.#entries.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(match: (value: V, key: K) => boolean) {
    this.#invalidate();
    for (const [key, entry] of this.#entries) if (match(entry.value, key)) this.#entries.delete(key);
  }

  clear() {
    this.#invalidate();
    this.#entries.clear();
  }

  #invalidate() {
    this.#generation += 1;
    this.#pending.clear();
  }
}
