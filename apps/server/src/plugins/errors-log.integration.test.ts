import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { DbHandle } from '../db/client.ts';
import { loggerOptions, redactUrl } from '../logger.ts';
import { createTestDatabase, testConfig } from '../test/test-app.ts';
import type { App } from '../types.ts';

interface LogLine {
  level: number;
  msg?: string;
  kind?: string;
  reqId?: string;
  req?: { url?: string };
  err?: { stack?: string };
}

// Issue 10: every 5xx is logged at error level with a stack, whatever produced it, so that an intermittent 500
// can be traced from the server's log alone. The app logs through its real logger options into a stream here.
describe('the log of server failures', () => {
  let app: App;
  let handle: DbHandle;
  let base: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    handle = await (await createTestDatabase()).open();
    const config = testConfig();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({
      config,
      db: handle.db,
      // debug: the "incoming request" line that ties a request's lines to its URL is a debug line (issue 11).
      logger: { ...loggerOptions(config), level: 'debug', stream },
    });
    // Test routes outside the API route table: `asset` routes pass the authorization plugin.
    const asset = { config: { asset: true } };
    app.get('/test/throws', asset, async () => {
      throw new Error('boom in a handler');
    });
    app.get('/test/code', asset, async (_request, reply) => reply.code(502).send({ upstream: 'down' }));
    app.get(
      '/test/hook',
      {
        ...asset,
        onRequest: async () => {
          throw new Error('boom in a hook');
        },
      },
      async () => ({ ok: true }),
    );
    app.get(
      '/test/serialize',
      { ...asset, schema: { response: { 200: z.object({ count: z.number() }) } } },
      async () => ({ count: 'many' }) as never,
    );
    app.get('/test/stream', asset, async (_request, reply) => {
      let sent = false;
      const body = new Readable({
        read() {
          if (sent) {
            this.destroy(new Error('disk went away mid-file'));
            return;
          }
          sent = true;
          this.push('x'.repeat(64 * 1024));
        },
      });
      return reply.type('application/octet-stream').send(body);
    });
    app.get('/test/refused', asset, async (_request, reply) => reply.code(400).send({ refused: true }));
    app.get('/test/fine', asset, async () => ({ ok: true }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  /** The log lines of the one request to `url`, once its error line (if any) has been written. */
  const linesOf = async (url: string) => {
    // A response that breaks off may fail the fetch itself (status 0) or only the reading of its body.
    let status = 0;
    let body = '';
    try {
      const response = await fetch(`${base}${url}`);
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = `(failed: ${(error as Error).message})`;
    }
    const reqId = await vi.waitFor(() => {
      const incoming = lines.find(
        (line) => line.msg === 'incoming request' && line.req?.url === redactUrl(url),
      );
      expect(incoming, url).toBeDefined();
      return incoming?.reqId as string;
    });
    // The reply is out before its last lines are: wait for Fastify's own closing line.
    await vi.waitFor(() =>
      expect(
        lines.some(
          (line) =>
            line.reqId === reqId &&
            (line.kind === 'request' || /request errored|headers already sent/.test(line.msg ?? '')),
        ),
      ).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { status, body, lines: lines.filter((line) => line.reqId === reqId) };
  };

  const expectOneFailureLine = (logged: LogLine[], stackHas: string) => {
    const errors = logged.filter((line) => line.level >= 50);
    expect(errors, JSON.stringify(logged)).toHaveLength(1);
    expect(errors[0]?.level).toBe(50);
    expect(errors[0]?.err?.stack).toContain(stackHas);
  };

  it('logs an error thrown in a handler, with its stack', async () => {
    const { status, lines: logged } = await linesOf('/test/throws');
    expect(status).toBe(500);
    expectOneFailureLine(logged, 'boom in a handler');
  });

  it('logs a reply sent with a 5xx status by code, with the stack of the code that sent it', async () => {
    const { status, lines: logged } = await linesOf('/test/code');
    expect(status).toBe(502);
    expectOneFailureLine(logged, 'errors-log.integration.test.ts');
  });

  it('logs an error thrown in a hook', async () => {
    const { status, lines: logged } = await linesOf('/test/hook');
    expect(status).toBe(500);
    expectOneFailureLine(logged, 'boom in a hook');
  });

  it('logs a reply that does not fit its response schema', async () => {
    const { status, lines: logged } = await linesOf('/test/serialize');
    expect(status).toBe(500);
    expectOneFailureLine(logged, 'Error');
  });

  it('logs a response that fails after it has started', async () => {
    const { status, body, lines: logged } = await linesOf('/test/stream');
    // Cut off after the headers (200): the client sees a broken response, not a whole one.
    expect(body).toMatch(/^\(failed: /);
    expect([0, 200]).toContain(status);
    expectOneFailureLine(logged, 'disk went away mid-file');
  });

  it('writes one info line per request: method, path (tokens hidden), status and time', async () => {
    const { status, lines: logged } = await linesOf('/test/fine?token=secret-link-token');
    expect(status).toBe(200);
    const info = logged.filter((line) => line.level === 30);
    expect(info, JSON.stringify(logged)).toHaveLength(1);
    expect(info[0]?.msg).toMatch(/^GET \/test\/fine\?token=\[redacted\] 200 [\d.]+ ms$/);
    expect(JSON.stringify(logged)).not.toContain('secret-link-token');
  });

  it('keeps refusals (4xx) out of the error level', async () => {
    const { status, lines: logged } = await linesOf('/test/refused');
    expect(status).toBe(400);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});
