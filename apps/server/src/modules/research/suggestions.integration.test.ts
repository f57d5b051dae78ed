import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findSuggestions } from './research-suggestions.repository.ts';

// The suggestions' report titles come from one statement of up to three steps (newestTitles): the newest reports
// first, then a bounded probe of the hits, then every hit in date order. Each step is made to answer here with
// small sizes, and each must give the newest matching titles, with a typo as well.
describe('suggested report titles, step by step (issue 26)', () => {
  let t: TestApp;
  /** the digests' ids, oldest first (inserted in that order, so a scan finds the oldest first) */
  const digests: number[] = [];
  const newestDigests = () => digests.slice(-5).reverse();

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    for (let day = 1; day <= 8; day += 1) {
      digests.push(
        await f.report({
          title: `Zephyrine liquidity digest ${day}`,
          publishedAt: `2031-01-${String(day).padStart(2, '0')}T08:00:00Z`,
        }),
      );
    }
    // the two newest reports of all match nothing
    await f.report({ title: 'Unrelated note one', publishedAt: '2032-01-01T08:00:00Z' });
    await f.report({ title: 'Unrelated note two', publishedAt: '2032-01-02T08:00:00Z' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const titles = async (q: string, sizes?: { recentTitles: number; frequentHits: number }) =>
    (await findSuggestions(t.db, q, 5, sizes)).reports.map((report) => report.id);

  it('finds a frequent match among the newest reports', async () => {
    expect(await titles('zephyrine liquidity')).toEqual(newestDigests());
    expect(await titles('zephyrine liquidity', { recentTitles: 7, frequentHits: 300 })).toEqual(
      newestDigests(),
    );
  });

  it('takes the newest of a probe’s few hits when the newest reports hold too few', async () => {
    expect(await titles('zephyrine liquidity', { recentTitles: 2, frequentHits: 20 })).toEqual(
      newestDigests(),
    );
  });

  it('reads every hit in date order when the probe finds more than a few', async () => {
    // the probe keeps the first 4 hits found, the 4 oldest: the newest of those would be wrong
    expect(await titles('zephyrine liquidity', { recentTitles: 2, frequentHits: 3 })).toEqual(
      newestDigests(),
    );
  });

  it('corrects a typo and then searches the same way', async () => {
    for (const sizes of [
      undefined,
      { recentTitles: 2, frequentHits: 20 },
      { recentTitles: 2, frequentHits: 3 },
    ]) {
      expect(await titles('zephyrne liqidity', sizes)).toEqual(newestDigests());
    }
  });

  it('finds nothing for a title no report has, at every step', async () => {
    for (const sizes of [undefined, { recentTitles: 2, frequentHits: 3 }]) {
      expect(await titles('qwxzv plumbago', sizes)).toEqual([]);
    }
  });
});
