import type { PostPageReply, PostRefusalReply } from '@portal/contract';

/** What opening a post ends in (spec 2 section 8; issue 14's access levels). */
export type PostLoad =
  | { kind: 'post'; data: PostPageReply['data'] }
  /** an anonymous reader of an npi or pi post: sign in first, then come back */
  | { kind: 'signIn'; refusal: PostRefusalReply }
  /** a signed-in reader without the right: the error's HTML, the post's title and blog, never a body */
  | { kind: 'refused'; refusal: PostRefusalReply }
  | { kind: 'notFound' };

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

const isRefusal = (body: Record<string, unknown>): boolean =>
  body.success === false &&
  typeof body.error === 'string' &&
  typeof asRecord(body.post).title === 'string' &&
  typeof asRecord(body.blog).key === 'string';

/**
 * Reads GET /post/{id}'s reply whatever its status. 400 (an id that is no number) and 404 are a post that is not
 * there. A 401 or 403 without the refusal's shape, or any other status, is undefined: the caller treats it as a
 * failure to load (retry), never as a post.
 */
export const readPostReply = (status: number, value: unknown): PostLoad | undefined => {
  const body = asRecord(value);
  if (status === 200 && body.success === true && asRecord(body.data).post) {
    return { kind: 'post', data: body.data as PostPageReply['data'] };
  }
  if (status === 400 || status === 404) return { kind: 'notFound' };
  if ((status === 401 || status === 403) && isRefusal(body)) {
    const refusal = body as unknown as PostRefusalReply;
    // An anonymous reader is asked to sign in (401, requiresLogin); a signed-in one sees why not (403).
    return status === 401 && refusal.requiresLogin
      ? { kind: 'signIn', refusal }
      : { kind: 'refused', refusal };
  }
  return undefined;
};

/** /login with this page as the place to come back to after sign-in (as the report viewer's requiredLogin). */
export const loginPathFor = (pathname: string, search = '') =>
  `/login?redirectUrl=${encodeURIComponent(pathname + search)}`;
