import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

const clockAt = (start = 0) => {
  const clock = { t: start, now: () => clock.t };
  return clock;
};

describe('TtlCache', () => {
  it('serves an entry until its ttl has passed', () => {
    const clock = clockAt();
    const cache = new TtlCache<string, number>({ ttlMs: 100, max: 10, now: clock.now });
    cache.set('a', 1);
    clock.t = 99;
    expect(cache.get('a')).toBe(1);
    clock.t = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('stores nothing with a ttl of 0', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 0, max: 10 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
    let loads = 0;
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent misses and keeps its result', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, max: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual([42, 42]);
    expect(loads).toBe(1);
    expect(cache.get('k')).toBe(42);
  });

  it('does not keep a load that an invalidation overtook', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, max: 10 });
    let release: (value: number) => void = () => {};
    const pending = cache.getOrLoad('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.delete('other');
    release(1);
    expect(await pending).toBe(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('forgets a failed load', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, max: 10 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });

  it('answers an expired entry while one background load refreshes it, within staleMs', async () => {
    const clock = clockAt();
    const cache = new TtlCache<string, number>({ ttlMs: 100, max: 10, now: clock.now, staleMs: 100 });
    let loads = 0;
    let release: () => void = () => {};
    const slowLoad = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        release = () => resolve(loads);
      });
    const first = cache.getOrLoad('k', slowLoad);
    release();
    expect(await first).toBe(1);
    clock.t = 150;
    // stale: the old value at once, and one refresh for both callers
    expect(await cache.getOrLoad('k', slowLoad)).toBe(1);
    expect(await cache.getOrLoad('k', slowLoad)).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.getOrLoad('k', slowLoad)).toBe(2);
    // past ttl + staleMs the caller waits for a fresh load
    clock.t = 400;
    const late = cache.getOrLoad('k', slowLoad);
    release();
    expect(await late).toBe(3);
  });

  it('never answers an invalidated entry, stale or not', async () => {
    const clock = clockAt();
    const cache = new TtlCache<string, number>({ ttlMs: 100, max: 10, now: clock.now, staleMs: 1000 });
    cache.set('k', 1);
    clock.t = 150;
    cache.delete('k');
    expect(await cache.getOrLoad('k', async () => 2)).toBe(2);
  });

  it('deletes matching entries', () => {
    const cache = new TtlCache<string, { user: number }>({ ttlMs: 1000, max: 10 });
    cache.set('s1', { user: 1 });
    cache.set('s2', { user: 2 });
    cache.set('s3', { user: 1 });
    cache.deleteWhere((value) => value.user === 1);
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, { user: 2 }, undefined]);
  });
});
