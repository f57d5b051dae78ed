import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  bootCallsOf,
  firstPageCallOf,
  matchWebRoute,
  messages,
  messagesSite,
  paintedScreens,
  pdfReportCallOf,
  pdfWorkerScreens,
  type RuntimeConfig,
  type ScreenId,
  sessionCookie,
  viewerReportOf,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { sanitizeStoredHtml } from '../modules/rich-text/stored-html.ts';
import {
  bannerScreens,
  bootScript,
  bootTags,
  isCompleteTemplate,
  type Manifest,
  paintedPageMarkup,
  paintedReportPageMarkup,
  pdfWorkerFileOf,
  preloadTags,
  renderDocument,
  reportPagePreload,
  type ScreenAssets,
  screenAssetsOf,
  screenModuleOf,
} from '../modules/web-document/web-document.ts';
import type { App } from '../types.ts';
import { isApiPath } from './csrf.ts';
import { errorReply } from './errors.ts';
import { resolveSessionCookie } from './session.ts';

export const runtimeConfigOf = (config: Config): RuntimeConfig => {
  const apiBase = '/api';
  const { logo, social, ...firm } = config.firm;
  return { apiBase, firm: { ...firm, logoUrl: logo ? `${apiBase}/media/${logo}` : null, social } };
};

export const configScript = (config: Config) =>
  `window.__PORTAL_CONFIG__ = ${JSON.stringify(runtimeConfigOf(config)).replaceAll('<', '\\u003c')};\n${bootScript}`;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface BuiltDocument {
  version: string;
  template: string;
  screens: Map<string, ScreenAssets>;
  /** the pdf.js worker's built file, when the build has one */
  pdfWorker: string | undefined;
}

const mtimeOf = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * index.html and the manifest's screen assets, read again whenever the build has changed either of them.
 * A build replaces the folder under a running server, and not atomically: Vite empties it first and writes
 * index.html late, with a plain write. While index.html is missing or only partly written, the last complete
 * page keeps going out (issue 10: a rebuild during a Lighthouse run gave its page requests a 500 on the missing
 * file). Only without any complete page yet does the request fail.
 */
const documentLoader = (root: string, log: FastifyBaseLogger) => {
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let built: BuiltDocument | undefined;
  let refusedVersion: string | undefined;
  return (): BuiltDocument => {
    const version = `${mtimeOf(indexFile)}:${mtimeOf(manifestFile)}`;
    if (built?.version === version) return built;
    let template: string | undefined;
    try {
      template = readFileSync(indexFile, 'utf8');
    } catch (error) {
      if (!built) throw error;
    }
    if (template === undefined || !isCompleteTemplate(template)) {
      if (!built) throw new Error(`${indexFile} is incomplete (no closing </html>)`);
      // Once per state of the folder, not once per request while a build runs.
      if (refusedVersion !== version) {
        refusedVersion = version;
        log.warn(
          { indexFile },
          'index.html is missing or incomplete (a build in progress?): serving the last page',
        );
      }
      return built;
    }
    let manifest: Manifest = {};
    try {
      if (existsSync(manifestFile)) manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    } catch {
      // Half written during a deploy: the pages go out without preloads until the next change is noticed.
      manifest = {};
    }
    built = { version, template, screens: screenAssetsOf(manifest), pdfWorker: pdfWorkerFileOf(manifest) };
    return built;
  };
};

/**
 * Serves /config.js and, when the SPA is built, its files: hashed /assets/* cached for a year,
 * index.html never cached, and index.html for every other GET outside /api (history fallback).
 */
export const staticPlugin = async (app: App, config: Config) => {
  app.get('/config.js', { config: { asset: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/javascript; charset=utf-8')
      .send(configScript(config)),
  );

  const root = config.webDist;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ webDist: root }, 'No built web app found (index.html missing); serving the API only');
    return;
  }
  const loadDocument = documentLoader(root, app.log);
  // Read now, so that a build starting later finds a complete page to fall back on.
  try {
    loadDocument();
  } catch (error) {
    app.log.warn({ err: error }, 'index.html could not be read yet; the pages fail until it can');
  }
  const { sessions, site } = app.services;
  const { apiBase } = runtimeConfigOf(config);

  /** The calls the page starts with it (contract `bootCallsOf`) and, where it draws PDFs, the worker and the file. */
  const bootTagsFor = (screen: ScreenId, pathname: string, pdfWorker: string | undefined) => {
    const calls = bootCallsOf(screen, pathname);
    const pdf = pdfWorkerScreens.has(screen)
      ? { worker: pdfWorker, reportCall: pdfReportCallOf(calls) }
      : undefined;
    return bootTags(apiBase, calls, pdf);
  };

  /** The SPA page for a path: preloads of its screen's chunks, and the first banner picture where it shows. */
  const documentFor = async (request: FastifyRequest, pathname: string) => {
    const { template, screens, pdfWorker } = loadDocument();
    const route = matchWebRoute(pathname);
    let hero: string | undefined;
    if (route && bannerScreens.has(route.screen)) {
      try {
        // The session decides whether private slides come first; an invalid cookie is treated as signed out
        // here (the API calls that follow clear it).
        const signedIn = (await resolveSessionCookie(sessions, request.cookies[sessionCookie])) !== null;
        hero = await site.firstBannerImage(signedIn, apiBase);
      } catch (error) {
        // The picture is an extra: without the database the page still goes out (the app reports the rest).
        request.log.warn({ err: error }, 'No banner picture for the page: the lookup failed');
      }
    }
    let painted: string | undefined;
    if (route?.screen === 'about') {
      try {
        const about = await site.about();
        if (about.html.trim() !== '')
          painted = paintedPageMarkup({
            eyebrow: config.firm.name,
            title: messagesSite.aboutTitle,
            // Stored HTML is sanitised on its way in; the page is sanitised again on its way out.
            html: sanitizeStoredHtml(about.html),
          });
      } catch (error) {
        // The painted text is an extra: without the database the page still goes out (the app says the rest).
        request.log.warn({ err: error }, 'No painted text for the page: the lookup failed');
      }
    }
    let firstHeadTags: string | undefined;
    if (route?.screen === 'reportViewer') {
      try {
        // A signed-in reader who may read the report's PDF gets its first page drawn in the page itself.
        const report = viewerReportOf(pathname);
        const session = report ? await resolveSessionCookie(sessions, request.cookies[sessionCookie]) : null;
        if (
          report &&
          session &&
          (await app.services.reportViewer.firstPagePainted(session.user, report.id))
        ) {
          const src = `${apiBase}${firstPageCallOf(report.apiId)}`;
          painted = paintedReportPageMarkup(src);
          firstHeadTags = reportPagePreload(src);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'No first page for the page: the lookup failed');
      }
    }
    const assets = route ? screens.get(screenModuleOf(route.screen)) : undefined;
    const deferScripts = route !== undefined && paintedScreens.has(route.screen);
    return renderDocument(template, {
      firmName: config.firm.name,
      colors: config.firm.colors,
      headTags:
        preloadTags(assets, deferScripts) + (route ? bootTagsFor(route.screen, pathname, pdfWorker) : ''),
      hero,
      painted,
      firstHeadTags,
      deferScripts,
    });
  };

  // The build writes .br and .gz copies of its text files (apps/web/build/precompress.ts): sent when accepted.
  await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true });

  const isFile = (relative: string) => {
    const full = path.resolve(root, relative);
    if (full !== root && !full.startsWith(`${root}${path.sep}`)) return false;
    try {
      return statSync(full).isFile();
    } catch {
      return false;
    }
  };

  app.get('/*', { config: { asset: true } }, async (request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send(errorReply(messages.errors.notFound));
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (relative.startsWith('assets/') && isFile(relative)) {
      return reply.sendFile(relative, { maxAge: ONE_YEAR_SECONDS * 1000, immutable: true });
    }
    if (relative !== '' && relative !== 'index.html' && isFile(relative)) {
      return reply.sendFile(relative, { maxAge: 60 * 60 * 1000 });
    }
    // Unknown asset files are real 404s; any other path is a screen of the SPA.
    if (relative.startsWith('assets/')) return reply.code(404).send(errorReply(messages.errors.notFound));
    const pathname = request.url.split('?')[0] ?? '/';
    // The page depends on the session cookie (the banner picture): never shared by caches, never reused blindly.
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(await documentFor(request, pathname));
  });
};
