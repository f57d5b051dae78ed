import { type BlogInfo, messagesBlogs } from '@portal/contract';
import { asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs, posts, sectors } from '../../db/schema/index.ts';

export type BlogRow = typeof blogs.$inferSelect;

/** A stored blog as the contract's Blog info (defaults of topic and sub-title: spec 2 section 3). */
export const blogInfoOf = (row: BlogRow): BlogInfo => ({
  key: row.key,
  topic: row.topic || messagesBlogs.defaultTopic,
  subtitle: row.subtitle || messagesBlogs.defaultSubtitle,
  region: row.region,
  blogType: row.blogType,
  footerHTML: row.footerHtml,
  author: row.author ?? null,
  accessType: row.accessType,
  selectedSectors: row.selectedSectors,
  keyword: row.keywords,
});

/** Every blog in tab order (the favourites menu uses the same order). */
export const listBlogRows = (db: Executor) =>
  db.select().from(blogs).orderBy(asc(blogs.sortOrder), asc(blogs.createdAt), asc(blogs.key));

export const findBlogRow = async (db: Executor, key: string) =>
  (await db.select().from(blogs).where(eq(blogs.key, key)))[0] ?? null;

export const nextSortOrder = async (db: Executor) => {
  const [row] = await db.select({ last: max(blogs.sortOrder) }).from(blogs);
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
};

export const countBlogs = async (db: Executor) => (await db.select({ n: count() }).from(blogs))[0]?.n ?? 0;

export const countPostsOfBlog = async (db: Executor, key: string) =>
  (await db.select({ n: count() }).from(posts).where(eq(posts.blogKey, key)))[0]?.n ?? 0;

/** The ids among `ids` that are sectors. */
export const existingSectorIds = async (db: Executor, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: sectors.id })
          .from(sectors)
          .where(inArray(sectors.id, [...ids]))
      ).map((r) => r.id);

/** Sector names in the given order (a refusal names the sectors a pi blog needs). */
export const sectorNamesOf = async (db: Executor, ids: readonly number[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(inArray(sectors.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => byId.get(id)).filter((name): name is string => name !== undefined);
};

export type BlogValues = Omit<typeof blogs.$inferInsert, 'key' | 'sortOrder' | 'createdAt'>;

export const insertBlog = async (
  db: Executor,
  values: BlogValues & { key: string; sortOrder: number; createdAt: Date },
) => (await db.insert(blogs).values(values).returning())[0]!;

export const updateBlog = async (db: Executor, key: string, values: BlogValues) =>
  (await db.update(blogs).set(values).where(eq(blogs.key, key)).returning())[0] ?? null;

export const setSortOrders = async (db: Executor, keys: readonly string[]) => {
  for (const [index, key] of keys.entries())
    await db.update(blogs).set({ sortOrder: index }).where(eq(blogs.key, key));
};

export const deleteBlog = (db: Executor, key: string) => db.delete(blogs).where(eq(blogs.key, key));

/** Locks the blogs table's rows for a reorder (two admins dragging at once must not interleave). */
export const lockBlogs = (db: Executor) => db.execute(sql`select key from blogs for update`);
