import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('SPA serving, runtime config and security headers', () => {
  let t: TestApp;
  let webDist: string;
  const index =
    '<!doctype html><html><head><script src="/config.js"></script></head><body>portal</body></html>';

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), index);
    await writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *');
    await writeFile(path.join(webDist, 'assets', 'app-XyZ789.js'), 'console.log(2);');
    await writeFile(path.join(webDist, 'assets', 'app-XyZ789.js.br'), brotliCompressSync('console.log(2);'));
    await writeFile(path.join(webDist, 'assets', 'app-XyZ789.js.gz'), gzipSync('console.log(2);'));
    t = await createTestApp({ env: { WEB_DIST: webDist, CORS_ORIGINS: 'http://app.example:5173' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves index.html uncached for the root and for any screen path (history fallback)', async () => {
    for (const url of ['/', '/login/signupPreference', '/Reports/123?x=1', '/settings/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      // The built page, with the calls its screen starts named in the head (web-document.integration).
      expect(response.body.replace(/<meta name="portal-boot-[a-z-]+" content="[^"]*">/g, '')).toBe(index);
      expect(response.body).toContain('<meta name="portal-boot-call" content="/api/users/me">');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toBe('cookie');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('caches hashed assets for a year and keeps their case', async () => {
    const response = await get('/assets/index-AbC123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await get('/robots.txt')).body).toBe('User-agent: *');
  });

  it('sends the precompressed copies of the build to browsers that accept them', async () => {
    const br = await get('/assets/app-XyZ789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(2);');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get('/assets/app-XyZ789.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(2);');
    const plain = await get('/assets/app-XyZ789.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(2);');
    // a file without copies is sent as it is, whatever the browser accepts
    expect((await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' })).body).toBe('console.log(1);');
  });

  it('does not serve files outside the build folder', async () => {
    const response = await get('/assets/..%2f..%2fetc%2fpasswd');
    expect(response.body).not.toContain('root:');
  });

  it('answers unknown API paths with JSON 404, not the SPA', async () => {
    for (const url of ['/api/unknown', '/API/Unknown/Deeper', '/api']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.errors.notFound });
    }
  });

  it('serves /config.js uncached with the runtime config', async () => {
    const response = await get('/config.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toContain('javascript');
    // The first line is the configuration; the page's boot calls follow (web-document.test).
    const [first = '', ...rest] = response.body.split('\n');
    const json = first.replace(/^window\.__PORTAL_CONFIG__ = /, '').replace(/;$/, '');
    expect(rest.join('\n')).toContain('window.__PORTAL_BOOT__ = boot;');
    const { logo: _logo, ...firm } = t.config.firm;
    expect(JSON.parse(json)).toEqual({ apiBase: '/api', firm: { ...firm, logoUrl: null } });
    expect(firm.offices).toEqual(['Hong Kong', 'Singapore', 'London', 'New York']);
    expect(firm.colors).toEqual({ primary: '#0b2545', accent: '#c9a96e' });
  });

  it('sends the CSP and other security headers', async () => {
    const csp = (await get('/')).headers['content-security-policy'];
    expect(csp).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self' http://app.example:5173;" +
        "frame-src 'self' https://www.youtube-nocookie.com;media-src 'self';worker-src 'self';frame-ancestors 'none';" +
        "object-src 'none';base-uri 'self';form-action 'self'",
    );
    const api = await get('/api/users/me');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    // a JSON reply is never a document: the API's short set, nothing of the page's policy
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('allows credentialed CORS from the allow-list only and exposes the CSRF header', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/login',
      headers: {
        origin: 'http://app.example:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://app.example:5173');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-csrf-token');

    const allowed = await get('/api/users/me', { origin: 'http://app.example:5173' });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://app.example:5173');
    expect(allowed.headers['access-control-expose-headers']).toBe('x-csrf-token');

    const other = await get('/api/users/me', { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('without a built SPA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('serves the API and /config.js only', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await t.app.inject({ url: '/config.js' })).statusCode).toBe(200);
    const screen = await t.app.inject({ url: '/login' });
    expect(screen.statusCode).toBe(404);
    expect(screen.json()).toEqual({ success: false, message: messages.errors.notFound });
  });
});
