import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports, siteContent, sliders } from '../db/schema/index.ts';
import { createStorage } from '../modules/storage/storage.ts';
import { demoPassword } from '../seed/accounts.ts';
import { yearbookKey } from '../seed/viewer.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The page the server sends for each screen of the SPA (modules/web-document): preloads of the screen's own
// chunks and, on the landing and the home page, the first banner picture this reader is allowed to see.
describe('web document', () => {
  let t: TestApp;
  let webDist: string;
  const index =
    '<!doctype html><html><head><meta name="theme-color" content="#0b2545" /><title>Portal</title>' +
    '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-F.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-A.css"></head><body><div id="root">' +
    '<div class="portal-splash"><!--splash-hero--><span class="portal-mark"><!--firm-initial--></span></div>' +
    '</div></body></html>';
  const manifest = {
    'index.html': {
      file: 'assets/index-A.js',
      src: 'index.html',
      isEntry: true,
      css: ['assets/index-A.css'],
    },
    'src/app/routes/landing.tsx': {
      file: 'assets/landing-B.js',
      src: 'src/app/routes/landing.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_site-C.js'],
      css: ['assets/landing-B.css'],
    },
    '_site-C.js': { file: 'assets/site-C.js', imports: ['index.html'] },
    'src/app/routes/about.tsx': {
      file: 'assets/about-D.js',
      src: 'src/app/routes/about.tsx',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    'src/app/routes/contact.tsx': {
      file: 'assets/contact-G.js',
      src: 'src/app/routes/contact.tsx',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
    '../../node_modules/pdfjs-dist/build/pdf.worker.min.mjs': {
      file: 'assets/pdf.worker.min-E.mjs',
      src: '../../node_modules/pdfjs-dist/build/pdf.worker.min.mjs',
    },
  };

  const logoSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1b4332"/></svg>';

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await mkdir(path.join(webDist, '.vite'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), index);
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({
      catalogue: true,
      // The brand is read by the running app; the demo data is the standard template's (no catalogue seeded here).
      appEnv: {
        WEB_DIST: webDist,
        FIRM_NAME: 'Quayside Partners',
        FIRM_COLOR: '#1B4332',
        FIRM_ACCENT_COLOR: '#d8f3dc',
        FIRM_OFFICES: 'Zurich, Geneva',
        FIRM_LOGO: 'brand/quayside.svg',
      },
    });
    await createStorage(t.config).put('brand/quayside.svg', Buffer.from(logoSvg), 'image/svg+xml');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, client = new TestClient(t.app)) => {
    const response = await client.get(url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toBe('cookie');
    return response.body;
  };

  it("shows the landing's first banner picture in the splash and holds its scripts until it has painted", async () => {
    const html = await page('/');
    expect(html).toContain('<meta name="portal-hero" content="/api/media/sliders/1.webp">');
    expect(html).toContain(
      '<img src="/api/media/sliders/1.webp" alt="" width="1280" height="580" fetchpriority="high">',
    );
    expect(html).toContain('<span class="portal-mark">Q</span>');
    // The landing is painted by the server: its scripts are named for /config.js, not loaded by the page itself.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="portal-boot-module" content="/assets/react-F.js">');
    expect(html).toContain('<meta name="portal-boot-module" content="/assets/landing-B.js">');
    expect(html).toContain('<meta name="portal-boot-module" content="/assets/site-C.js">');
    expect(html).toContain('<meta name="portal-boot-entry" content="/assets/index-A.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/landing-B.css">');
    // the picture is really there
    expect((await new TestClient(t.app).get('/api/media/sliders/1.webp')).statusCode).toBe(200);
  });

  it("paints About's text from the stored content, sanitised, under the firm's name", async () => {
    const html = await page('/about');
    expect(html).toContain(
      '<div class="portal-painted"><p class="portal-painted-eyebrow">Quayside Partners</p><h1>About Us</h1>',
    );
    expect(html).toContain('<div class="portal-painted-prose"><h2>');
    expect(html).toContain('<meta name="portal-boot-module" content="/assets/about-D.js">');
    expect(html).not.toContain('landing-B');
    expect(html).not.toContain('portal-hero');
    // What the page paints goes through the stored-HTML policy on its way out, whatever the table holds.
    const [before] = await t.db.select().from(siteContent).where(eq(siteContent.key, 'about'));
    try {
      await t.db
        .update(siteContent)
        .set({
          html: '<script>alert(1)</script><p onclick="steal()">Plain <a href="javascript:x()">words</a></p>',
        })
        .where(eq(siteContent.key, 'about'));
      const unsafe = await page('/about');
      expect(unsafe).toContain(
        '<div class="portal-painted-prose"><p>Plain <a rel="noopener noreferrer">words</a></p></div>',
      );
      expect(unsafe).not.toContain('alert(1)');
      expect(unsafe).not.toContain('steal()');
      // Nothing stored: no painted text, the splash as built.
      await t.db.update(siteContent).set({ html: '  ' }).where(eq(siteContent.key, 'about'));
      expect(await page('/about')).not.toContain('portal-painted');
    } finally {
      await t.db.update(siteContent).set({ html: before!.html }).where(eq(siteContent.key, 'about'));
    }
  });

  it("preloads another screen's chunks with the page's own scripts, without a banner picture or painted text", async () => {
    const html = await page('/contact');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-F.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/contact-G.js">');
    expect(html).not.toContain('portal-boot-entry');
    expect(html).not.toContain('portal-painted');
    expect(html).not.toContain('portal-hero');
    // unknown screens and screens without a module of their own get the page as built
    const unknown = await page('/no/such/page');
    expect(unknown).not.toContain('portal-boot-module');
    expect(unknown).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(unknown).toContain('<span class="portal-mark">Q</span>');
  });

  it("names the screen's first calls and, for the viewer, the pdf.js worker, which /config.js starts with the page", async () => {
    const call = (url: string) => `<meta name="portal-boot-call" content="${url}">`;
    const worker = '<meta name="portal-boot-pdf-worker" content="/assets/pdf.worker.min-E.mjs">';
    const landing = await page('/');
    expect(landing).toContain(call('/api/users/me') + call('/api/landing'));
    expect(landing).not.toContain('portal-boot-pdf-worker');
    expect(await page('/about')).toContain(call('/api/users/me') + call('/api/content'));
    const viewer = await page('/reports/123_asia-yearbook');
    expect(viewer).toContain(call('/api/users/me') + call('/api/report/S-123') + worker);
    expect(await page('/reports/h-9')).toContain(call('/api/report/H-9'));
    // a segment that names no report (an escaped '%' too) starts only the session
    for (const url of ['/reports/not-a-report', '/reports/%25E0']) {
      const html = await page(url);
      expect(html).toContain(call('/api/users/me'));
      expect(html).not.toContain('/api/report/');
    }
    // pages outside the route table start nothing
    expect(await page('/no/such/page')).not.toContain('portal-boot-call');
    const config = await new TestClient(t.app).get('/config.js');
    expect(config.body).toContain('window.__PORTAL_BOOT__ = boot;');
    expect(config.body).toContain('meta[name="portal-boot-call"]');
  });

  it('shows a private first slide to signed-in readers only, and no picture when the first slide has none', async () => {
    // The pictures are kept for the cache's time: a slider change says so on the change feed, as every write does.
    const changeSliders = async (change: () => Promise<unknown>) => {
      await change();
      t.app.services.changes.publish({ kind: 'site-content', ids: ['sliders'] });
    };
    await changeSliders(() =>
      t.db.update(sliders).set({ isPrivate: true }).where(eq(sliders.key, 'slider1')),
    );
    try {
      expect(await page('/')).toContain('content="/api/media/sliders/2.webp"');
      const reader = new TestClient(t.app);
      await reader.login('client@demo.test', 'Portal-demo-1');
      expect(await page('/', reader)).toContain('content="/api/media/sliders/1.webp"');
      expect(await page('/home', reader)).toContain('content="/api/media/sliders/1.webp"');
      // a junk session cookie is only a signed-out visitor here
      const junk = new TestClient(t.app);
      junk.cookies.set('sid', 'x'.repeat(500));
      expect(await page('/', junk)).toContain('content="/api/media/sliders/2.webp"');
      // kept: without invalidate() the same answer for the cache's time
      await t.db.update(sliders).set({ active: false }).where(eq(sliders.key, 'slider2'));
      expect(await page('/')).toContain('content="/api/media/sliders/2.webp"');
      await changeSliders(() =>
        t.db.update(sliders).set({ active: false }).where(eq(sliders.key, 'slider3')),
      );
      expect(await page('/')).not.toContain('portal-hero');
    } finally {
      await changeSliders(() => t.db.update(sliders).set({ isPrivate: false, active: true }));
    }
  });

  it('still sends the page, without the picture, when the picture cannot be looked up', async () => {
    const site = t.app.services.site;
    const original = site.firstBannerImage;
    site.firstBannerImage = async () => {
      throw new Error('database unavailable');
    };
    try {
      const html = await page('/');
      expect(html).toContain('<span class="portal-mark">Q</span>');
      expect(html).not.toContain('portal-hero');
    } finally {
      site.firstBannerImage = original;
    }
  });

  it("paints the firm's colours before any script runs and describes the firm's brand in /config.js", async () => {
    const html = await page('/about');
    expect(html).toContain('<meta name="theme-color" content="#1b4332" />');
    const style = html.indexOf('<style>:root{--portal-ink:#1b4332;--portal-ink-2:#');
    expect(style).toBeGreaterThan(html.indexOf('href="/assets/index-A.css"'));
    expect(html.slice(style)).toMatch(/^<style>:root\{[^<]*--portal-accent:#d8f3dc\}<\/style><\/head>/);

    const config = await new TestClient(t.app).get('/config.js');
    expect(config.body).toContain(
      '"offices":["Zurich","Geneva"],"colors":{"primary":"#1b4332","accent":"#d8f3dc"},"logoUrl":"/api/media/brand/quayside.svg"',
    );

    // The logo is public; as an SVG document of its own it may run nothing.
    const logo = await new TestClient(t.app).get('/api/media/brand/quayside.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; sandbox",
    );
    expect(logo.body).toBe(logoSvg);
  });

  it("paints the first page of a PDF the signed-in reader may read, drawn from the reader's stamped copy", async () => {
    const [yearbook] = await t.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.filePath, yearbookKey));
    const id = yearbook!.id;
    const picture = `/api/report/S-${id}/firstPage`;
    const painted = `<div class="portal-painted-report"><img src="${picture}" alt="" width="893" height="1263" fetchpriority="high" elementtiming="report-first-page"></div>`;
    const client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    const viewer = await page(`/reports/${id}_asia-semiconductor-yearbook`, client);
    expect(viewer).toContain(painted);
    // asked for first, before any script or style of the page
    expect(viewer).toContain(`<head><link rel="preload" as="image" href="${picture}" fetchpriority="high">`);
    // not for a visitor who is not signed in, nor on a report that names no PDF
    expect(await page(`/reports/${id}_asia-semiconductor-yearbook`)).not.toContain('portal-painted-report');
    expect(await page('/reports/999999', client)).not.toContain('portal-painted-report');
    // The picture: the reader's own stamped page one (their name is in the watermark), never for a visitor.
    const image = await client.get(picture);
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 893, 1263]);
    expect((await new TestClient(t.app).get(picture)).statusCode).toBe(401);
    expect((await client.get('/api/report/S-999999/firstPage')).statusCode).toBe(404);
    expect((await client.get('/api/report/not-an-id/firstPage')).statusCode).toBe(400);
    // A report the reader may not read: no picture in its page, and the picture refused.
    const ids = await t.db.select({ id: reports.id }).from(reports).limit(60);
    let refused: number | undefined;
    for (const row of ids) {
      if ((await client.get(`/api/report/S-${row.id}`)).statusCode === 403) {
        refused = row.id;
        break;
      }
    }
    expect(refused, 'a report the demo client is not entitled to').toBeDefined();
    expect(await page(`/reports/${refused}`, client)).not.toContain('portal-painted-report');
    expect((await client.get(`/api/report/S-${refused}/firstPage`)).statusCode).toBe(403);
    // A second request is the stored picture (drawn once per copy).
    const again = await client.get(picture);
    expect(again.rawPayload.equals(image.rawPayload)).toBe(true);
  });
});
