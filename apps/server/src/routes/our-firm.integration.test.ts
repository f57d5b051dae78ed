import { messagesSite, siteContentLimits } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../modules/changes/change-feed.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// POST /content/update (issue 24; spec 2 "Our Firm Management"): an admin saves the About Us text whole; it is
// sanitised with the stored-HTML policy, and a reader sees it on the next GET /content (caches on).
describe('Our Firm: POST /content/update', () => {
  let t: TestApp;
  let admin: TestClient;
  let client: TestClient;
  let anonymous: TestClient;
  const seen: Change[] = [];
  const update = (body: unknown, who = admin, csrf = true) =>
    who.request('POST', '/api/content/update', { body, csrf });
  const content = async (who: TestClient = anonymous) => {
    const reply = await who.get('/api/content');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().data as { html: string; updatedAt: string | null };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
    t.app.services.changes.subscribe('site-content', (change) => seen.push(change));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for admins only, with the CSRF header', async () => {
    const before = await content();
    expect((await update({ html: '<p>Taken over</p>' }, anonymous)).statusCode).toBe(401);
    expect((await update({ html: '<p>Taken over</p>' }, client)).statusCode).toBe(403);
    expect((await update({ html: '<p>Taken over</p>' }, admin, false)).statusCode).toBe(403);
    expect(await content()).toEqual(before);
  });

  it('saves the text sanitised, and every reader sees it on the next request', async () => {
    seen.length = 0;
    const html =
      '<h2>About us</h2><p onclick="steal()">We cover <strong>Asia</strong>.</p><script>steal()</script>' +
      '<p><a href="javascript:steal()">x</a> <a href="https://example.com" target="_blank">site</a></p>' +
      '<img src="https://tracker.example/p.gif"><iframe src="https://evil.example"></iframe>';
    const reply = await update({ html });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json().data as { html: string; updatedAt: string };
    expect(saved.updatedAt).toBe(t.clock().toISOString());
    for (const bad of ['onclick', '<script', 'steal', 'javascript:', 'tracker.example', '<iframe'])
      expect(saved.html).not.toContain(bad);
    expect(saved.html).toContain('<h2>About us</h2><p>We cover <strong>Asia</strong>.</p>');
    expect(saved.html).toContain('<a rel="noopener noreferrer" href="https://example.com" target="_blank">');
    expect(seen).toEqual([{ kind: 'site-content', ids: ['about'] }]);
    // The next read, signed in or not, is the new text.
    expect(await content()).toEqual(saved);
    expect(await content(client)).toEqual(saved);
  });

  it('refuses a text without words, an oversize one and malformed bodies, and changes nothing', async () => {
    const before = await content();
    const writes = await countWrites(t.db);
    seen.length = 0;
    for (const html of [
      '',
      '   ',
      '<p> </p><p><br></p>',
      '<script>alert(1)</script>',
      '<img src="/x.png">',
    ]) {
      const reply = await update({ html });
      expect(reply.statusCode, html).toBe(400);
      expect(reply.json().message).toBe(messagesSite.ourFirm.empty);
    }
    const long = await update({ html: `<p>${'a'.repeat(siteContentLimits.htmlMax)}</p>` });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(messagesSite.ourFirm.tooLong);
    for (const body of [
      {},
      { html: 5 },
      { html: null },
      { html: '<p>x</p>', key: 'careers' },
      '<p>x</p>',
      [],
    ]) {
      const reply = await update(body);
      expect(reply.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await writes()).toBe(0);
    expect(seen).toEqual([]);
    expect(await content()).toEqual(before);
  });
});
