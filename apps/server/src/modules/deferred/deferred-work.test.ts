import { describe, expect, it, vi } from 'vitest';
import { createDeferredWork } from './deferred-work.ts';

describe('deferred work', () => {
  it('runs after the current turn, logs failures, and drain waits for nested work', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const deferred = createDeferredWork({ log });
    const order: string[] = [];
    deferred.run('first', async () => {
      order.push('first');
      deferred.run('nested', async () => {
        order.push('nested');
      });
    });
    deferred.run('failing', async () => {
      throw new Error('boom');
    });
    order.push('request answered');
    await deferred.drain();
    expect(order).toEqual(['request answered', 'first', 'nested']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ job: 'failing' });
  });
});
