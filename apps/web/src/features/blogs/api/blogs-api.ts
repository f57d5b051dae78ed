import type {
  AssociatedResearchReply,
  BlogInfo,
  BlogInfosReply,
  PostPageReply,
  PostRefusalReply,
  PostSearchReply,
  PostStatReply,
  PostsReply,
} from '@portal/contract';
import { ApiError, apiFetch, apiRequest } from '../../../lib/api-client.ts';
import { readPostReply } from '../lib/post-reply.ts';

export type PostPageData = PostPageReply['data'];
export type { PostRefusalReply };

/** GET /blogs: every blog in tab order (public). */
export const fetchBlogs = async (signal?: AbortSignal): Promise<BlogInfo[]> =>
  (await apiRequest<BlogInfosReply>('GET', '/blogs', { signal })).data;

/** GET /blog/getPosts?key=&publish=true: one page of a blog's published posts (every blog's without key). */
export const fetchPosts = (key: string | undefined, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<PostsReply>('GET', '/blog/getPosts', {
    query: { key, publish: 'true', cursor },
    signal,
  });

/**
 * GET /post/{id}. A refusal is an answer here (the page shows it), not a failure: 401 and 403 carry the post's
 * metadata and the error's HTML, 404 is a post that is not there. Only a network failure or another status throws.
 */
export const fetchPostPage = async (id: number, signal?: AbortSignal) => {
  const reply = await apiFetch('GET', `/post/${id}`, { pattern: '/post/:id', signal });
  const load = readPostReply(reply.status, reply.body);
  if (load) return load;
  throw new ApiError(reply.status, `HTTP ${reply.status}`);
};

/** GET /post/associatedResearch/{id}: the side panel's lists. */
export const fetchAssociatedResearch = (id: number, signal?: AbortSignal) =>
  apiRequest<AssociatedResearchReply>('GET', `/post/associatedResearch/${id}`, {
    pattern: '/post/associatedResearch/:id',
    signal,
  });

/** GET /post/stat/{id}?page=: the post's visits (admin). */
export const fetchPostStats = (id: number, page: number, signal?: AbortSignal) =>
  apiRequest<PostStatReply>('GET', `/post/stat/${id}`, {
    pattern: '/post/stat/:id',
    query: { page: String(page) },
    signal,
  });

/**
 * GET /post/leave/{postId}?visit=: closes the reader's visit. A state-changing GET: `pattern` makes the client
 * send the CSRF header; `keepalive` lets it go out while the page is being left.
 */
export const sendLeave = async (postId: number, visit: string) => {
  await apiFetch('GET', `/post/leave/${postId}`, {
    pattern: '/post/leave/:postId',
    query: { visit },
    keepalive: true,
  });
};

/** POST /post/heartbeat/{postId}: the page is still open and visible (`resumed`: it just became visible again). */
export const sendHeartbeat = async (postId: number, visit: string, resumed: boolean) => {
  await apiFetch('POST', `/post/heartbeat/${postId}`, {
    pattern: '/post/heartbeat/:postId',
    body: { visit, resumed },
  });
};

/** GET /posts/search?q=&cursor=: published posts matching the words (signed-in readers). */
export const searchPosts = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<PostSearchReply>('GET', '/posts/search', { query: { q, cursor }, signal });
