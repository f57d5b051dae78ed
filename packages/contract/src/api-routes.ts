/**
 * The API route table: every call the server answers, who may make it, and whether it changes state.
 * The server registers nothing outside this table (a route missing here is refused), and the
 * authorization test is generated from it. Paths are relative to the API base (`/api`), in Fastify's
 * `:param` syntax; the spec writes them as `{param}`.
 */
export const roles = ['anonymous', 'client', 'npi', 'admin'] as const;
export type Role = (typeof roles)[number];

/** public: everyone; signedIn: any signed-in user; admin: user type admin. */
export type Access = 'public' | 'signedIn' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  access: Access;
  /** State-changing calls require the CSRF header, whatever their method. */
  changesState: boolean;
  /** A sample for the generated authorization test: params, query and body that pass validation. */
  sample?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /**
   * Authorised by a signed token in its URL alone (RFC 8058 one-click unsubscribe): no cookie is read, so neither
   * origin nor CSRF header is asked for.
   */
  tokenOnly?: boolean;
  /**
   * Path parameters and query parameters that carry a credential (a link token, an access key): the server's log
   * never prints their values (logger.ts derives its one redaction rule from these marks, issue 21).
   */
  credentials?: Credentials;
}

/** Which parts of a route's URL are credentials. */
export interface Credentials {
  params?: readonly string[];
  query?: readonly string[];
}

export const allowedRoles: Record<Access, readonly Role[]> = {
  public: roles,
  signedIn: ['client', 'npi', 'admin'],
  admin: ['admin'],
};

const route = (
  method: HttpMethod,
  path: string,
  access: Access,
  changesState = method !== 'GET',
  sample?: ApiRoute['sample'],
  options: { tokenOnly?: boolean; credentials?: Credentials } = {},
): ApiRoute => ({ method, path, access, changesState, sample, ...options });
/** Marks a credential-bearing query parameter or path parameter (see ApiRoute.credentials). */
const inQuery = (...query: string[]) => ({ credentials: { query } });
const inPath = (...params: string[]) => ({ credentials: { params } });

export const apiRoutes = [
  route('GET', '/health', 'public'),
  // accounts and sessions (spec 1 section 7, spec 3 section 7)
  route('GET', '/users/me', 'public'),
  route('POST', '/users/login', 'public', true, { body: { email: 'nobody@example.org', password: 'x' } }),
  route('POST', '/users/signup', 'public', true, { body: {} }),
  route('POST', '/users/logout', 'public'),
  route('POST', '/users/changePassword', 'signedIn', true, { body: {} }),
  route('POST', '/users/forgotPassword', 'public', true, { body: { email: '' } }),
  route('POST', '/users/resendVerify', 'public', true, { body: { email: '' } }),
  route('GET', '/verify', 'public', false, { query: { token: 'x' } }, inQuery('token')),
  route('POST', '/verify', 'public', true, { body: { token: 'x' } }),
  route('GET', '/users/validateResetToken', 'public', false, { query: { token: 'x' } }, inQuery('token')),
  route('POST', '/users/resetPassword', 'public', true, { body: {} }),
  // ours: the e-mailed unlock link lets the owner sign in on this browser while sign-in is throttled
  route('POST', '/users/unlock', 'public', true, { body: { token: 'x' } }),
  // public images of the catalogue (analyst photos, sector covers, company logos); report files are never here
  route('GET', '/media/:folder/:file', 'public', false, { params: { folder: 'analysts', file: 'x' } }),
  // configuration
  route('GET', '/getParameter/:name', 'public', false, { params: { name: 'bEnableConnectBookings' } }),
  // Watermark and parameters (issue 24; ours, beyond the spec's raw JSON): every editable parameter with its type and
  // value, and writing one (the value as text, checked by its type; see schemas/settings-admin.ts).
  route('GET', '/admin/parameters', 'admin'),
  route('POST', '/admin/parameters/:name', 'admin', true, {
    params: { name: 'rw_CNTBkTalkToThe' },
    body: { value: 'Talk to the Analyst' },
  }),
  // research catalogue (spec 1 sections 2.6 and 7, spec 2 section 7)
  route('GET', '/reports', 'signedIn', false, { query: { type: 'all' } }),
  route('GET', '/reports/suggestions', 'signedIn', false, { query: { q: 'market' } }),
  // A sample id that is nobody's: validation answers 400 before any ownership check.
  route('GET', '/reports/MyReports/:id/:entity', 'signedIn', false, { params: { id: 'x', entity: 'U' } }),
  route('POST', '/reports/save/', 'signedIn', true, { body: {} }),
  route('GET', '/overall/research', 'signedIn', false, { query: { period: 'Past Month' } }),
  route('GET', '/overall/ourPeople', 'public'),
  // Biographies (issue 24; spec 2): an analyst's (U) or a company's (L) description.
  route('POST', '/editBiography', 'admin', true, {
    body: { iDescription_AttachToID: 1, sDescription: '<p>x</p>', cDescription_Entity: 'U' },
  }),
  // Team Management (issue 24; spec 2): whether a person is listed in Our People; the order, a map of analyst id
  // to position.
  route('POST', '/overall/updateOurPeople', 'admin', true, { body: { id: 1, isOurPeople: true } }),
  route('POST', '/overall/sortOurPeople', 'admin', true, { body: { sortValue: { '1': 0 } } }),
  // The profile modal (issue 24; spec 2 "Team Management"): multipart name, designation, email, phone, country,
  // description and an optional photo (`file`).
  route('POST', '/analysts/updateAnalyst', 'admin', true, { query: { id: '1' } }),
  route('GET', '/analysts', 'public'),
  // Following an analyst (issue 23; ours): whether the reader follows, and setting it. Followers get the analyst's
  // new reports by e-mail (publish alerts), where they may read them.
  route('GET', '/analysts/:id/follow', 'signedIn', false, { params: { id: '1' } }),
  route('PUT', '/analysts/:id/follow', 'signedIn', true, { params: { id: '1' }, body: { following: true } }),
  route('GET', '/companies', 'signedIn'),
  route('GET', '/countries', 'signedIn'),
  route('GET', '/sectors', 'signedIn'),
  route('GET', '/keycharts', 'signedIn', false, { query: { sectorId: '10000131' } }),
  // The signed-in home's own lists in one call (ours, issue 11): latest in the reader's sectors, continue reading,
  // saved, Must Read.
  route('GET', '/overall/home', 'signedIn'),
  // report viewer (issue 4; spec 1 sections 2.7 and 7). Public where an access key or the service's own
  // entitlement check decides (an anonymous caller gets the requiredLogin error from the service, not a 401).
  route('GET', '/report/:id', 'public', false, { params: { id: 'S-0' } }),
  route('GET', '/report', 'public', false, { query: { accessKey: 'x' } }, inQuery('accessKey')),
  route('GET', '/reports/:id', 'public', false, { params: { id: 'S-0' } }),
  route('POST', '/report/:id/access/dAcsHighligted', 'public', true, { params: { id: 'S-0' } }),
  route('POST', '/report/:id/access/dAcsFree', 'public', true, { params: { id: 'S-0' } }),
  // Reading progress (ours, issue 11): how far the reader got in a report, for the home's "continue reading".
  route('PUT', '/report/:id/progress', 'signedIn', true, { params: { id: 'S-0' }, body: { fraction: 0.5 } }),
  // The first page of the reader's stamped PDF as a picture (ours, issue 23): the viewer's page shows it before
  // pdf.js has drawn the page. Public in the table like GET /report/:id: the service refuses an anonymous caller.
  route('GET', '/report/:id/firstPage', 'public', false, { params: { id: 'S-0' } }),
  route('GET', '/reports/downloadPdf/:id/:userid', 'admin', false, { params: { id: 'S-0', userid: '0' } }),
  // Short-lived signed file URL (ours): the token is bound to the session or access key that asked for it.
  route('GET', '/files/:token', 'public', false, { params: { token: 'x' } }, inPath('token')),
  route('POST', '/getCookie', 'public', true, { body: { email: '', link: '' } }),
  route('GET', '/verifyCookieEmail', 'public', false, { query: { token: 'x' } }, inQuery('token')),
  route('POST', '/verifyCookieEmail', 'public', true, { body: { token: 'x' } }),
  // E-mailed report links (ours; the spec shows only their use): an admin sends a report to a recipient, who gets
  // a per-recipient access key that expires and can be revoked.
  route('POST', '/reports/:id/emailLink', 'admin', true, { params: { id: 'S-0' }, body: {} }),
  route('POST', '/reportAccessKeys/:id/revoke', 'admin', true, { params: { id: '0' } }),
  // Publishing (issue 23; ours): publish a report (multipart: file or YouTube link), load and edit it, replace its
  // file, withdraw it; the publish form's pickers. Multipart is accepted by the two upload calls only.
  route('POST', '/reports/publish', 'admin', true),
  route('GET', '/reports/:id/manage', 'admin', false, { params: { id: '1' } }),
  route('POST', '/reports/:id/update', 'admin', true, { params: { id: '1' }, body: {} }),
  route('POST', '/reports/:id/replaceFile', 'admin', true, { params: { id: '1' } }),
  route('POST', '/reports/:id/withdraw', 'admin', true, { params: { id: '1' } }),
  route('GET', '/admin/publishing/options', 'admin'),
  // Leak tracing (issue 23; ours): an uploaded PDF (multipart), answered with the reader of the stamped copy it marks.
  route('POST', '/reports/identifyCopy', 'admin', true),
  // Report Management (issue 23; spec 2 "Report Management"): the admin's list and the curation toggles, which the
  // spec leaves unnamed. A static path wins over '/report/:id' in the router.
  route('GET', '/report/reportManagementAll', 'admin'),
  route('POST', '/report/:id/tempReport', 'admin', true, { params: { id: '0' }, body: {} }),
  route('POST', '/report/:id/mustRead', 'admin', true, { params: { id: '0' }, body: {} }),
  route('POST', '/report/:id/highlight', 'admin', true, { params: { id: '0' }, body: {} }),
  route('POST', '/report/:id/select', 'admin', true, { params: { id: '0' }, body: {} }),
  // site: landing, navigation, content pages, contact forms (issue 5; spec 1 sections 2.3-2.4, spec 3 section 7)
  route('GET', '/getNavItems', 'public'),
  // Blogs and posts (issue 14; spec 2 section 7). Reading is public in the table: the service applies the blog's
  // access level (pre, npi, pi) to each post. Writes are admin; the state-changing GETs need the CSRF header.
  route('GET', '/blogs', 'public'),
  route('POST', '/blog/config', 'admin', true, { body: {} }),
  route('POST', '/updateBlogsList', 'admin', true, { body: {} }),
  route('GET', '/deleteFavourite', 'admin', true, { query: { key: '!' } }),
  route('POST', '/blog/createPost', 'admin', true, { body: {} }),
  route('GET', '/blog/getPosts', 'public', false, { query: { publish: 'true' } }),
  route('GET', '/post/:id', 'public', false, { params: { id: 'x' } }),
  route('GET', '/post/delete', 'admin', true, { query: { id: 'x' } }),
  route('POST', '/post/updatePost/:postId', 'admin', true, { params: { postId: 'x' }, body: {} }),
  route('GET', '/publishPost', 'admin', true, { query: { id: 'x' } }),
  route('GET', '/unPublishPost', 'admin', true, { query: { id: 'x' } }),
  route('POST', '/post/saveBlogResearch', 'admin', true, { body: {} }),
  route('GET', '/post/associatedResearch/:id', 'public', false, { params: { id: 'x' } }),
  route('GET', '/post/stat/:id', 'admin', false, { params: { id: 'x' } }),
  // Sent on unload and on navigation (fetch keepalive keeps the GET and the CSRF header); closes the caller's visit.
  route('GET', '/post/leave/:postId', 'signedIn', true, { params: { postId: 'x' }, query: { visit: 'x' } }),
  // ours: a light heartbeat while the post page is visible, so that a read's time is measured, not guessed
  route('POST', '/post/heartbeat/:postId', 'signedIn', true, { params: { postId: 'x' }, body: {} }),
  route('POST', '/posts/uploadImage', 'admin', true),
  // ours: post text in the site search (titles for everyone, snippets only with access)
  route('GET', '/posts/search', 'signedIn', false, { query: { q: 'copper' } }),
  // CONNECT events (issue 15; spec 3 sections 2 to 7)
  route('GET', '/connect/events', 'signedIn'),
  route('GET', '/connect/event/:id', 'signedIn', false, { params: { id: '1' } }),
  route('POST', '/connect/events', 'signedIn', true, { body: { submitEvts: [1] } }),
  route('GET', '/connect/approvalEvents', 'admin'),
  route('GET', '/connect/approvalEvent/:cmpg_id/:evt_id', 'admin', false, {
    params: { cmpg_id: '1', evt_id: '1' },
  }),
  route('POST', '/connect/approvalEvent/:cmpg_id/:evt_id/approve', 'admin', true, {
    params: { cmpg_id: '1', evt_id: '1' },
    body: { approveList: [1] },
  }),
  // ours: the spec shows no path for reminders
  route('POST', '/connect/approvalEvent/:cmpg_id/:evt_id/remind', 'admin', true, {
    params: { cmpg_id: '1', evt_id: '1' },
    body: { remindList: [1] },
  }),
  route('POST', '/connect/approvalEvent/:cmpg_id/:evt_id/uniqueLink', 'admin', true, {
    params: { cmpg_id: '1', evt_id: '1' },
    body: { id: 1 },
  }),
  // ours: where a unique meeting link leads (its token is the credential)
  route(
    'GET',
    '/connect/join/:token',
    'public',
    false,
    { params: { token: 'AAAAAAAAAAAAAAAAAAAAAAAA' } },
    inPath('token'),
  ),
  route('POST', '/upload', 'admin', true, { query: { type: 'campaign', id: '1' } }),
  // CONNECT appointments (issue 15; spec 3 sections 2 and 7)
  // ours: the analysts taking bookings and one analyst's slots (the spec shows no paths)
  route('GET', '/connect/analysts', 'signedIn'),
  route('GET', '/connect/appointments/:iCAO_ObjId', 'signedIn', false, { params: { iCAO_ObjId: '1' } }),
  route('GET', '/connect/getOpenSlotDetails/:iPSN_Id', 'signedIn', false, {
    params: { iPSN_Id: '0' },
    query: { objectId: '1' },
  }),
  // state-changing GETs of the spec: the CSRF header is required all the same (also in state-changing-gets.ts)
  route('GET', '/connect/book/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId', 'signedIn', true, {
    params: { iLng: '0', iPSN_Id: '0', iCAE_Id: '1', iAnalystId: '1' },
  }),
  route('GET', '/connect/cancel/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId', 'signedIn', true, {
    params: { iLng: '0', iPSN_Id: '0', iCAE_Id: '1', iAnalystId: '1' },
  }),
  // The landing page's data in one call (ours; the spec does not show the slider path): active sliders and the
  // latest research (existence only: title, analysts, date).
  route('GET', '/landing', 'public'),
  route('GET', '/content', 'public'),
  // Our Firm Management (issue 24; spec 2): the About Us content saved whole.
  route('POST', '/content/update', 'admin', true, { body: { html: '<p>x</p>' } }),
  // Video replays (issue 25; spec 2 and 3 "Videos and transcripts"): the list and its side panels, saving, the
  // player's access call, and the transcript save (admin). Ours: the film and the transcript of a replay for a
  // reader who may watch it (entitlement checked on every request, byte ranges for the film), and the player's
  // heartbeat (watch time, Most Watched).
  route('GET', '/videos', 'signedIn'),
  route('GET', '/videos/most_watch', 'signedIn'),
  route('GET', '/videos/saved', 'signedIn'),
  route('GET', '/videos/search', 'signedIn', false, { query: { q: 'capacity' } }),
  route('POST', '/videos/save/:id', 'signedIn', true, { params: { id: '1' } }),
  route('POST', '/videos/:id', 'signedIn', true, { params: { id: '1' } }),
  route('POST', '/videos/:id/watch', 'signedIn', true, {
    params: { id: '1' },
    body: { position: 1, watched: 1 },
  }),
  // the film and the transcript, by the short-lived signed URLs of video_path and transcript_path
  route('GET', '/videos/files/:token', 'signedIn', false, { params: { token: 'x' } }, inPath('token')),
  route('POST', '/transcript/:videoId', 'admin', true, {
    params: { videoId: '1' },
    body: { transcript: [], version: 0 },
  }),
  // Homepage Slider Management and header images (issue 24; spec 2 "Sliders and images"): the settings get and
  // the order save are ours (the spec does not show their paths); the media upload is POST /upload?type=banner.
  route('GET', '/sliderSettings', 'admin'),
  route('POST', '/saveSlider', 'admin', true, { body: { type: 'none', active: false } }),
  route('POST', '/sortSliders', 'admin', true, { body: { keys: ['slider1'] } }),
  route('GET', '/getHeaderImage', 'public', false, { query: { key: 'about' } }),
  route('GET', '/headerImages', 'admin'),
  route('GET', '/setHeaderImageDefault', 'admin', true, { query: { key: 'about' } }),
  route('GET', '/getCustomPageParam/:name', 'public', false, { params: { name: 'sRshWebContactHTML' } }),
  // ALTCHA proof-of-work challenge for the contact forms (ours: the spec's captcha provider is not ours).
  route('GET', '/aoi/challenge', 'public'),
  route('POST', '/aoi', 'public', true, { body: {} }),
  route('POST', '/aoi/verifyToken', 'public', true, { body: { token: 'x' } }),
  // Subscriptions, unsubscribe and persons (issue 12; spec 3 section 7). Public in the table: the service finds the
  // caller's person from the session or from an e-mailed link's grant cookie, refuses (401) without one, and
  // refuses (403) a person id that is not the caller's own unless the caller is an admin. The state-changing GETs
  // need the CSRF header like any write.
  route('GET', '/getMatrixData', 'public'),
  route('GET', '/overall/GetMatrixDescription/:id', 'public', false, { params: { id: '0' } }),
  route('GET', '/PickList/GetPickLists/:mnemonic', 'public', false, { params: { mnemonic: 'sUnsubRsns' } }),
  route('GET', '/overall/GetParentFirmName/:id', 'public', false, { params: { id: 'x' } }),
  route('GET', '/overall/GetPersonIdFromEmail', 'signedIn', false, { query: { email: 'x' } }),
  route('GET', '/overall/getSchemaFieldValue/:psnId/:fieldName', 'public', false, {
    params: { psnId: 'x', fieldName: 'psnRWSuppressEmails' },
  }),
  route('GET', '/users/loadPersonMatrixDetails/:id/:userEntity', 'public', false, {
    params: { id: 'x', userEntity: 'U' },
  }),
  route('GET', '/Repository/UpdateMatrix', 'public', true, { query: { psnId: 'x', psnEntity: 'U' } }),
  route('GET', '/Relationships/GetAccountManager', 'public', false, { query: { pid: 'x' } }),
  route('GET', '/SendEmail', 'public', true, { query: { psnId: 'x' } }),
  route('POST', '/users/insertMailEvent', 'public', true, { body: {} }),
  route('GET', '/users/SaveUnsubscribeReason/:personId/:productId/:otherText/:reasonId', 'public', true, {
    params: { personId: 'x', productId: '0', otherText: 'NA', reasonId: '1' },
  }),
  route('GET', '/users/getUserUnsubLastSentEmail/:id', 'public', false, { params: { id: 'x' } }),
  route('GET', '/users/updateUserUnsubLastSentEmail/:id', 'public', true, { params: { id: 'x' } }),
  // ours: e-mailed person links. Redeeming one (POST, single use for the Enter Email link) leaves a grant cookie
  // with which this browser acts for that person on the calls above; the Enter Email dialog asks for one.
  route('POST', '/mailLinks/redeem', 'public', true, { body: { token: 'x' } }),
  route('POST', '/unsubscribe/requestLink', 'public', true, { body: {} }),
  // ours: RFC 8058 one-click unsubscribe (List-Unsubscribe-Post). A mail client POSTs it without cookies or CSRF
  // header: the signed token in the URL is the whole authority, and the route reads no cookie.
  route(
    'POST',
    '/unsubscribe/oneClick',
    'public',
    true,
    { query: { token: 'x' } },
    { tokenOnly: true, ...inQuery('token') },
  ),
  // Users management (issue 13; spec 2 section 7 "Users"): admin only. Ids and e-mails in bodies are checked
  // against the stored user. GET /users/{id}/removeUser changes state: it needs the CSRF header.
  route('GET', '/admin/users/:usersType', 'admin', false, { params: { usersType: 'website' } }),
  route('POST', '/admin/users/:usersType/:id/newPassword', 'admin', true, {
    params: { usersType: 'website', id: 'x' },
    body: {},
  }),
  route('POST', '/admin/users/:usersType/:id/verifyEmail', 'admin', true, {
    params: { usersType: 'website', id: 'x' },
    body: {},
  }),
  route('POST', '/admin/users/:usersType/:id/activateUser', 'admin', true, {
    params: { usersType: 'website', id: 'x' },
    body: {},
  }),
  route('GET', '/admin/firms', 'admin', false, { query: { sMatch: 'x' } }),
  route('POST', '/admin/users/:usersType/:id', 'admin', true, {
    params: { usersType: 'website', id: 'x' },
    body: {},
  }),
  route('GET', '/users/:id/removeUser', 'admin', true, { params: { id: 'x' } }),
  // ours: a person's record with their matrix and the audit log; a firm's page with its seats
  route('GET', '/admin/persons/:id', 'admin', false, { params: { id: 'x' } }),
  route('GET', '/admin/firms/:id', 'admin', false, { params: { id: 'x' } }),
  // ours (the Terms: 5 forwards per user per month): forward a report to a colleague at the reader's own firm
  route('GET', '/report/:id/forward', 'signedIn', false, { params: { id: 'S-0' } }),
  route('POST', '/report/:id/forward', 'signedIn', true, { params: { id: 'S-0' }, body: {} }),
] as const satisfies readonly ApiRoute[];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const byKey = new Map<string, ApiRoute>(apiRoutes.map((r) => [routeKey(r.method, r.path.toLowerCase()), r]));

/** Looks up a route by method and Fastify path pattern (case-insensitive). */
export const findApiRoute = (method: string, pattern: string): ApiRoute | undefined =>
  byKey.get(routeKey(method, pattern.toLowerCase()));

export const mayCall = (route: ApiRoute, role: Role) => allowedRoles[route.access].includes(role);

/** Parameters that GET /getParameter/{name} may reveal; everything else is private configuration. */
export const publicParameters = [
  'bEnableConnectBookings',
  'rw_CNTBkTalkToThe',
  'sRshWebContactHTML',
  'sCommonEmailDomain',
  'rw_HideTranscriptPanel',
  'rw_SubtitleHintText',
  'sRshWebConnAppHeadline',
  'sRshWebConnAppSubHeading',
  'sRshWebConnAppNoAppointments',
  // CONNECT's numbers (read by the screens with the contract's values as defaults: schemas/connect-config.ts)
  'sConnectConfigJSON',
  'sRWClientSubTitle',
  'sRWClientSubHeading',
  'sRWClientSubPayDialogText',
  'sRWClientAlreadySubscribedText',
  'sRWClientSubConfigJSON',
  'sRWClientSubRelevantZAxis',
  'scUsrMatrixFieldId',
  'scCntMatrixFieldId',
  // ours: where report id 101010 sends the reader (the spec's "external webcast video")
  'rw_WebcastUrl',
] as const;
export type PublicParameter = (typeof publicParameters)[number];
export const isPublicParameter = (name: string): name is PublicParameter =>
  (publicParameters as readonly string[]).includes(name);

/**
 * Storage folders whose images are public (GET /media/{folder}/{file}); nothing else in storage is. `brand` holds
 * the firm's logo (FIRM_LOGO).
 */
export const publicMediaFolders = [
  'analysts',
  'sectors',
  'companies',
  'sliders',
  'brand',
  'posts',
  // CONNECT event banners (issue 15), re-encoded PNGs under a new name per upload
  'banners',
  // pages' header pictures (issue 24), re-encoded WebP under a new name per upload
  'headers',
] as const;
export type PublicMediaFolder = (typeof publicMediaFolders)[number];
