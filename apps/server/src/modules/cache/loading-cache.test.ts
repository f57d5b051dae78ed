import { describe, expect, it } from 'vitest';
import { LoadingCache } from './loading-cache.ts';

const clockAt = (start = 1) => {
  const clock = { t: start, now: () => clock.t };
  return clock;
};

const counter = () => {
  let loads = 0;
  return {
    load: async () => ++loads,
    get count() {
      return loads;
    },
  };
};

/** A load that waits for `release()`, answering how many loads were started. */
const gated = () => {
  const state = { loads: 0, release: () => {} };
  const load = () =>
    new Promise<number>((resolve) => {
      state.loads += 1;
      const n = state.loads;
      state.release = () => resolve(n);
    });
  return Object.assign(state, { load });
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LoadingCache', () => {
  it('serves an entry until its ttl has passed', async () => {
    const clock = clockAt();
    const cache = new LoadingCache<string, number>({ ttlMs: 100, max: 10, now: clock.now });
    const c = counter();
    expect(await cache.getOrLoad('a', c.load)).toBe(1);
    clock.t = 100;
    expect(await cache.getOrLoad('a', c.load)).toBe(1);
    clock.t = 102;
    expect(await cache.getOrLoad('a', c.load)).toBe(2);
  });

  it('holds at most max entries, dropping the least recently used', async () => {
    const cache = new LoadingCache<string, string>({ ttlMs: 1000, max: 2 });
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return key;
    };
    for (const key of ['a', 'b', 'c', 'a']) await cache.getOrLoad(key, load(key));
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
    expect(cache.size).toBe(2);
  });

  it('stores nothing with a ttl of 0', async () => {
    const cache = new LoadingCache<string, number>({ ttlMs: 0, max: 10 });
    const c = counter();
    await cache.getOrLoad('a', c.load);
    await cache.getOrLoad('a', c.load);
    expect(c.count).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('remembers null answers', async () => {
    const cache = new LoadingCache<string, number | null>({ ttlMs: 1000, max: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    expect(await cache.getOrLoad('k', load)).toBeNull();
    expect(await cache.getOrLoad('k', load)).toBeNull();
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent misses and keeps its result', async () => {
    const cache = new LoadingCache<string, number>({ ttlMs: 1000, max: 10 });
    const g = gated();
    const both = Promise.all([cache.getOrLoad('k', g.load), cache.getOrLoad('k', g.load)]);
    await tick();
    g.release();
    expect(await both).toEqual([1, 1]);
    expect(await cache.getOrLoad('k', g.load)).toBe(1);
    expect(g.loads).toBe(1);
  });

  it('does not keep a load that an invalidation overtook: its readers load again', async () => {
    const cache = new LoadingCache<string, number>({ ttlMs: 1000, max: 10 });
    const g = gated();
    const pending = cache.getOrLoad('k', g.load);
    await tick();
    const first = g.release;
    // Any invalidation, even of another key (a session cache drops by user, not by key).
    cache.delete('other');
    await tick();
    expect(g.loads).toBe(2);
    first();
    g.release();
    expect(await pending).toBe(2);
    expect(await cache.getOrLoad('k', g.load)).toBe(2);
    expect(g.loads).toBe(2);
  });

  it('forgets a failed load and passes its error on', async () => {
    const cache = new LoadingCache<string, number>({ ttlMs: 1000, max: 10 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });

  it('answers an expired entry while one background load refreshes it, within staleMs', async () => {
    const clock = clockAt();
    const cache = new LoadingCache<string, number>({ ttlMs: 100, max: 10, now: clock.now, staleMs: 100 });
    const g = gated();
    const first = cache.getOrLoad('k', g.load);
    await tick();
    g.release();
    expect(await first).toBe(1);
    clock.t = 150;
    // stale: the old value at once, and one refresh for both callers
    expect(await cache.getOrLoad('k', g.load)).toBe(1);
    expect(await cache.getOrLoad('k', g.load)).toBe(1);
    expect(g.loads).toBe(2);
    g.release();
    await tick();
    expect(await cache.getOrLoad('k', g.load)).toBe(2);
    // past ttl + staleMs the caller waits for a fresh load
    clock.t = 400;
    const late = cache.getOrLoad('k', g.load);
    await tick();
    g.release();
    expect(await late).toBe(3);
  });

  it('never answers an invalidated entry, stale or not', async () => {
    const clock = clockAt();
    const cache = new LoadingCache<string, number>({ ttlMs: 100, max: 10, now: clock.now, staleMs: 1000 });
    await cache.getOrLoad('k', async () => 1);
    clock.t = 150;
    cache.delete('k');
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
  });

  it('deletes matching entries, stale ones included', async () => {
    const clock = clockAt();
    const cache = new LoadingCache<string, { user: number }>({
      ttlMs: 100,
      max: 10,
      now: clock.now,
      staleMs: 1000,
    });
    for (const [key, user] of [
      ['s1', 1],
      ['s2', 2],
      ['s3', 1],
    ] as const)
      await cache.getOrLoad(key, async () => ({ user }));
    clock.t = 150;
    cache.deleteWhere((value) => value.user === 1);
    const reload = (user: number) => async () => ({ user: user * 10 });
    expect(await cache.getOrLoad('s1', reload(1))).toEqual({ user: 10 });
    expect(await cache.getOrLoad('s2', reload(2))).toEqual({ user: 2 });
    expect(await cache.getOrLoad('s3', reload(1))).toEqual({ user: 10 });
  });

  it('clear drops everything', async () => {
    const cache = new LoadingCache<string, number>({ ttlMs: 1000, max: 10 });
    await cache.getOrLoad('a', async () => 1);
    cache.clear();
    expect(await cache.getOrLoad('a', async () => 2)).toBe(2);
  });
});
