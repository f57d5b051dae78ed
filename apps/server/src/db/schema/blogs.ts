// Posts of the blogs (issue 14; spec 2 "Post", "Post stat record"): the posts, their associated research and the
// readers' visits behind the post statistics. The blogs themselves are in site.ts (the favourites menu).
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { reports } from './catalogue.ts';
import { blogs } from './site.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // a blog with posts cannot be deleted (the service says so first; the key restricts it for any writer)
    blogKey: text('blog_key')
      .notNull()
      .references(() => blogs.key, { onDelete: 'restrict', onUpdate: 'cascade' }),
    title: text('title').notNull(),
    // sanitised on every write (modules/blogs/sanitize.ts); never stored as the editor sent it
    html: text('html').notNull(),
    // the editor's JSON document (Tiptap), for editing again
    draft: jsonb('draft').notNull(),
    // plain text of the html: the read time, the card's excerpt and the search
    bodyText: text('body_text').notNull().default(''),
    words: integer('words').notNull().default(0),
    // the first image of the post (a card's picture)
    image: text('image'),
    publish: boolean('publish').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // set by each publishing; a draft keeps the last one (null if never published)
    publishedAt: at('published_at'),
    // the title weighs A and the text B, split into words the same way as reports (search_words, migration 0007)
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', search_words(coalesce(title, ''))), 'A') || setweight(to_tsvector('english', search_words(left(coalesce(body_text, ''), 200000))), 'B')`,
      ),
  },
  (t) => [
    // keyset pages of one blog, and of every blog, newest first (published and drafts alike)
    index('posts_blog_list_idx').on(t.blogKey, t.publish, t.publishedAt.desc(), t.id.desc()),
    index('posts_list_idx').on(t.publish, t.publishedAt.desc(), t.id.desc()),
    index('posts_search_idx').using('gin', t.searchVector),
    index('posts_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** A post's associated research (POST /post/saveBlogResearch), in the order the admin gave. */
export const postResearch = pgTable(
  'post_research',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reportId] })],
);

/**
 * A signed-in reader's visit of a post (spec 2 "Post stat record"): entry when the post is read, exit when the
 * leave call closes it, and the time measured by the page's heartbeats and the leave (`active_seconds`, each beat
 * counting at most the cap). A visit with neither counts as 2 minutes.
 */
export const postVisits = pgTable(
  'post_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enteredAt: at('entered_at').notNull().defaultNow(),
    // the last heartbeat or leave that counted time; null until the first
    lastSeenAt: at('last_seen_at'),
    exitAt: at('exit_at'),
    activeSeconds: integer('active_seconds').notNull().default(0),
  },
  (t) => [
    index('post_visits_post_idx').on(t.postId, t.enteredAt.desc()),
    index('post_visits_user_idx').on(t.userId),
  ],
);
