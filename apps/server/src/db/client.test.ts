import { describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

describe('PGlite client', () => {
  it('lets the event loop turn between queued statements (a queue of searches must not starve I/O)', async () => {
    const handle = await openPglite();
    try {
      if (handle.kind !== 'pglite') throw new Error('expected PGlite');
      const client = (handle.driver as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      let finished = 0;
      const statements = Array.from({ length: 20 }, () =>
        client.query('select pg_sleep(0.01)').then(() => {
          finished += 1;
        }),
      );
      // Stands for a connection or a cheap request arriving while the statements are queued.
      const seenAfter = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
      await Promise.all(statements);
      expect(await seenAfter).toBeLessThan(3);
    } finally {
      await handle.close();
    }
  });
});
