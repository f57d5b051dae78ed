import { describe, expect, it } from 'vitest';
import {
  bootScript,
  bootTags,
  brandStyle,
  deferEntryScripts,
  type Manifest,
  paintedPageMarkup,
  pdfWorkerFileOf,
  preloadTags,
  renderDocument,
  screenAssetsOf,
  screenModuleOf,
} from './web-document.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_jsx-B.js'],
    css: ['assets/index-A.css'],
  },
  '_jsx-B.js': { file: 'assets/jsx-B.js' },
  '_shared-C.js': {
    file: 'assets/shared-C.js',
    imports: ['index.html', '_deep-D.js'],
    css: ['assets/shared-C.css'],
  },
  '_deep-D.js': { file: 'assets/deep-D.js', imports: ['_shared-C.js'] },
  'src/app/routes/landing.tsx': {
    file: 'assets/landing-E.js',
    src: 'src/app/routes/landing.tsx',
    isDynamicEntry: true,
    imports: ['_shared-C.js', 'index.html', '_jsx-B.js'],
    css: ['assets/landing-E.css'],
  },
  'src/app/routes/resend-verify.tsx': {
    file: 'assets/resend-verify-F.js',
    src: 'src/app/routes/resend-verify.tsx',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/report-viewer/pdf-view.tsx': {
    file: 'assets/pdf-view-G.js',
    src: 'src/features/report-viewer/pdf-view.tsx',
    isDynamicEntry: true,
  },
};

describe('web document', () => {
  it('names a screen module after its id in kebab case', () => {
    expect(screenModuleOf('landing')).toBe('src/app/routes/landing.tsx');
    expect(screenModuleOf('resendVerify')).toBe('src/app/routes/resend-verify.tsx');
    expect(screenModuleOf('verifyCookieEmail')).toBe('src/app/routes/verify-cookie-email.tsx');
  });

  it("collects a screen's chunks and styles through its static imports, without what the entry loads", () => {
    const assets = screenAssetsOf(manifest);
    expect(assets.get('src/app/routes/landing.tsx')).toEqual({
      scripts: ['assets/landing-E.js', 'assets/shared-C.js', 'assets/deep-D.js'],
      styles: ['assets/landing-E.css', 'assets/shared-C.css'],
    });
    expect(assets.get('src/app/routes/resend-verify.tsx')).toEqual({
      scripts: ['assets/resend-verify-F.js'],
      styles: [],
    });
    // Lazy pieces inside screens are not route modules.
    expect(assets.has('src/features/report-viewer/pdf-view.tsx')).toBe(false);
  });

  it('preloads scripts as modules and styles without applying them', () => {
    const tags = preloadTags({ scripts: ['assets/a.js'], styles: ['assets/a.css'] });
    expect(tags).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/a.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js">',
    );
    expect(preloadTags(undefined)).toBe('');
  });

  const template =
    '<html><head><title>x</title></head><body><div id="root"><div class="portal-splash">' +
    '<!--splash-hero--><span><!--firm-initial--></span></div></div></body></html>';

  it("fills in the firm's initial and the head tags", () => {
    const html = renderDocument(template, { firmName: ' harbourline', headTags: '<link rel="x">' });
    expect(html).toContain('<span>H</span>');
    expect(html).toContain('<link rel="x"></head>');
    expect(html).not.toContain('<!--splash-hero-->');
    expect(html).not.toContain('portal-hero');
    expect(renderDocument(template, { firmName: '<b>', headTags: '' })).toContain('<span>&lt;</span>');
  });

  it('puts the hero picture in the splash and names it for the app, escaped', () => {
    const html = renderDocument(template, {
      firmName: 'Firm',
      headTags: '',
      hero: '/api/media/sliders/1.webp?a="b"&c',
    });
    expect(html).toContain(
      '<meta name="portal-hero" content="/api/media/sliders/1.webp?a=&quot;b&quot;&amp;c">',
    );
    expect(html).toContain(
      '<div class="portal-splash"><div class="portal-hero"><img src="/api/media/sliders/1.webp?a=&quot;b&quot;&amp;c" alt="" width="1280" height="580" fetchpriority="high"></div>',
    );
  });

  const branded =
    '<html><head><meta name="theme-color" content="#0b2545" /><link rel="stylesheet" href="/assets/index-A.css">' +
    '</head><body></body></html>';

  it("adds the firm's colour variables after the stylesheet and sets the theme colour", () => {
    const html = renderDocument(branded, {
      firmName: 'Firm',
      colors: { primary: '#5A1E3C', accent: '#f2d28b' },
      headTags: '<link rel="x">',
    });
    expect(html).toMatch(
      /<link rel="stylesheet" href="\/assets\/index-A.css"><link rel="x"><style>:root\{--portal-ink:#5a1e3c;--portal-ink-2:#[0-9a-f]{6};--portal-ink-3:#[0-9a-f]{6};--portal-accent:#f2d28b\}<\/style><\/head>/,
    );
    expect(html).toContain('<meta name="theme-color" content="#5a1e3c" />');
    expect(html).not.toContain('#0b2545');
  });

  it('leaves the default colours to the stylesheet', () => {
    for (const colors of [undefined, { primary: '#0b2545', accent: '#C9A96E' }]) {
      const html = renderDocument(branded, { firmName: 'Firm', colors, headTags: '' });
      expect(html).not.toContain('<style>');
      expect(html).toContain('<meta name="theme-color" content="#0b2545" />');
    }
  });

  it('writes nothing but validated colours', () => {
    expect(brandStyle({ primary: '#5a1e3c;}</style><script>', accent: '#f2d28b' })).toEqual({
      style: '',
      themeColor: null,
    });
    expect(brandStyle({ primary: '#5a1e3c', accent: 'red' }).style).toBe('');
  });

  it('writes values holding replacement patterns as they are', () => {
    const html = renderDocument(template, { firmName: 'Firm', headTags: '<link href="/assets/a-$&$\'.js">' });
    expect(html).toContain('<link href="/assets/a-$&$\'.js"></head>');
  });
});

describe('boot calls', () => {
  it('names the calls, the pdf.js worker and the call whose reply names the PDF, escaped', () => {
    expect(
      bootTags('/api', ['/users/me', '/report/S-1'], {
        worker: 'assets/pdf.worker-A.mjs',
        reportCall: '/report/S-1',
      }),
    ).toBe(
      '<meta name="portal-boot-call" content="/api/users/me">' +
        '<meta name="portal-boot-call" content="/api/report/S-1">' +
        '<meta name="portal-boot-pdf-worker" content="/assets/pdf.worker-A.mjs">' +
        '<meta name="portal-boot-pdf-of" content="/api/report/S-1">',
    );
    expect(bootTags('/api', ['/x?a="b"'])).toBe(
      '<meta name="portal-boot-call" content="/api/x?a=&quot;b&quot;">',
    );
    expect(
      pdfWorkerFileOf({
        w: { file: 'assets/pdf.worker.min-B.mjs', src: 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs' },
      }),
    ).toBe('assets/pdf.worker.min-B.mjs');
    expect(pdfWorkerFileOf({})).toBeUndefined();
  });

  it('is a script a browser parses (it is served inside /config.js, not run through a bundler)', () => {
    expect(() => new Function(bootScript)).not.toThrow();
  });
});

/**
 * The page as /config.js sees it, for running the boot script outside a browser: its `<meta>` tags (read from the
 * page's text), the elements the script adds to the head, and the frame and timer queues, run by the test. (jsdom
 * cannot serve here: on Node 20 its script context fails when another test file of the worker has defined a
 * global `Iterator`.)
 */
const bootPage = (html: string) => {
  const metas = [...html.matchAll(/<meta name="([^"]+)" content="([^"]*)">/g)].map(([, name, content]) => ({
    name,
    getAttribute: (attribute: string) => (attribute === 'content' ? (content ?? null) : null),
  }));
  const byName = (selector: string) => metas.filter((meta) => selector === `meta[name="${meta.name}"]`);
  const added: Array<Record<string, string>> = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const document = {
    visibilityState: 'visible',
    querySelectorAll: byName,
    querySelector: (selector: string) => byName(selector)[0] ?? null,
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Record<string, string>) => added.push(element) },
  };
  const window: Record<string, unknown> = {};
  const run = () =>
    new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', 'fetch', 'Worker', bootScript)(
      window,
      document,
      (callback: (time: number) => void) => frames.push(() => callback(0)),
      (callback: () => void) => timers.push(callback),
      () => new Promise<never>(() => {}),
      undefined,
    );
  return { run, added, frames, timers };
};

describe('pages the server paints', () => {
  const built =
    '<html><head><title>x</title><script defer src="/config.js"></script>' +
    '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-A.css"></head>' +
    '<body><div id="root"><div class="portal-splash" role="status"><!--splash-hero-->' +
    '<span class="portal-mark"><!--firm-initial--></span></div></div></body></html>';

  it('holds the entry script and its preloads back as meta tags, the stylesheet in place', () => {
    const page = deferEntryScripts(built);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
    expect(page).toContain(
      '<meta name="portal-boot-module" content="/assets/react-B.js"><meta name="portal-boot-entry" content="/assets/index-A.js"></head>',
    );
    // Not a Vite build (no entry script): left as it is.
    expect(deferEntryScripts('<html><head></head></html>')).toBe('<html><head></head></html>');
    // Only with the option.
    expect(renderDocument(built, { firmName: 'F', headTags: '' })).toContain('<script type="module"');
  });

  it("names a screen's scripts in meta tags instead of preloading them", () => {
    const assets = { scripts: ['assets/about-C.js'], styles: ['assets/about-C.css'] };
    expect(preloadTags(assets, true)).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/about-C.css">' +
        '<meta name="portal-boot-module" content="/assets/about-C.js">',
    );
  });

  it('paints the page text in the splash, its label and title escaped', () => {
    const painted = paintedPageMarkup({ eyebrow: 'A&B <Research>', title: 'About Us', html: '<p>Words</p>' });
    expect(painted).toBe(
      '<div class="portal-painted"><p class="portal-painted-eyebrow">A&amp;B &lt;Research&gt;</p>' +
        '<h1>About Us</h1><div class="portal-painted-prose"><p>Words</p></div></div>',
    );
    const page = renderDocument(built, { firmName: 'F', headTags: '', painted, deferScripts: true });
    expect(page).toContain(`<div class="portal-splash" role="status">${painted}<span class="portal-mark">F`);
  });

  it('/config.js loads the held scripts only once the page has painted, preloads first', () => {
    const page = bootPage(renderDocument(built, { firmName: 'F', headTags: '', deferScripts: true }));
    page.run();
    expect(page.added).toEqual([]);
    // The frame is painted, then the task queued from it runs.
    for (const frame of page.frames.splice(0)) frame();
    expect(page.added).toEqual([]);
    page.timers.shift()?.();
    expect(page.added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-B.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-A.js' },
    ]);
    // The one-second fallback finds them loaded: nothing twice.
    for (const timer of page.timers.splice(0)) timer();
    expect(page.added).toHaveLength(2);
  });

  it('/config.js leaves the scripts of a page it does not paint to the page', () => {
    const page = bootPage(renderDocument(built, { firmName: 'F', headTags: '' }));
    page.run();
    for (const frame of page.frames.splice(0)) frame();
    for (const timer of page.timers.splice(0)) timer();
    expect(page.added).toEqual([]);
  });
});
