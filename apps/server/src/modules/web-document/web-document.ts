import {
  type BrandColors,
  bootMeta,
  brandCssVariables,
  firmInitial,
  isHexColor,
  type ScreenId,
} from '@portal/contract';
import escapeHtml from 'escape-html';

/**
 * The SPA's index.html as the server sends it (issue 5, first paint): the built page plus, for the screen a path
 * opens, `<link>` preloads of that screen's own chunks and styles (otherwise found only after the entry script
 * has run) and of the landing's first banner image, the firm's initial in the boot splash and, for colours other
 * than the default, the firm's colour variables and theme colour (painted before any script runs). Pure: the
 * template and Vite's manifest come in as text, the output is text.
 */

/** One entry of Vite's `.vite/manifest.json` (build.manifest). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files a screen needs beyond the entry: its chunk, the chunks it imports statically and their CSS. */
export interface ScreenAssets {
  scripts: string[];
  styles: string[];
}

/** 'resendVerify' → 'resend-verify': a screen's route module is `src/app/routes/{kebab id}.tsx` (web test). */
export const screenModuleOf = (screen: string) =>
  `src/app/routes/${screen.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`;

/** Assets of every screen whose route module is in the manifest; files the entry already loads are left out. */
export const screenAssetsOf = (manifest: Manifest): Map<string, ScreenAssets> => {
  const entryFiles = new Set<string>();
  const collect = (key: string, scripts: Set<string>, styles: Set<string>, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, scripts, styles, seen);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    collect(key, scripts, styles, new Set());
    for (const file of [...scripts, ...styles]) entryFiles.add(file);
  }
  const bySource = new Map<string, ScreenAssets>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src?.startsWith('src/app/routes/')) continue;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    collect(key, scripts, styles, new Set());
    bySource.set(chunk.src, {
      scripts: [...scripts].filter((file) => !entryFiles.has(file)),
      styles: [...styles].filter((file) => !entryFiles.has(file)),
    });
  }
  return bySource;
};

/**
 * `<link>` tags for a screen's assets. With `deferScripts` (a screen the server paints) its scripts are named in
 * `<meta>` tags instead, for /config.js to preload once the page has painted (`bootScript`).
 */
export const preloadTags = (assets: ScreenAssets | undefined, deferScripts = false) => {
  const tags: string[] = [];
  // Preloaded, not applied: a stylesheet link here would hold up the first paint (the boot splash).
  for (const file of assets?.styles ?? [])
    tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}">`);
  for (const file of assets?.scripts ?? [])
    tags.push(
      deferScripts
        ? `<meta name="${bootMeta.module}" content="/${escapeHtml(file)}">`
        : `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`,
    );
  return tags.join('');
};

/** The built page's entry script and its preloads, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/[^"<>]+)"><\/script>\s*/;
const ENTRY_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/[^"<>]+)">\s*/g;

/**
 * The page with its scripts held back until it has painted: the entry's `<script>` and `<link
 * rel="modulepreload">` tags become `<meta>` tags (`bootMeta.entry`, `bootMeta.module`) that /config.js turns back
 * into the same tags after the first paint. The values are the template's own attribute text, already escaped.
 * A page without the entry script (not a Vite build) is returned as it is.
 */
export const deferEntryScripts = (page: string) => {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (!entry) return page;
  const modules: string[] = [];
  const held = page.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOAD, (_tag, href: string) => {
    modules.push(href);
    return '';
  });
  const metas = [
    ...modules.map((href) => `<meta name="${bootMeta.module}" content="${href}">`),
    `<meta name="${bootMeta.entry}" content="${entry}">`,
  ].join('');
  return held.replace('</head>', () => `${metas}</head>`);
};

/**
 * Whether a read of index.html is the whole page: a build writes the file in place, so a read can see it cut
 * short (the page would go out broken, and be kept until the file's next change).
 */
export const isCompleteTemplate = (template: string) => /<\/html>\s*$/i.test(template);

/** Markers in index.html: the firm's initial in the boot splash's mark, and the place of its hero picture. */
export const FIRM_INITIAL_MARK = '<!--firm-initial-->';
export const SPLASH_HERO_MARK = '<!--splash-hero-->';

/**
 * The page for one request: the template with the firm's initial, the head tags and, on the landing and the
 * home page, the first banner picture in the splash (the page's largest paint, shown before any script runs)
 * with a `portal-hero` hint so the app's loader goes on showing it (apps/web/src/lib/boot-hints.ts).
 */
export const renderDocument = (
  template: string,
  options: {
    firmName: string;
    colors?: BrandColors;
    headTags: string;
    /**
     * Tags first in the head, before the built page's own scripts and styles: the preload of a picture that is
     * the page's first paint (the viewer's first page), so that it is asked for before any script.
     */
    firstHeadTags?: string | undefined;
    hero?: string | undefined;
    /** Markup the server paints in the splash for the screen (`paintedScreens`), already sanitised. */
    painted?: string | undefined;
    /** Scripts held back until the page has painted (`deferEntryScripts`). */
    deferScripts?: boolean;
  },
) => {
  const hero = options.hero ? escapeHtml(options.hero) : '';
  const heroMeta = hero ? `<meta name="portal-hero" content="${hero}">` : '';
  const heroMarkup = hero
    ? `<div class="portal-hero"><img src="${hero}" alt="" width="1280" height="580" fetchpriority="high"></div>`
    : '';
  const { style, themeColor } = brandStyle(options.colors);
  let page = (options.deferScripts ? deferEntryScripts(template) : template)
    // Replacer functions: a replacement string would read `$&` and the like in file names as patterns.
    .replace(FIRM_INITIAL_MARK, () => escapeHtml(firmInitial(options.firmName)))
    .replace(SPLASH_HERO_MARK, () => heroMarkup + (options.painted ?? ''))
    // Last in the head: after the built stylesheet's link, so the firm's variables win over its defaults.
    .replace('</head>', () => `${heroMeta}${options.headTags}${style}</head>`);
  if (options.firstHeadTags) page = page.replace(/<head>/i, (head) => `${head}${options.firstHeadTags}`);
  if (themeColor) {
    page = page.replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      () => `<meta name="theme-color" content="${themeColor}" />`,
    );
  }
  return page;
};

/**
 * `<style>` with the firm's colour variables, and the theme colour, when they differ from the stylesheet's
 * defaults; nothing otherwise. Only `#rrggbb` values are written (the configuration has validated them already).
 */
export const brandStyle = (colors: BrandColors | undefined) => {
  if (!colors || !isHexColor(colors.primary) || !isHexColor(colors.accent))
    return { style: '', themeColor: null };
  const variables = Object.entries(brandCssVariables(colors)).filter(([, value]) => isHexColor(value));
  if (variables.length === 0) return { style: '', themeColor: null };
  const declarations = variables.map(([name, value]) => `${name}:${value}`).join(';');
  return { style: `<style>:root{${declarations}}</style>`, themeColor: colors.primary.toLowerCase() };
};

/**
 * A content page as the server paints it in the boot splash (`paintedScreens`): its label, title and text, in the
 * global `portal-painted` styles (apps/web/src/app/global.css), so the reader has the page's words before any
 * script has run; the app's loader keeps the same node on screen until the screen itself renders
 * (apps/web/src/components/boot-splash.tsx). `html` must already be sanitised (the stored-HTML policy).
 */
export const paintedPageMarkup = (page: { eyebrow: string; title: string; html: string }) =>
  `<div class="portal-painted"><p class="portal-painted-eyebrow">${escapeHtml(page.eyebrow)}</p>` +
  `<h1>${escapeHtml(page.title)}</h1><div class="portal-painted-prose">${page.html}</div></div>`;

/**
 * The viewer's page for a reader who may read its PDF: the first page as the server draws it (GET
 * /report/{id}/firstPage), in the splash, so the reader has page one before pdf.js has loaded; the viewer shows
 * the same picture (from the browser's cache) in the page's place until pdf.js has drawn it. `elementtiming`
 * lets the benchmark read when it was painted.
 */
export const paintedReportPageMarkup = (src: string) =>
  `<div class="portal-painted-report"><img src="${escapeHtml(src)}" alt="" width="893" height="1263" ` +
  `fetchpriority="high" elementtiming="report-first-page"></div>`;

/** The preload of the viewer's first page picture, first in the head (see `renderDocument`'s firstHeadTags). */
export const reportPagePreload = (src: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high">`;

/** Screens whose first paint is the banner: the landing and the signed-in home. */
export const bannerScreens: ReadonlySet<ScreenId> = new Set<ScreenId>(['landing', 'home']);

/** The pdf.js worker's built file (`?url` import in the viewer), from Vite's manifest. */
export const pdfWorkerFileOf = (manifest: Manifest) =>
  Object.values(manifest).find((chunk) => /(^|\/)pdf\.worker(\.min)?\.mjs$/.test(chunk.src ?? ''))?.file;

/**
 * `<meta>` tags naming the calls of the screen's first render (contract `bootCallsOf`) and, where the screen
 * draws PDFs, the pdf.js worker's script: /config.js starts them as soon as the page is parsed (`bootScript`).
 */
export const bootTags = (
  apiBase: string,
  calls: readonly string[],
  pdf?: { worker: string | undefined; reportCall: string | undefined },
) =>
  [
    ...calls.map((call) => `<meta name="${bootMeta.call}" content="${escapeHtml(`${apiBase}${call}`)}">`),
    ...(pdf?.worker ? [`<meta name="${bootMeta.pdfWorker}" content="/${escapeHtml(pdf.worker)}">`] : []),
    ...(pdf?.reportCall
      ? [`<meta name="${bootMeta.pdfOf}" content="${escapeHtml(`${apiBase}${pdf.reportCall}`)}">`]
      : []),
  ].join('');

/**
 * The part of /config.js that starts the page's first calls and its pdf.js worker while the app's scripts are
 * still loading (index.html loads /config.js first, deferred, so the page's `<meta>` tags are parsed by then;
 * the CSP allows no inline script). Each call is made exactly as the app's API client makes a GET (credentials,
 * accept header), and its reply waits in `window.__PORTAL_BOOT__` for that client to take it once
 * (apps/web/src/lib/boot.ts). On the viewer, the PDF the report's reply names is fetched as soon as that reply is
 * in. Only same-origin paths are started; a failure is left for the app's own call.
 */
export const bootScript = `(function () {
  var boot = { calls: {}, files: {}, pdfWorker: null };
  window.__PORTAL_BOOT__ = boot;
  var tags = document.querySelectorAll('meta[name="${bootMeta.call}"]');
  for (var i = 0; i < tags.length; i++) {
    var url = tags[i].getAttribute('content') || '';
    if (url.charAt(0) !== '/' || url.charAt(1) === '/' || boot.calls[url]) continue;
    var call = fetch(url, { credentials: 'include', headers: { accept: 'application/json' } });
    call.catch(function () {});
    boot.calls[url] = call;
  }
  // The viewer's PDF, asked for as soon as the report's reply names it, before the viewer's code has loaded.
  var pdfOf = document.querySelector('meta[name="${bootMeta.pdfOf}"]');
  var reportCall = pdfOf ? boot.calls[pdfOf.getAttribute('content') || ''] : undefined;
  boot.files = {};
  if (reportCall) {
    reportCall
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (body) {
        var report = body && body.success === true && body.data ? body.data.report : null;
        var path = report && report.filetype === 'pdf' ? String(report.fileUrl || '') : '';
        if (path.charAt(0) !== '/' || path.charAt(1) === '/') return;
        var config = window.__PORTAL_CONFIG__ || {};
        var url = String(config.apiBase || '/api').replace(/[/]+$/, '') + path;
        var bytes = fetch(url, { credentials: 'include' }).then(function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          return response.arrayBuffer();
        });
        bytes.catch(function () {});
        boot.files[url] = bytes;
      })
      .catch(function () {});
  }
  // A page the server paints holds its scripts back (deferEntryScripts): they are asked for once the browser has
  // painted it (and its banner picture), so no script stands before its first paint. A task queued from an
  // animation frame runs after that frame's paint; a tab in the background paints nothing, so it loads at once,
  // and after a second at the latest.
  var entry = document.querySelector('meta[name="${bootMeta.entry}"]');
  var entrySrc = entry ? entry.getAttribute('content') || '' : '';
  if (entrySrc.charAt(0) === '/' && entrySrc.charAt(1) !== '/') {
    var loaded = false;
    var load = function () {
      if (loaded) return;
      loaded = true;
      var modules = document.querySelectorAll('meta[name="${bootMeta.module}"]');
      for (var m = 0; m < modules.length; m++) {
        var href = modules[m].getAttribute('content') || '';
        if (href.charAt(0) !== '/' || href.charAt(1) === '/') continue;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entrySrc;
      document.head.appendChild(script);
    };
    var afterPaint = function () {
      requestAnimationFrame(function () {
        setTimeout(load, 0);
      });
    };
    // The landing's banner picture is its largest paint: the scripts wait for it to be drawn as well.
    var picture = document.querySelector('.portal-splash img');
    if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') load();
    else {
      if (picture && !picture.complete) {
        picture.addEventListener('load', afterPaint);
        picture.addEventListener('error', afterPaint);
      } else afterPaint();
      setTimeout(load, 1000);
    }
  }
  var worker = document.querySelector('meta[name="${bootMeta.pdfWorker}"]');
  var src = worker ? worker.getAttribute('content') || '' : '';
  if (src.charAt(0) === '/' && src.charAt(1) !== '/' && typeof Worker === 'function') {
    try {
      boot.pdfWorker = new Worker(src, { type: 'module' });
    } catch (error) {
      boot.pdfWorker = null;
    }
  }
})();
`;
