import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayRows, type DbHandle, openPostgres } from '../db/client.ts';
import { isDatabaseUnavailable } from '../plugins/errors.ts';

// A database host that accepts connections and never answers (or drops packets) must not hold requests: opening a
// connection gives up after the connect timeout, with an error answered 503 (db/client.ts, issue 26). No
// PostgreSQL needed: the "database" here is a socket that stays silent.
describe('connecting to a database that never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let url = '';
  const handles: DbHandle[] = [];

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `postgres://portal:secret@127.0.0.1:${(silent.address() as net.AddressInfo).port}/portal`;
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const failureOf = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    const error = await run().then(
      () => null,
      (reason: unknown) => reason,
    );
    return { error, ms: performance.now() - started };
  };

  it('fails a statement on the pool after the connect timeout, as unavailable', async () => {
    const handle = await openPostgres(url, { pipelines: 1, connectTimeoutMs: 300 });
    handles.push(handle);
    const { error, ms } = await failureOf(() => handle.db.execute(sql`select ${1}::int`));
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(5000);
  });

  it('fails a short statement on a pipelined connection after the connect timeout, as unavailable', async () => {
    const handle = await openPostgres(url, { pipelines: 1, connectTimeoutMs: 300 });
    handles.push(handle);
    const { error, ms } = await failureOf(() => arrayRows(handle.db, sql`select ${1}::int`, { short: true }));
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(5000);
  });
});
