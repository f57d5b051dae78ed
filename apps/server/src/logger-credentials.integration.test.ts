import { Writable } from 'node:stream';
import { apiRoutes, type HttpMethod, webRoutes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { DbHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loggerOptions } from './logger.ts';
import { createStorage } from './modules/storage/storage.ts';
import { runPendingSeeds } from './seed/index.ts';
import { TestClient } from './test/client.ts';
import {
  createTestClock,
  createTestDatabase,
  silentLog,
  type TestDatabase,
  testConfig,
} from './test/test-app.ts';
import type { App } from './types.ts';

// Issue 21, item 7: meeting links, e-mailed report keys, signed file URLs and every other credential in a URL were
// printed whole in the log. The route tables mark each credential-bearing path or query parameter; here every marked
// route is requested with a known token through the app's real logger options, and the captured log is read.
describe('credentials never reach the log', () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let app: App;
  const log: string[] = [];
  let sequence = 0;
  /** A token no log line could contain by chance. */
  const knownToken = () => `Cred${(++sequence).toString().padStart(4, '0')}Xq7Zp3Lm9Tt5Vv1Ww`;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await database.open();
    const config = testConfig();
    const clock = createTestClock();
    await migrate(handle);
    await runPendingSeeds(
      { db: handle.db, config, clock, log: silentLog, storage: createStorage(config) },
      { skip: ['catalogue'] },
    );
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    // debug: the "incoming request" lines carry the URL too.
    app = await buildApp({
      config,
      db: handle.db,
      clock,
      logger: { ...loggerOptions(config), level: 'debug', stream },
    });
    // A failure whose message and stack quote a credential-bearing URL (outside the route table: an asset route).
    // The token comes in a header, which the log never prints, so that only the error can leak it.
    app.get('/test/fails', { config: { asset: true } }, async (request) => {
      const token = String(request.headers['x-test-token']);
      throw new Error(`could not open /api/files/${token} nor /rfs.htm?docId=S-1&a=${token}`);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await database?.destroy();
  });

  /** Every URL of the route tables that carries a credential, with `token` in each marked place. */
  const markedUrls = (token: string) => {
    const urls: string[] = [];
    const fill = (
      path: string,
      credentials: { params?: readonly string[]; query?: readonly string[] } | undefined,
      sample: Record<string, string> = {},
      query: Record<string, string> = {},
    ) => {
      if (!credentials) return;
      const filled = path.replace(/:(\w+)/g, (_m, name: string) =>
        credentials.params?.includes(name) ? token : (sample[name] ?? '1'),
      );
      const search = new URLSearchParams(query);
      for (const name of credentials.query ?? []) search.set(name, token);
      const text = search.toString();
      urls.push(text ? `${filled}?${text}` : filled);
    };
    for (const route of apiRoutes) {
      if (!('credentials' in route)) continue;
      fill(`/api${route.path}`, route.credentials, route.sample?.params, route.sample?.query);
    }
    for (const route of webRoutes) fill(route.path, 'credentials' in route ? route.credentials : undefined);
    return urls;
  };

  const request = (method: HttpMethod, url: string) => app.inject({ method, url });
  const logText = () => log.join('');

  it('marks the credential-bearing routes the issue names in the route tables', () => {
    const urls = markedUrls('T0KEN');
    for (const expected of [
      '/api/connect/join/T0KEN',
      '/connect/join/T0KEN',
      '/api/files/T0KEN',
      '/rfs.htm?a=T0KEN',
      '/api/report?accessKey=T0KEN',
      '/api/verify?token=T0KEN',
      '/resetpassword?p=T0KEN',
      '/api/unsubscribe/oneClick?token=T0KEN',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('prints no credential of any marked route, in request lines, debug lines or error lines', async () => {
    const tokens: string[] = [];
    for (const route of apiRoutes) {
      if (!('credentials' in route)) continue;
      const token = knownToken();
      tokens.push(token);
      for (const url of markedUrls(token).filter((u) => u.startsWith(`/api${route.path.split('/:')[0]}`))) {
        await request(route.method, url);
      }
    }
    for (const url of markedUrls('PLACEHOLDER').filter((u) => !u.startsWith('/api/'))) {
      const token = knownToken();
      tokens.push(token);
      await request('GET', url.replaceAll('PLACEHOLDER', token));
    }
    // The e-mailed report link as it is mailed, with the router's leniency: any case, doubled and trailing slashes,
    // an encoded parameter name.
    const variants = (token: string) => [
      `/rfs.htm?rfsUrl=%2Freports%2FS-1&rcptId=7&docId=S-1&a=${token}`,
      `/RFS.HTM?docId=S-1&A=${token}`,
      `/rfs.htm?%61=${token}`,
      `/API/Files/${token}`,
      `//api//files//${token}/`,
      `/api/connect/join/${token}/`,
      `/Connect/Join/${token}`,
      `/api/report?accessKey=${token}&x=1`,
    ];
    for (const url of variants('VARIANTTOKEN')) {
      const token = knownToken();
      tokens.push(token);
      await request('GET', url.replace('VARIANTTOKEN', token));
    }
    // An error line: the message and stack quote a credential-bearing URL.
    const failing = knownToken();
    tokens.push(failing);
    const failed = await app.inject({
      method: 'GET',
      url: '/test/fails',
      headers: { 'x-test-token': failing },
    });
    expect(failed.statusCode).toBe(500);

    const text = logText();
    // Each request was logged (the redacted form is there), and no token appears anywhere.
    expect(text).toContain('/api/files/[redacted]');
    expect(text).toContain('/connect/join/[redacted]');
    expect(text).toContain('a=[redacted]');
    expect(text).toContain('could not open /api/files/[redacted]');
    expect(tokens.length).toBeGreaterThanOrEqual(20);
    expect(tokens.filter((token) => text.includes(token))).toEqual([]);
  });

  it('keeps what is not a credential readable', async () => {
    await request('GET', '/api/reports?page=2&q=copper');
    await request('GET', '/rfs.htm?rfsUrl=%2Freports%2FS-1&rcptId=7&docId=S-1');
    const text = logText();
    expect(text).toContain('/api/reports?page=2&q=copper');
    expect(text).toContain('docId=S-1');
  });

  it('still prints the links of mail kept in the outbox without SMTP, as the README documents', async () => {
    const browser = await new TestClient(app).start();
    const response = await browser.post('/api/users/forgotPassword', { email: 'client@demo.test' });
    expect(response.statusCode, response.body).toBe(200);
    const mailLines = log
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind?: string; links?: string[] })
      .filter((line) => line.kind === 'mail-links');
    const links = mailLines.flatMap((line) => line.links ?? []);
    expect(links.some((link) => /\/resetpassword\?p=[^[]/.test(link))).toBe(true);
  });
});
