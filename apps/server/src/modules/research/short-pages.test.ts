import { describe, expect, it } from 'vitest';
import { isShortPage, type ListFilter, type ListPosition } from './research-list.repository.ts';

// Which list pages are named short, and so may be pipelined on PostgreSQL (db/pipelined-pool.ts, issue 26): only
// those that read about a page of rows whatever the data. A search or a narrow filter must never be one.
describe('isShortPage', () => {
  const all: ListFilter = { type: 'all', hashtags: [], textTags: [] };
  const first: ListPosition = { kind: 'first' };
  const short = (f: Partial<ListFilter>, position: ListPosition = first) =>
    isShortPage({ ...all, ...f }, position);

  it('names short the pages walked in date order: every report, a sector list, most of them', () => {
    expect(short({})).toBe(true);
    expect(short({}, { kind: 'keyset', at: '2026-11-01 10:00:00.000000', id: 42 })).toBe(true);
    expect(short({}, { kind: 'offset', offset: 0 })).toBe(true);
    expect(short({ sector: [3] })).toBe(true);
    expect(short({ sector: [3, 4, 5] })).toBe(true);
    expect(short({ scopeSectorIds: [1, 2] })).toBe(true);
    // My Research over most sectors walks every report by date (dense)
    expect(short({ scopeSectorIds: Array.from({ length: 30 }, (_, i) => i + 1), dense: true })).toBe(true);
  });

  it('never names short a page that may read many rows or wait on a search', () => {
    expect(short({ q: 'margins' })).toBe(false);
    expect(short({ textTags: ['margins'] })).toBe(false);
    expect(short({ hashtags: ['ai'] })).toBe(false);
    expect(short({ type: 'mostviewed' })).toBe(false);
    expect(short({ type: 'saved', savedBy: 7 })).toBe(false);
    expect(short({ type: 'latest' })).toBe(false);
    expect(short({ analyst: [2] })).toBe(false);
    expect(short({ company: [2] })).toBe(false);
    expect(short({ country: [2] })).toBe(false);
    expect(short({ region: 'Asia' })).toBe(false);
    expect(short({ dStart: '2026-01-01' })).toBe(false);
    expect(short({ mustRead: true })).toBe(false);
    expect(short({ ids: [1, 2, 3] })).toBe(false);
    expect(short({}, { kind: 'offset', offset: 40 })).toBe(false);
    // more sectors than are walked, not dense: filtered by probing while walking by date
    expect(short({ sector: Array.from({ length: 30 }, (_, i) => i + 1) })).toBe(false);
    expect(isShortPage(all, first, { kind: 'window' } as never)).toBe(false);
  });
});
