import { throttles as contractThrottles, fileUrlTtlSeconds } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAccessKeysService } from './modules/access-keys/access-keys.service.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAdminUsersService } from './modules/admin-users/admin-users.service.ts';
import { createAnalystPhotosService } from './modules/analyst-photos/analyst-photos.service.ts';
import { createBannersService } from './modules/banners/banners.service.ts';
import { createBlogsService } from './modules/blogs/blogs.service.ts';
import { createPostSearchService } from './modules/blogs/post-search.service.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { type ChangeFeed, createLocalChangeFeed } from './modules/changes/change-feed.ts';
import { createPostgresChangeFeed } from './modules/changes/postgres-change-feed.ts';
import { createEventsService } from './modules/connect/events.service.ts';
import { createSlotsService } from './modules/connect/slots.service.ts';
import { createCaptchaService } from './modules/contact/captcha.service.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createDeferredWork } from './modules/deferred/deferred-work.ts';
import { createDeviceVerificationService } from './modules/device-verification/device-verification.service.ts';
import { createExternalAccessService } from './modules/device-verification/external-access.ts';
import { createEntitlementsService } from './modules/entitlements/entitlements.service.ts';
import { createFollowsService } from './modules/follows/follows.service.ts';
import { createForwardsService } from './modules/forwards/forwards.service.ts';
import { createLeakTracingService } from './modules/leak-tracing/leak-tracing.service.ts';
import { createListMail } from './modules/mail/list-mail.ts';
import { createOutbox } from './modules/mail/outbox.service.ts';
import { createParametersService } from './modules/parameters/parameters.service.ts';
import { createPersonsService } from './modules/persons/persons.service.ts';
import { createPostImagesService } from './modules/post-images/post-images.service.ts';
import { createPostVisitsService } from './modules/post-visits/post-visits.service.ts';
import { createVisitRecorder } from './modules/post-visits/visit-recorder.ts';
import { createPublishAlerts } from './modules/publish-alerts/publish-alerts.service.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { createReadingService } from './modules/reading/reading.service.ts';
import { createReportManagementService } from './modules/report-management/report-management.service.ts';
import { createReportViewerService } from './modules/report-viewer/report-viewer.service.ts';
import { createResearchService, searchLimitsFor } from './modules/research/research.service.ts';
import type { Clock, Log } from './modules/runtime.ts';
import { createSecretStore } from './modules/secrets/secret-store.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { createStorage } from './modules/storage/storage.ts';
import { createSubscriptionMailService } from './modules/subscription-mail/subscription-mail.service.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { createThrottlesService } from './modules/throttles/throttles.service.ts';
import { createVideosService } from './modules/videos/videos.service.ts';
import { createWatermarkService } from './modules/watermark/watermark.service.ts';

/** Wires the domain modules together; the routes reach them through `app.services`. */
export const createServices = (deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Log;
  /** the change feed to use (tests); else chosen by the configuration */
  changes?: ChangeFeed;
}) => {
  const { db, config, clock, log } = deps;
  // What each write changed, published after its commit; every cache subscribes by kind (ARCHITECTURE section 6).
  // With PostgreSQL, several processes may share the database: their changes reach each other by LISTEN/NOTIFY.
  const changes =
    deps.changes ??
    (config.databaseUrl
      ? createPostgresChangeFeed({
          connectionString: config.databaseUrl,
          notify: async (channel, payload) => {
            await db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          log,
        })
      : createLocalChangeFeed({ log }));
  const sessions = createSessionsService({
    db,
    clock,
    changes,
    ttlHours: config.sessionTtlHours,
    cacheTtlMs: config.cacheTtlMs,
  });
  const throttles = createThrottlesService({
    db,
    clock,
    overrides: { signupPerIp: { ...contractThrottles.signupPerIp, max: config.signupPerIpHour } },
  });
  // Named random keys kept in the database (file URLs, device cookies, the captcha, CSRF, unlock grants).
  const secrets = createSecretStore({ db, clock });
  // Work kept off a request's path so that its answer does not depend on whether an address has an account.
  const deferred = createDeferredWork({ log });
  const parameters = createParametersService({ db, changes, cacheTtlMs: config.cacheTtlMs, clock });
  const outbox = createOutbox({ clock, log, smtpConfigured: Boolean(config.smtpUrl) });
  const accounts = createAccountsService({
    db,
    clock,
    publicUrl: config.publicUrl,
    firm: config.firm,
    changes,
    sessions,
    throttles,
    outbox,
    parameters,
    deferred,
    secrets,
  });
  const now = () => clock().getTime();
  const entitlements = createEntitlementsService({ db, changes, cacheTtlMs: config.cacheTtlMs, now });
  const research = createResearchService({
    db,
    clock,
    changes,
    cacheTtlMs: config.cacheTtlMs,
    searchLimits: searchLimitsFor(config.databaseUrl ? 'postgres' : 'pglite'),
  });
  const site = createSiteService({ db, clock, changes, cacheTtlMs: config.cacheTtlMs });
  const captcha = createCaptchaService({ db, clock, secrets });
  const contact = createContactService({ db, clock, firm: config.firm, outbox, throttles, captcha });
  // E-mailed report links: access keys, device verification, and opening a report through a key.
  const accessKeys = createAccessKeysService({
    db,
    clock,
    publicUrl: config.publicUrl,
    firm: config.firm,
    outbox,
    parameter: parameters.get,
  });
  const deviceVerification = createDeviceVerificationService({
    db,
    clock,
    publicUrl: config.publicUrl,
    firm: config.firm,
    outbox,
    throttles,
    secrets,
    accessKeys,
    deferred,
  });
  const externalAccess = createExternalAccessService({
    db,
    clock,
    accessKeys,
    devices: deviceVerification,
    sessions,
  });
  // Reading reports: the viewer's calls, signed file URLs and server-side PDF watermarks.
  const watermarks = createWatermarkService({ parameters, log });
  const reportViewer = createReportViewerService({
    db,
    clock,
    log,
    storage: createStorage(config),
    entitlements,
    research,
    throttles,
    watermarks,
    parameters,
    secrets,
    frameOrigins: config.corsOrigins,
    changes,
    cacheTtlMs: config.cacheTtlMs,
    deferred,
    // File URLs of e-mailed links are bound to the recipient's verified device (or own session).
    accessKeys: {
      requestBindings: (cookies) => externalAccess.requestBindings(cookies),
      readerOf: (id) => externalAccess.readerOfKeyId(id),
    },
  });
  // Reading progress and the signed-in home's lists (issue 11): the viewer decides who may record progress.
  const reading = createReadingService({ db, clock, research, entitlements, viewer: reportViewer });
  // Notification mails, unsubscribe reasons and e-mailed person links (issue 12); every list mail goes through listMail.
  const listMail = createListMail({
    clock,
    outbox,
    publicUrl: config.publicUrl,
    firmEmail: config.firm.email,
  });
  // Publish alerts (issue 23): a report's readers mailed once each through the outbox, in the publish transaction.
  const publishAlerts = createPublishAlerts({ clock, firm: config.firm, listMail, accessKeys });
  const subscriptionMail = createSubscriptionMailService({
    ...{ db, clock, log, publicUrl: config.publicUrl, firm: config.firm },
    ...{ outbox, listMail, parameters, throttles, deferred, secrets },
  });
  const visitRecorder = createVisitRecorder({ db, log });
  // Analysts' photos (issue 23): checked, re-encoded, stored; the `analyst` change drops the cards that show them.
  // Team Management's profile form (issue 24) stores its photo through them.
  const analystPhotos = createAnalystPhotosService({ db, storage: createStorage(config), changes });
  return {
    // Blogs and posts (issue 14): config, order, posts and the one access rule of reading them.
    blogs: createBlogsService({
      db,
      clock,
      cacheTtlMs: config.cacheTtlMs,
      changes,
      entitlements,
      visitRecorder,
    }),
    // Users management (issue 13): lists, row actions, import, seats and the audit log.
    adminUsers: createAdminUsersService({ db, clock, changes, sessions, accounts }),
    // Report Management (issue 23): the admin's list and the curation toggles (selected, must read, highlight, select).
    reportManagement: createReportManagementService({ db, clock, changes }),
    // Following analysts (issue 23, beyond the spec): followers get the analyst's new reports by e-mail.
    follows: createFollowsService({ db, clock, changes }),
    // Team Management (issue 24): Our People's order and listing, profiles, biographies.
    team: createTeamService({ db, changes, photos: analystPhotos }),
    // Homepage Slider Management and header images (issue 24).
    banners: createBannersService({ db, storage: createStorage(config), changes, clock }),
    // Video replays and transcripts (issue 25).
    videos: createVideosService({
      ...{ db, entitlements, changes, clock, secrets },
      fileTtlSeconds: fileUrlTtlSeconds,
      cacheTtlMs: config.cacheTtlMs,
    }),
    subscriptionMail,
    listMail,
    publishAlerts,
    // Publishing reports (issue 23): publish, edit, replace the file, withdraw; scheduled ones by the job (server.ts).
    publishing: createPublishingService({
      ...{ db, clock, log, storage: createStorage(config), changes },
      alerts: publishAlerts,
    }),
    persons: createPersonsService({ db, clock, parameters, changes }),
    // Forward to a colleague (issue 13): the viewer's own decision, an access key, its mail.
    forwards: createForwardsService({
      db,
      clock,
      firm: config.firm,
      outbox,
      accessKeys,
      viewer: reportViewer,
    }),
    // Posts' measured reading time and statistics, and the editor's image uploads (issue 14).
    postVisits: createPostVisitsService({ db, clock, visitRecorder }),
    visitRecorder,
    postImages: createPostImagesService({ storage: createStorage(config) }),
    postSearch: createPostSearchService({ db }),
    // Leak tracing (issue 23): a leaked PDF's invisible copy mark names the reader of the stamped copy.
    leakTracing: createLeakTracingService({ db, log }),
    // Subject pages: analysts, Our People, companies, countries and regions, sectors, key charts.
    catalogue: createCatalogueService({ db }),
    analystPhotos,
    // The file storage (DATA_DIR/files), for the routes that serve files from it (GET /media).
    storage: createStorage(config),
    // CONNECT events (issue 15): registration, approval with meeting links and reminders (outbox), banners.
    events: createEventsService({
      ...{ db, clock, publicUrl: config.publicUrl, firm: config.firm },
      ...{ outbox, storage: createStorage(config) },
    }),
    // CONNECT appointments and open slots (issue 15): booking is won in the database, its mails go to the outbox.
    slots: createSlotsService({
      ...{ db, clock, firm: config.firm, publicUrl: config.publicUrl },
      ...{ outbox, entitlements, parameters },
    }),
    clock,
    changes,
    reading,
    deferred,
    secrets,
    watermarks,
    reportViewer,
    accessKeys,
    deviceVerification,
    externalAccess,
    sessions,
    throttles,
    parameters,
    outbox,
    accounts,
    entitlements,
    research,
    site,
    captcha,
    contact,
  };
};

export type Services = ReturnType<typeof createServices>;
