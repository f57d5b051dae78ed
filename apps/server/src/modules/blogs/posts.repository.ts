import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { blogs, postResearch, posts, reports } from '../../db/schema/index.ts';
import type { BlogRow } from './blogs.repository.ts';

/** A post's columns but its text and search vector (large; a page never needs them). */
const postColumns = {
  id: posts.id,
  blogKey: posts.blogKey,
  title: posts.title,
  html: posts.html,
  draft: posts.draft,
  words: posts.words,
  image: posts.image,
  publish: posts.publish,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  publishedAt: posts.publishedAt,
};
export interface PostRow {
  id: number;
  blogKey: string;
  title: string;
  html: string;
  draft: unknown;
  words: number;
  image: string | null;
  publish: boolean;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}

export type PostValues = Pick<
  typeof posts.$inferInsert,
  'blogKey' | 'title' | 'html' | 'draft' | 'bodyText' | 'words' | 'image'
>;

export const insertPost = async (
  db: Executor,
  values: PostValues & { createdBy: number; createdAt: Date; updatedAt: Date },
): Promise<PostRow> => (await db.insert(posts).values(values).returning(postColumns))[0]!;

export const updatePost = async (
  db: Executor,
  id: number,
  values: PostValues & { updatedAt: Date },
): Promise<PostRow | null> =>
  (await db.update(posts).set(values).where(eq(posts.id, id)).returning(postColumns))[0] ?? null;

/** The post page's one query: the post and its blog. */
export const findPostWithBlog = async (
  db: Executor,
  id: number,
): Promise<{ post: PostRow; blog: BlogRow } | null> =>
  (
    await db
      .select({ post: postColumns, blog: blogs })
      .from(posts)
      .innerJoin(blogs, eq(blogs.key, posts.blogKey))
      .where(eq(posts.id, id))
  )[0] ?? null;

export const deletePost = async (db: Executor, id: number) =>
  (await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id, key: posts.blogKey }))[0] ?? null;

/** Publishing stamps the time (the list's order); unpublishing keeps the last one. */
export const setPublished = async (db: Executor, id: number, publish: boolean, now: Date) =>
  (
    await db
      .update(posts)
      .set(publish ? { publish, publishedAt: now, updatedAt: now } : { publish, updatedAt: now })
      .where(eq(posts.id, id))
      .returning({ id: posts.id, key: posts.blogKey })
  )[0] ?? null;

export interface PostListRow {
  id: number;
  title: string;
  key: string;
  created_at: string;
  published_at: string | null;
  /** published_at with microseconds, for the cursor */
  cursor_at: string | null;
  publish: boolean;
  words: number;
  image: string | null;
  /** the start of the text (enough for an excerpt) */
  text_start: string;
  topic: string;
  access_type: 'pre' | 'npi' | 'pi';
  selected_sectors: number[];
}

export interface PostListPosition {
  at: string | null;
  id: number;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One keyset page, newest first (published_at desc nulls last, id desc), as posts_blog_list_idx and
 * posts_list_idx order it: one indexed statement a page, however many posts exist (no count).
 */
export const listPostPage = async (
  db: Executor,
  args: { key?: string; publish: boolean; after: PostListPosition | null; limit: number },
): Promise<PostListRow[]> => {
  const where = [sql`p.publish = ${args.publish}`];
  if (args.key !== undefined) where.push(sql`p.blog_key = ${args.key}`);
  const after = args.after;
  if (after) {
    where.push(
      after.at === null
        ? sql`(p.published_at is null and p.id < ${after.id})`
        : args.publish
          ? // published posts always have a date: a plain row comparison, which the index walks
            sql`(p.published_at, p.id) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id})`
          : sql`((p.published_at, p.id) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}) or p.published_at is null)`,
    );
  }
  return rowsOf<PostListRow>(
    await db.execute(sql`select p.id, p.title, p.blog_key as key, ${iso('p.created_at')} as created_at,
        ${iso('p.published_at')} as published_at,
        to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at,
        p.publish, p.words, p.image, left(p.body_text, 400) as text_start,
        b.topic, b.access_type, b.selected_sectors
      from posts p join blogs b on b.key = p.blog_key
      where ${sql.join(where, sql` and `)}
      -- the index's own order (posts_blog_list_idx, posts_list_idx: desc nulls last on both columns), so the page
      -- is read off the index with no sort step
      order by p.published_at desc nulls last, p.id desc nulls last
      limit ${args.limit}`),
  );
};

export const researchIdsOfPost = async (db: Executor, postId: number) =>
  (
    await db
      .select({ id: postResearch.reportId })
      .from(postResearch)
      .where(eq(postResearch.postId, postId))
      .orderBy(asc(postResearch.position))
  ).map((r) => r.id);

export const existingReportIds = async (db: Executor, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: reports.id })
          .from(reports)
          .where(inArray(reports.id, [...ids]))
      ).map((r) => r.id);

export const replacePostResearch = async (db: Executor, postId: number, reportIds: readonly number[]) => {
  await db.delete(postResearch).where(eq(postResearch.postId, postId));
  if (reportIds.length > 0)
    await db
      .insert(postResearch)
      .values(reportIds.map((reportId, position) => ({ postId, reportId, position })));
};

export const postExists = async (db: Executor, id: number) =>
  (await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id))).length > 0;
