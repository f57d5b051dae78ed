import type { Credentials } from './api-routes.ts';

/**
 * The SPA route table of spec 1 section 2.1 (and spec 3 section 2). Matching is case-insensitive and a
 * `:param` segment matches any value. `screen` names the screen module that renders the route; screens of
 * capabilities that have not landed yet render a "not available yet" page, but the guard applies already.
 */
export type WebAccess =
  /** anyone */
  | 'public'
  /** anyone; a signed-in user is sent to /home (spec 1 section 2.2: /login, /signup) */
  | 'guest'
  /** sign-in required; without a user the app goes to /signup carrying the wanted path and query */
  | 'auth';

export type WebLayout = 'main' | 'secondary' | 'bare';

export interface WebRoute {
  path: string;
  access: WebAccess;
  layout: WebLayout;
  screen: string;
  /**
   * Path and query parameters that carry a credential (the e-mailed links' tokens and keys): the server's log never
   * prints their values (logger.ts derives its redaction rule from these marks and the API route table's).
   */
  credentials?: Credentials;
}

const r = (
  path: string,
  access: WebAccess,
  layout: WebLayout,
  screen: string,
  credentials?: Credentials,
): WebRoute => ({ path, access, layout, screen, ...(credentials ? { credentials } : {}) });
/** The e-mailed link's token in its query (`?token=`). */
const tokenInQuery: Credentials = { query: ['token'] };

export const webRoutes = [
  // public or unauthenticated
  r('/', 'public', 'secondary', 'landing'),
  r('/login', 'guest', 'main', 'login'),
  r('/login/:signupPreference', 'public', 'main', 'login'),
  r('/signup', 'guest', 'main', 'signup'),
  r('/verify', 'public', 'main', 'verify', tokenInQuery),
  r('/resendVerify', 'public', 'main', 'resendVerify'),
  r('/verifyCookieEmail', 'public', 'main', 'verifyCookieEmail', tokenInQuery),
  r('/resetpassword', 'public', 'main', 'resetPassword', { query: ['p'] }),
  // ours: the e-mailed link that unlocks sign-in on this browser while it is throttled
  r('/unlock', 'public', 'main', 'unlock', tokenInQuery),
  r('/subscriptionPreference/:back', 'public', 'main', 'subscriptionPreference', tokenInQuery),
  r('/unsubscribe/:id', 'public', 'main', 'unsubscribe', tokenInQuery),
  // main layout, public
  r('/access', 'public', 'main', 'access'),
  r('/styleGuide', 'public', 'main', 'styleGuide'),
  r('/about', 'public', 'main', 'about'),
  r('/people', 'public', 'main', 'people'),
  r('/careers', 'public', 'main', 'careers'),
  r('/contact', 'public', 'main', 'contact'),
  r('/regulatory', 'public', 'main', 'regulatory'),
  r('/privacy', 'public', 'main', 'privacy'),
  r('/terms', 'public', 'main', 'terms'),
  r('/connect/videos/:id', 'public', 'main', 'videoReplay'),
  r('/page/:id', 'public', 'main', 'customPage'),
  r('/reports/:id', 'public', 'main', 'reportViewer'),
  // the e-mailed report link's raw access key (schemas/external-links.ts: rfsParams.accessKey)
  r('/rfs.htm', 'public', 'main', 'reportViewer', { query: ['a'] }),
  r('/analysts/:id', 'public', 'main', 'analyst'),
  r('/post/:id', 'public', 'main', 'post'),
  // ours: the unique meeting link of an approved CONNECT registrant (its token is the credential)
  r('/connect/join/:token', 'public', 'main', 'connectJoin', { params: ['token'] }),
  r('/admin/createPost', 'public', 'main', 'adminCreatePost'),
  r('/admin/favorites', 'public', 'main', 'adminBlogs'),
  r('/message/:type', 'public', 'main', 'message'),
  r('/blogs', 'public', 'main', 'blogs'),
  r('/blogs/:id', 'public', 'main', 'blog'),
  r('/AOI/:type', 'public', 'main', 'areaOfInterest'),
  // main layout, sign-in required
  r('/home', 'auth', 'main', 'home'),
  r('/SavedResearches', 'auth', 'main', 'savedResearch'),
  r('/search', 'auth', 'main', 'search'),
  r('/search/:q', 'auth', 'main', 'search'),
  r('/settings', 'auth', 'main', 'settings'),
  r('/connect/videos', 'auth', 'main', 'videos'),
  r('/connect/registration', 'auth', 'main', 'connectRegistration'),
  r('/connect/registration/:id', 'auth', 'main', 'connectEvent'),
  r('/connect/appointment', 'auth', 'main', 'connectAppointment'),
  r('/connect/appointment/:id', 'auth', 'main', 'connectAppointment'),
  // ours (spec 3 section 2 names no route for the open-slot page, only that its third segment is a slot object id)
  r('/connect/slots/:id', 'auth', 'main', 'connectSlots'),
  r('/sectors/:product', 'auth', 'main', 'sector'),
  r('/region/:product', 'auth', 'main', 'region'),
  r('/regions/:product', 'auth', 'main', 'region'),
  r('/companies/:id', 'auth', 'main', 'company'),
  r('/companies', 'auth', 'main', 'companies'),
  r('/admin/reports', 'auth', 'main', 'adminReports'),
  r('/admin/reports/new', 'auth', 'main', 'adminReportPublish'),
  r('/admin/reports/:id/edit', 'auth', 'main', 'adminReportEdit'),
  // ours (issue 23): leak tracing, whose stamped copy a leaked PDF is
  r('/admin/reports/identify', 'auth', 'main', 'adminReportIdentify'),
  r('/admin/users', 'auth', 'main', 'adminUsers'),
  // ours (issue 13): a firm's page with its seats and people
  r('/admin/firms/:id', 'auth', 'main', 'adminFirm'),
  r('/admin/site-management', 'auth', 'main', 'adminSite'),
  r('/admin/OurFirmManagement', 'auth', 'main', 'adminOurFirm'),
  r('/admin/team-management', 'auth', 'main', 'adminTeam'),
  r('/admin/connect/approval', 'auth', 'main', 'adminConnectApproval'),
  // ours (issue 24): the watermark configurations with a live preview, and the configuration parameters by type
  r('/admin/watermark', 'auth', 'main', 'adminWatermark'),
  r('/admin/parameters', 'auth', 'main', 'adminParameters'),
] as const satisfies readonly WebRoute[];

export type ScreenId = (typeof webRoutes)[number]['screen'];

/** Paths never remembered as prevUrl (spec 1 section 2.2). */
export const notRememberedPaths = ['/signup', '/login', '/verify'] as const;

const toRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
    'i',
  );
const compiled = webRoutes.map((route) => ({ route, re: toRegExp(route.path) }));

/** Finds the route for a path (case-insensitive; a parameter segment matches any value). */
export const matchWebRoute = (pathname: string): WebRoute | undefined =>
  compiled.find(({ re }) => re.test(pathname))?.route;
