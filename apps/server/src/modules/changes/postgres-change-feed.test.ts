import { describe, expect, it } from 'vitest';
import { payloadsOf } from './postgres-change-feed.ts';

describe('the change feed’s NOTIFY payloads', () => {
  it('batches changes under PostgreSQL’s 8,000-byte limit, and a change too long for one says its kind only', () => {
    const small = { kind: 'report' as const, ids: [1, 2, 3] };
    expect(payloadsOf('p1', [small, { kind: 'session' }])).toEqual([
      JSON.stringify({ o: 'p1', c: [small, { kind: 'session' }] }),
    ]);
    const huge = { kind: 'user' as const, ids: Array.from({ length: 5000 }, (_, i) => i + 1) };
    expect(payloadsOf('p1', [huge])).toEqual([JSON.stringify({ o: 'p1', c: [{ kind: 'user' }] })]);
    const many = Array.from({ length: 40 }, (_, i) => ({
      kind: 'post' as const,
      ids: Array.from({ length: 40 }, (_, j) => i * 100 + j),
    }));
    const payloads = payloadsOf('p1', many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => JSON.parse(payload).c)).toEqual(many);
  });
});
