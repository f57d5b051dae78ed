import { randomUUID } from 'node:crypto';
import {
  type AssociatedResearchReply,
  type BlogInfo,
  blogInfo as blogInfoSchema,
  blogLimits,
  messagesBlogs,
  type Post,
  type PostCard,
  type PostMeta,
  type PostPageReply,
  type PostRefusalReply,
  type PostResearchItem,
  type PostsReply,
  post as postSchema,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { JsonBody } from '../cache/json-body.ts';
import { LoadingCache } from '../cache/loading-cache.ts';
import { analystExists } from '../catalogue/catalogue.repository.ts';
import type { ChangeFeed } from '../changes/change-feed.ts';
import type { EntitlementsService } from '../entitlements/entitlements.service.ts';
import { anonymousEntitlement } from '../entitlements/entitlements.ts';
import type { VisitRecorder } from '../post-visits/visit-recorder.ts';
import { listReports, type ReportRow } from '../research/research-list.repository.ts';
import { sanitizeStoredHtml } from '../rich-text/stored-html.ts';
import type { Clock } from '../runtime.ts';
import { userStatusOf } from '../users/user-status.ts';
import {
  type BlogRow,
  blogInfoOf,
  countBlogs,
  countPostsOfBlog,
  deleteBlog,
  existingSectorIds,
  findBlogRow,
  insertBlog,
  listBlogRows,
  lockBlogs,
  nextSortOrder,
  sectorNamesOf,
  setSortOrders,
  updateBlog,
} from './blogs.repository.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { mayReadPost, type PostReader, postAccessOf } from './post-access.ts';
import {
  deletePost,
  existingReportIds,
  findPostWithBlog,
  insertPost,
  listPostPage,
  type PostRow,
  replacePostResearch,
  researchIdsOfPost,
  setPublished,
  updatePost,
} from './posts.repository.ts';
import { derivePost, excerptOf, readMinutesOf } from './sanitize.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The side panel's lists (spec 2 section 2) and the window of "most viewed" (as the research page's month). */
const SIDE_LIST = 5;
const MOST_VIEWED_DAYS = 30;

export interface BlogConfigInput {
  key?: string;
  topic: string;
  subtitle: string;
  region: string | null;
  blogType: string | null;
  footerHTML: string | null;
  author: { id: number | null; extraHTML: string; name: string; email: string } | null;
  accessType: 'pre' | 'npi' | 'pi';
  selectedSectors: number[];
  keyword: string[];
}

export interface PostInput {
  title: string;
  html: string;
  draft: Record<string, unknown>;
  key: string;
}

export interface ListPostsInput {
  key?: string;
  publish: boolean;
  cursor?: string;
  limit: number;
}

/** "A", "A and B", "A, B and C" */
export const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const postOf = (row: PostRow, blog: BlogRow, withDraft: boolean): Post => ({
  id: row.id,
  title: row.title,
  html: row.html,
  draft: withDraft ? row.draft : null,
  publish: row.publish,
  key: row.blogKey,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  published_at: iso(row.publishedAt),
  requiresLogin: blog.accessType !== 'pre',
  readMinutes: readMinutesOf(row.words),
});

const metaOf = (post: Post): PostMeta => ({
  id: post.id,
  title: post.title,
  key: post.key,
  created_at: post.created_at,
  published_at: post.published_at,
  requiresLogin: post.requiresLogin,
  readMinutes: post.readMinutes,
});

const researchItemOf = (row: ReportRow): PostResearchItem => ({
  id: row.id,
  title: row.title,
  published_date: row.published_date,
  analysts: row.analysts,
  sectors: row.sectors,
});

/**
 * Blogs and posts (issue 14; spec 2 "Blogs and posts"): blog config and order, posts written, published and
 * read with the blog's access level (post-access.ts), the side panel's research. Every write says what it changed
 * on the change feed (`blog` or `post`), which the post cache here and the research lists (they list posts) follow.
 */
export const createBlogsService = (deps: {
  db: Db;
  clock: Clock;
  /** how long a post and its blog are kept in memory (0: read on every request) */
  cacheTtlMs?: number;
  changes: ChangeFeed;
  entitlements: EntitlementsService;
  visitRecorder: VisitRecorder;
}) => {
  const { db, clock, changes, entitlements, visitRecorder } = deps;

  /**
   * Posts with their blog, kept for `cacheTtlMs` with the reader's JSON of both rendered once (validated against
   * the contract): a post read is then the access rule, a visit id and a string join. A `post` change drops its
   * posts, a `blog` change all of them (a blog's access level decides every post's reply).
   */
  interface CachedPost {
    found: { post: PostRow; blog: BlogRow } | null;
    /** `"post":{...},"blog":{...}` as readers get them (no draft) */
    readerJson: string;
  }
  const postsCache = new LoadingCache<number, CachedPost>({ ttlMs: deps.cacheTtlMs ?? 0, max: 5000 });
  const loadPost = (id: number) =>
    postsCache.getOrLoad(id, async (): Promise<CachedPost> => {
      const found = await findPostWithBlog(db, id);
      if (!found) return { found: null, readerJson: '' };
      const readerPost = JSON.stringify(postSchema.parse(postOf(found.post, found.blog, false)));
      const blog = JSON.stringify(blogInfoSchema.parse(blogInfoOf(found.blog)));
      return { found, readerJson: `"post":${readerPost},"blog":${blog}` };
    });

  const readerOf = async (user: User | null): Promise<PostReader> => ({
    entitlement: await entitlements.entitlementFor(user),
    signedIn: user !== null,
    activated: user !== null && userStatusOf(user) === 'Activated',
  });

  changes.subscribe('blog', () => postsCache.clear());
  changes.subscribe('post', (change) => {
    if (!change.ids) return postsCache.clear();
    for (const id of change.ids) postsCache.delete(Number(id));
  });
  const blogsChanged = (key?: string) => changes.publish({ kind: 'blog', ...(key ? { ids: [key] } : {}) });
  const postsChanged = (id: number) => changes.publish({ kind: 'post', ids: [id] });

  const listBlogs = async (): Promise<BlogInfo[]> => (await listBlogRows(db)).map(blogInfoOf);

  /** The blog's stored values from the form: its HTML sanitised, an empty disclaimer stored as none. */
  const blogValues = (input: BlogConfigInput, now: Date) => {
    const footer = input.footerHTML === null ? '' : sanitizeStoredHtml(input.footerHTML).trim();
    return {
      topic: input.topic,
      subtitle: input.subtitle,
      region: input.region,
      blogType: input.blogType,
      footerHtml: footer === '' ? null : footer,
      author: input.author
        ? { ...input.author, extraHTML: sanitizeStoredHtml(input.author.extraHTML) }
        : null,
      accessType: input.accessType,
      selectedSectors: [...new Set(input.selectedSectors)],
      keywords: [...new Set(input.keyword)],
      updatedAt: now,
    };
  };

  /** The first page of a list, as an admin sees it (the reply of publish, unpublish and delete). */
  const adminList = async (admin: User, publish: boolean, key?: string) => {
    const outcome = await listPosts(admin, { key, publish, limit: blogLimits.postsPageSize });
    return outcome.kind === 'ok' ? outcome.reply : { data: [], next: null };
  };

  const listPosts = async (
    user: User | null,
    input: ListPostsInput,
  ): Promise<
    | { kind: 'ok'; reply: PostsReply }
    | { kind: 'draftsAdminOnly' }
    | { kind: 'blogNotFound' }
    | { kind: 'badCursor' }
  > => {
    if (!input.publish && user?.type !== 'admin') return { kind: 'draftsAdminOnly' };
    const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
    if (input.cursor !== undefined && after === null) return { kind: 'badCursor' };
    const [rows, reader] = await Promise.all([
      listPostPage(db, { key: input.key, publish: input.publish, after, limit: input.limit + 1 }),
      readerOf(user),
    ]);
    // The blog's existence costs a query only when its page is empty (a list of an unknown blog is a 404).
    if (rows.length === 0 && input.key !== undefined && !(await findBlogRow(db, input.key)))
      return { kind: 'blogNotFound' };
    const page = rows.slice(0, input.limit);
    const data = page.map((row): PostCard => {
      const entitled = mayReadPost(
        { accessType: row.access_type, selectedSectors: row.selected_sectors },
        reader,
      );
      return {
        id: row.id,
        title: row.title,
        key: row.key,
        created_at: row.created_at,
        published_at: row.published_at,
        requiresLogin: row.access_type !== 'pre',
        readMinutes: readMinutesOf(row.words),
        publish: row.publish,
        blogTopic: row.topic || messagesBlogs.defaultTopic,
        accessType: row.access_type,
        entitled,
        excerpt: entitled ? excerptOf(row.text_start) : null,
        image: entitled ? row.image : null,
      };
    });
    const last = page.at(-1);
    const next = rows.length > input.limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null;
    return { kind: 'ok', reply: { data, next } };
  };

  /** Who may see the post (drafts: admins only) and whether they may read it. */
  const access = async (user: User | null, id: number) => {
    const [cached, reader] = await Promise.all([loadPost(id), readerOf(user)]);
    const found = cached.found;
    const isAdmin = user?.type === 'admin';
    if (!found || (!found.post.publish && !isAdmin)) return { kind: 'notFound' as const };
    return {
      kind: 'found' as const,
      ...found,
      readerJson: cached.readerJson,
      isAdmin,
      verdict: postAccessOf(found.blog, reader),
    };
  };

  const refusal = async (
    found: { post: PostRow; blog: BlogRow },
    verdict: 'signIn' | 'notActivated' | 'subscribers',
  ): Promise<{ status: 401 | 403; reply: PostRefusalReply }> => {
    const t = messagesBlogs.refusal;
    let error: string = t.signIn;
    if (verdict === 'notActivated') error = t.notActivated;
    if (verdict === 'subscribers') {
      const names = await sectorNamesOf(db, found.blog.selectedSectors);
      error = names.length > 0 ? t.subscribers(joinNames(names)) : t.subscribersNoSector;
    }
    return {
      status: verdict === 'signIn' ? 401 : 403,
      reply: {
        success: false,
        error,
        requiresLogin: verdict === 'signIn',
        post: metaOf(postOf(found.post, found.blog, false)),
        blog: blogInfoOf(found.blog),
      },
    };
  };

  return {
    listBlogs,

    /** POST /blog/config: creates (no key) or updates a blog. */
    async saveBlog(
      input: BlogConfigInput,
    ): Promise<
      | { kind: 'saved'; blog: BlogInfo }
      | { kind: 'blogNotFound' }
      | { kind: 'unknownSectors' }
      | { kind: 'unknownAuthor' }
    > {
      const sectorIds = [...new Set(input.selectedSectors)];
      if ((await existingSectorIds(db, sectorIds)).length !== sectorIds.length)
        return { kind: 'unknownSectors' };
      const authorId = input.author?.id ?? null;
      if (authorId !== null && !(await analystExists(db, authorId))) return { kind: 'unknownAuthor' };
      const now = clock();
      const values = blogValues(input, now);
      let row: BlogRow | null;
      if (input.key === undefined) {
        // The first blog ever is 'keyword1' (spec 2 section 4), every later one a random UUID.
        const key = (await countBlogs(db)) === 0 ? 'keyword1' : randomUUID();
        row = await insertBlog(db, { ...values, key, sortOrder: await nextSortOrder(db), createdAt: now });
      } else {
        row = await updateBlog(db, input.key, values);
        if (!row) return { kind: 'blogNotFound' };
      }
      blogsChanged(row.key);
      return { kind: 'saved', blog: blogInfoOf(row) };
    },

    /** POST /updateBlogsList: the new tab order, exactly the existing keys once each, in one transaction. */
    async reorder(
      keys: readonly string[],
    ): Promise<{ kind: 'ok'; blogs: BlogInfo[] } | { kind: 'orderInvalid' }> {
      const ok = await db.transaction(async (tx) => {
        await lockBlogs(tx);
        const existing = (await listBlogRows(tx)).map((b) => b.key);
        const given = new Set(keys);
        if (given.size !== keys.length || given.size !== existing.length) return false;
        if (!existing.every((key) => given.has(key))) return false;
        await setSortOrders(tx, keys);
        return true;
      });
      if (!ok) return { kind: 'orderInvalid' };
      blogsChanged();
      return { kind: 'ok', blogs: await listBlogs() };
    },

    /** GET /deleteFavourite: refused while the blog has posts (the foreign key would refuse it too). */
    async deleteBlog(
      key: string,
    ): Promise<
      { kind: 'ok'; blogs: BlogInfo[] } | { kind: 'blogNotFound' } | { kind: 'hasPosts'; count: number }
    > {
      if (!(await findBlogRow(db, key))) return { kind: 'blogNotFound' };
      const count = await countPostsOfBlog(db, key);
      if (count > 0) return { kind: 'hasPosts', count };
      await deleteBlog(db, key);
      blogsChanged(key);
      return { kind: 'ok', blogs: await listBlogs() };
    },

    /** POST /blog/createPost and /post/updatePost: sanitised html, its text derived; no text, no post. */
    async savePost(
      admin: User,
      id: number | null,
      input: PostInput,
    ): Promise<
      { kind: 'ok'; post: Post } | { kind: 'blogNotFound' } | { kind: 'postNotFound' } | { kind: 'emptyText' }
    > {
      const derived = derivePost(input.html);
      // "Save is disabled if the editor has no text" holds on the server too, after sanitising (a post that was
      // only a <script> is empty).
      if (derived.bodyText === '') return { kind: 'emptyText' };
      const blog = await findBlogRow(db, input.key);
      if (!blog) return { kind: 'blogNotFound' };
      const now = clock();
      const values = { blogKey: blog.key, title: input.title, draft: input.draft, ...derived };
      const row =
        id === null
          ? await insertPost(db, { ...values, createdBy: admin.id, createdAt: now, updatedAt: now })
          : await updatePost(db, id, { ...values, updatedAt: now });
      if (!row) return { kind: 'postNotFound' };
      postsChanged(row.id);
      return { kind: 'ok', post: postOf(row, blog, true) };
    },

    async deletePost(
      admin: User,
      id: number,
    ): Promise<{ kind: 'ok'; reply: PostsReply } | { kind: 'postNotFound' }> {
      const found = await findPostWithBlog(db, id);
      if (!found || !(await deletePost(db, id))) return { kind: 'postNotFound' };
      postsChanged(id);
      return { kind: 'ok', reply: await adminList(admin, found.post.publish) };
    },

    /** GET /publishPost and /unPublishPost: the reply is the list the post left. */
    async setPublished(
      admin: User,
      id: number,
      publish: boolean,
      key?: string,
    ): Promise<{ kind: 'ok'; reply: PostsReply } | { kind: 'postNotFound' }> {
      if (!(await setPublished(db, id, publish, clock()))) return { kind: 'postNotFound' };
      postsChanged(id);
      return { kind: 'ok', reply: await adminList(admin, !publish, key) };
    },

    listPosts,

    /** GET /post/{id}: the post with access (and a visit for a signed-in reader), else the refusal. */
    async postPage(
      user: User | null,
      id: number,
    ): Promise<
      | { kind: 'ok'; reply: PostPageReply | JsonBody }
      | { kind: 'refused'; status: 401 | 403; reply: PostRefusalReply }
      | { kind: 'notFound' }
    > {
      const found = await access(user, id);
      if (found.kind === 'notFound') return found;
      if (found.verdict !== 'granted') return { kind: 'refused', ...(await refusal(found, found.verdict)) };
      // An admin gets the editor's draft too, and an admin's own reads are not the readers' statistics.
      if (found.isAdmin) {
        const data = {
          post: postOf(found.post, found.blog, true),
          blog: blogInfoOf(found.blog),
          visit: null,
        };
        return { kind: 'ok', reply: { success: true, data } };
      }
      const visit = user ? JSON.stringify(visitRecorder.start(id, user.id, clock())) : 'null';
      return {
        kind: 'ok',
        reply: new JsonBody(`{"success":true,"data":{${found.readerJson},"visit":${visit}}}`),
      };
    },

    /** GET /post/associatedResearch/{id}: the side panel, under the post's access. */
    async associatedResearch(
      user: User | null,
      id: number,
    ): Promise<
      | { kind: 'ok'; reply: AssociatedResearchReply }
      | { kind: 'refused'; status: 401 | 403; reply: PostRefusalReply }
      | { kind: 'notFound' }
    > {
      const found = await access(user, id);
      if (found.kind === 'notFound') return found;
      if (found.verdict !== 'granted') return { kind: 'refused', ...(await refusal(found, found.verdict)) };
      // Existence only (titles, dates, people): the same for every reader, so the lists ignore the caller.
      const list = (filter: Parameters<typeof listReports>[1]['filter'], limit: number) =>
        listReports(db, {
          filter,
          entitlement: anonymousEntitlement,
          userId: null,
          position: { kind: 'first' },
          limit,
        });
      const ids = await researchIdsOfPost(db, id);
      const [associated, mustRead] = await Promise.all([
        ids.length > 0
          ? list({ type: 'all', hashtags: [], textTags: [], ids }, ids.length)
          : Promise.resolve([] as ReportRow[]),
        list({ type: 'all', hashtags: [], textTags: [], mustRead: true }, SIDE_LIST),
      ]);
      const byId = new Map(associated.map((row) => [row.id, row]));
      const data = ids.flatMap((rid) => {
        const row = byId.get(rid);
        return row ? [researchItemOf(row)] : [];
      });
      const mostViewed =
        data.length === 0
          ? await list(
              {
                type: 'mostviewed',
                hashtags: [],
                textTags: [],
                viewedSince: new Date(clock().getTime() - MOST_VIEWED_DAYS * DAY_MS),
              },
              SIDE_LIST,
            )
          : [];
      return {
        kind: 'ok',
        reply: { data, mustRead: mustRead.map(researchItemOf), mostViewed: mostViewed.map(researchItemOf) },
      };
    },

    /** POST /post/saveBlogResearch: the post's associated research, replaced whole, order kept. */
    async saveResearch(
      user: User,
      postId: number,
      list: string,
    ): Promise<
      | { kind: 'ok'; reply: AssociatedResearchReply }
      | { kind: 'postNotFound' }
      | { kind: 'tooMany' }
      | { kind: 'unknownResearch' }
    > {
      const ids = [...new Set(list === '' ? [] : list.split(',').map(Number))];
      if (ids.length > blogLimits.associatedResearchMax) return { kind: 'tooMany' };
      if (ids.some((rid) => rid < 1 || rid > 2_147_483_647)) return { kind: 'unknownResearch' };
      const found = await findPostWithBlog(db, postId);
      if (!found) return { kind: 'postNotFound' };
      if ((await existingReportIds(db, ids)).length !== ids.length) return { kind: 'unknownResearch' };
      await db.transaction((tx) => replacePostResearch(tx, postId, ids));
      postsChanged(postId);
      const outcome = await this.associatedResearch(user, postId);
      return outcome.kind === 'ok' ? outcome : { kind: 'postNotFound' };
    },
  };
};

export type BlogsService = ReturnType<typeof createBlogsService>;
