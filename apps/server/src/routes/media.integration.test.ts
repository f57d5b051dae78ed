import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sliders } from '../db/schema/index.ts';
import { createStorage } from '../modules/storage/storage.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('GET /api/media/{folder}/{file}', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-media-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const storage = createStorage(t.config);
    await storage.put('analysts/7.png', png, 'image/png');
    await storage.put('brand/logo.v2.png', png, 'image/png');
    await storage.put(
      'brand/logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    );
    await storage.put('demo/reports/0001-secret.pdf', Buffer.from('%PDF-1.7 secret'), 'application/pdf');
    await storage.put('sliders/private.webp', png, 'image/webp');
    await storage.put('sliders/shared.webp', png, 'image/webp');
    const slide = { type: 'image' as const, active: true, updatedAt: t.clock() };
    await t.db.insert(sliders).values([
      { ...slide, key: 'members', name: 'Members only', isPrivate: true, mediaKey: 'sliders/private.webp' },
      { ...slide, key: 'open', name: 'Open', isPrivate: false, mediaKey: 'sliders/shared.webp' },
      { ...slide, key: 'open-too', name: 'Open too', isPrivate: true, mediaKey: 'sliders/shared.webp' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a public image to anyone, with its type and a cache lifetime', async () => {
    const response = await new TestClient(t.app).get('/api/media/analysts/7.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('max-age');
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it("serves the firm's logo from the brand folder, an SVG with a policy that runs nothing", async () => {
    const png1 = await new TestClient(t.app).get('/api/media/brand/logo.v2.png');
    expect(png1.statusCode).toBe(200);
    expect(png1.headers['content-type']).toBe('image/png');
    expect(png1.headers['content-security-policy']).not.toContain('sandbox');
    const svg = await new TestClient(t.app).get('/api/media/brand/logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("script-src 'none'");
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it("serves a private slide's picture to signed-in readers only, never from a shared cache", async () => {
    expect((await new TestClient(t.app).get('/api/media/sliders/private.webp')).statusCode).toBe(404);
    const reader = new TestClient(t.app);
    await reader.login('client@demo.test', demoPassword);
    const response = await reader.get('/api/media/sliders/private.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    // a picture that a public slide shows too is public
    const shared = await new TestClient(t.app).get('/api/media/sliders/shared.webp');
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 for a missing image', async () => {
    const response = await new TestClient(t.app).get('/api/media/analysts/8.png');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.errors.notFound);
  });

  it('never serves report files or anything outside the public folders', async () => {
    const client = new TestClient(t.app);
    for (const url of [
      '/api/media/demo/0001-secret.pdf',
      '/api/media/reports/0001-secret.pdf',
      '/api/media/analysts/..%2Fdemo%2Freports%2F0001-secret.pdf',
      '/api/media/analysts/7.svg',
      '/api/media/brand/logo.gif',
      '/api/media/brand/..%2Fdemo%2Freports%2F0001-secret.pdf',
      // names a storage key may not have (they used to answer 500)
      '/api/media/brand/-a.png',
      '/api/media/brand/_x.webp',
      '/api/media/brand/..svg',
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body).not.toContain('secret');
    }
  });
});
