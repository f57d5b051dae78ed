import { describe, expect, it } from 'vitest';
import { loginPathFor, readPostReply } from './post-reply.ts';

const blog = {
  key: 'keyword1',
  topic: 'Metals Weekly',
  subtitle: 'Copper',
  region: null,
  blogType: null,
  footerHTML: null,
  author: null,
  accessType: 'pi',
  selectedSectors: [3],
  keyword: [],
};
const meta = {
  id: 7,
  title: 'Copper after the strike',
  key: 'keyword1',
  created_at: '2026-03-01T10:00:00Z',
  published_at: '2026-03-02T10:00:00Z',
  requiresLogin: true,
  readMinutes: 3,
};
const refusal = (requiresLogin: boolean) => ({
  success: false,
  error: '<p>Please sign in to read this post.</p>',
  requiresLogin,
  post: meta,
  blog,
});

describe('readPostReply', () => {
  it('reads a post the caller may read', () => {
    const data = { post: { ...meta, html: '<p>x</p>' }, blog, visit: null };
    expect(readPostReply(200, { success: true, data })).toEqual({ kind: 'post', data });
  });

  it('sends an anonymous reader of a post that needs sign-in to sign in (401 requiresLogin)', () => {
    expect(readPostReply(401, refusal(true))).toMatchObject({ kind: 'signIn' });
  });

  it("shows a signed-in reader's refusal with the post's title and blog, never as a post (403)", () => {
    const load = readPostReply(403, refusal(false));
    expect(load).toMatchObject({
      kind: 'refused',
      refusal: { post: { title: meta.title }, blog: { key: 'keyword1' } },
    });
    // A 403 that says requiresLogin is still a refusal shown in the page: only a 401 leads to /login.
    expect(readPostReply(403, refusal(true))).toMatchObject({ kind: 'refused' });
  });

  it('reads 404 and 400 as a post that is not there', () => {
    expect(readPostReply(404, { message: 'This post does not exist.' })).toEqual({ kind: 'notFound' });
    expect(readPostReply(400, { message: 'The post id is not valid.' })).toEqual({ kind: 'notFound' });
  });

  it('leaves other replies to the caller as failures (retry), never as a post or a refusal', () => {
    expect(readPostReply(500, { message: 'boom' })).toBeUndefined();
    expect(readPostReply(403, { message: 'CSRF' })).toBeUndefined();
    expect(readPostReply(200, { success: true })).toBeUndefined();
    expect(readPostReply(401, undefined)).toBeUndefined();
  });
});

describe('loginPathFor', () => {
  it('names this page as the place to come back to after sign-in', () => {
    expect(loginPathFor('/post/7', '?x=1')).toBe('/login?redirectUrl=%2Fpost%2F7%3Fx%3D1');
  });
});
