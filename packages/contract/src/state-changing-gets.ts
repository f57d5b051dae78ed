/**
 * The GET calls that change state (spec 3 section 7 and spec 2 section 7 make some writes GETs): the web client
 * sends the CSRF header on these and on every other method. A list of its own, so that the login route's initial
 * JS carries these few paths instead of the whole route table; api-routes.test.ts keeps it equal to the table.
 */
export const stateChangingGets = [
  '/Repository/UpdateMatrix',
  '/SendEmail',
  '/users/SaveUnsubscribeReason/:personId/:productId/:otherText/:reasonId',
  '/users/updateUserUnsubLastSentEmail/:id',
  '/users/:id/removeUser',
  '/deleteFavourite',
  '/post/delete',
  '/publishPost',
  '/unPublishPost',
  '/post/leave/:postId',
  '/setHeaderImageDefault',
  '/connect/book/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId',
  '/connect/cancel/:iLng/:iPSN_Id/:iCAE_Id/:iAnalystId',
] as const;

const lowerCased = new Set<string>(stateChangingGets.map((path) => path.toLowerCase()));

/** Whether a call to this route pattern must carry the CSRF header (every method but GET, and the GETs above). */
export const callNeedsCsrf = (method: string, pattern: string) =>
  method.toUpperCase() !== 'GET' || lowerCased.has(pattern.toLowerCase());
