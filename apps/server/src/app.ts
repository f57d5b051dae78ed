import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { loggerOptions, PortalLogController } from './logger.ts';
import type { ChangeFeed } from './modules/changes/change-feed.ts';
import { type Clock, systemClock } from './modules/runtime.ts';
import { authorizationPlugin } from './plugins/authorization.ts';
import { bodyParsingPlugin } from './plugins/body-parsing.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { replySerializer, requestValidator } from './plugins/schema-compilers.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { staticPlugin } from './plugins/static.ts';
import { adminUsersRoutes } from './routes/admin-users.ts';
import { missingRoutes } from './routes/api-route.ts';
import { bannersRoutes } from './routes/banners.ts';
import { blogsRoutes } from './routes/blogs.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { connectEventsRoutes } from './routes/connect-events.ts';
import { connectSlotsRoutes } from './routes/connect-slots.ts';
import { contactRoutes } from './routes/contact.ts';
import { externalLinksRoutes } from './routes/external-links.ts';
import { followsRoutes } from './routes/follows.ts';
import { forwardsRoutes } from './routes/forwards.ts';
import { healthRoutes } from './routes/health.ts';
import { leakTracingRoutes } from './routes/leak-tracing.ts';
import { mediaRoutes } from './routes/media.ts';
import { parametersRoutes } from './routes/parameters.ts';
import { personsRoutes } from './routes/persons.ts';
import { postImagesRoutes } from './routes/post-images.ts';
import { postSearchRoutes } from './routes/post-search.ts';
import { postVisitsRoutes } from './routes/post-visits.ts';
import { publishingRoutes } from './routes/publishing.ts';
import { readingRoutes } from './routes/reading.ts';
import { reportManagementRoutes } from './routes/report-management.ts';
import { reportViewerRoutes } from './routes/report-viewer.ts';
import { researchRoutes } from './routes/research.ts';
import { siteRoutes } from './routes/site.ts';
import { subscriptionMailRoutes } from './routes/subscription-mail.ts';
import { teamRoutes } from './routes/team.ts';
import { uploadsRoutes } from './routes/uploads.ts';
import { usersRoutes } from './routes/users.ts';
import { verificationRoutes } from './routes/verification.ts';
import { videosRoutes } from './routes/videos.ts';
import { createServices } from './services.ts';
import type { App } from './types.ts';

export interface BuildAppOptions {
  config: Config;
  /** Opened (and later closed) by the caller; migrations must already be applied. */
  db: Db;
  clock?: Clock;
  /** Defaults to JSON logs at LOG_LEVEL; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The change feed (tests); else the configuration's (LISTEN/NOTIFY with DATABASE_URL, else in-process). */
  changes?: ChangeFeed;
}

/** Builds the whole server: cross-cutting plugins first, then the API routes, then the SPA. */
export const buildApp = async (options: BuildAppOptions): Promise<App> => {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new PortalLogController(),
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      // GET /getCustomPageParam/{a,b,c}: a comma list of names is one path parameter; the schemas bound it.
      maxParamLength: 2000,
    },
    bodyLimit: 1024 * 1024,
    // Behind a load balancer (issue 26): whose X-Forwarded-For (and -Proto, -Host) to believe, so that per-IP
    // throttles, sessions and logs see the client's address. Off by default: a client could claim any address.
    // A hop count trusts that many hops whoever they are (Fastify refuses a bare number, as it cannot check the
    // peer): only for a portal that nothing reaches except through its proxies; an address list is safer.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(requestValidator);
  app.setSerializerCompiler(replySerializer);

  const registered = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`.toLowerCase());
  });

  const services = createServices({
    db,
    config,
    clock: options.clock ?? systemClock,
    log: app.log,
    changes: options.changes,
  });
  // Readers' visits are written in batches (modules/post-visits/visit-recorder.ts): the last one before closing.
  app.addHook('onClose', () => services.visitRecorder.flush());
  // Across processes (PostgreSQL): the app serves once it hears the other processes' changes; closing stops that.
  await services.changes.start?.();
  app.addHook('onClose', async () => {
    await services.changes.close?.();
  });
  dbPlugin(app, { db, services });
  errorsPlugin(app);
  // Charset, encoding and JSON depth are judged before any route sees a body (issue 21).
  bodyParsingPlugin(app);
  // Order matters: CORS answers preflights, cookies are parsed, then session, CSRF cookie and authorization.
  await securityPlugin(app, config);
  await app.register(cookie);
  sessionPlugin(app, config);
  csrfPlugin(app, config);
  authorizationPlugin(app, config);

  await app.register(
    async (api: App) => {
      healthRoutes(api);
      usersRoutes(api, config);
      verificationRoutes(api);
      parametersRoutes(api);
      researchRoutes(api);
      catalogueRoutes(api);
      mediaRoutes(api);
      reportViewerRoutes(api);
      readingRoutes(api);
      externalLinksRoutes(api, config);
      siteRoutes(api);
      blogsRoutes(api);
      contactRoutes(api);
      subscriptionMailRoutes(api, config);
      personsRoutes(api);
      adminUsersRoutes(api);
      forwardsRoutes(api);
      postVisitsRoutes(api);
      postImagesRoutes(api);
      reportManagementRoutes(api);
      followsRoutes(api);
      teamRoutes(api);
      bannersRoutes(api);
      videosRoutes(api);
      postSearchRoutes(api);
      connectEventsRoutes(api);
      uploadsRoutes(api);
      publishingRoutes(api);
      leakTracingRoutes(api);
      connectSlotsRoutes(api);
    },
    { prefix: '/api' },
  );
  await staticPlugin(app, config);

  const missing = missingRoutes(registered);
  if (missing.length > 0) {
    throw new Error(
      `API routes without a handler: ${missing.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );
  }
  return app;
};
