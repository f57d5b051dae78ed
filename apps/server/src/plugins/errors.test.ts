import { messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPostgres } from '../db/client.ts';
import { freePort } from '../test/free-port.ts';
import type { App } from '../types.ts';
import { errorsPlugin, isDatabaseUnavailable } from './errors.ts';

// Issue 26 (bench/resilience.mjs, pg-restart): while PostgreSQL restarts, a request that reaches the database is
// answered 503 with Retry-After, not 500. The errors are the driver's own: a pool pointed at a port where nothing
// listens (ECONNREFUSED, wrapped by Drizzle), and PostgreSQL's codes as node-postgres reports them.

/** node-postgres's error for a statement PostgreSQL refused (DatabaseError: message, code, severity). */
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('a database that cannot be reached', () => {
  let handle: DbHandle;
  let app: ReturnType<typeof Fastify>;

  beforeAll(async () => {
    handle = await openPostgres(`postgres://nobody@127.0.0.1:${await freePort()}/nothing`);
    app = Fastify({ logger: false });
    errorsPlugin(app as unknown as App);
    app.get('/query', async () => handle.db.execute(sql`select 1`));
    app.get('/shutdown', async () => {
      throw pgError('57P01', 'terminating connection due to administrator command');
    });
    app.get('/terminated', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    app.get('/sql', async () => {
      throw pgError('42P01', 'relation "nothing" does not exist');
    });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it('is answered 503 with Retry-After and a JSON message, when the connection is refused', async () => {
    const res = await app.inject({ method: 'GET', url: '/query' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ success: false, message: messages.errors.unavailable });
  });

  it('is answered 503 for PostgreSQL shutting down and for a connection that ended', async () => {
    for (const url of ['/shutdown', '/terminated']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
    }
  });

  it('leaves other failures 500, a database error about the statement included', async () => {
    for (const url of ['/bug', '/sql'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(500);
  });

  it('is recognised through the chain of causes, by code and by class 08', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(pgError('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006', 'connection failure')))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(wrapped(Object.assign(new Error('x'), { code: 'ECONNRESET' })))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('a bug'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
