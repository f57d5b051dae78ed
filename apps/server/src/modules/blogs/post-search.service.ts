import type { PostSearchReply } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { blogs } from '../../db/schema/site.ts';
import { decodeCursor, encodeCursor, InvalidCursorError } from '../research/cursor.ts';
import { snippetHtml } from '../research/research.service.ts';
import { mayReadPost, type PostReader } from './post-access.ts';
import { searchPosts } from './post-search.repository.ts';

const PAGE_SIZE = 10;
/** Deeper than this a cursor is refused: 100 pages of posts is past anyone's reading, and an offset costs. */
const MAX_OFFSET = 1000;

/**
 * Post text in the site search (issue 14): published posts by relevance, each marked `entitled` by the one post
 * access rule (modules/blogs/post-access.ts); a snippet of the text only where the reader may read the post.
 */
export const createPostSearchService = (deps: { db: Db }) => {
  const { db } = deps;
  return {
    /** Throws InvalidCursorError for a cursor the server did not give (or past MAX_OFFSET). */
    async search(q: string, cursor: string | undefined, reader: PostReader): Promise<PostSearchReply> {
      let offset = 0;
      let page = 1;
      if (cursor !== undefined) {
        const position = decodeCursor(cursor);
        if (position?.kind !== 'offset' || position.offset > MAX_OFFSET) throw new InvalidCursorError();
        ({ offset, page } = position);
      }
      // The blogs are few (a tab each): the rule is applied to each blog here, and the query draws snippets for
      // the readable blogs' posts only.
      const all = await db
        .select({ key: blogs.key, accessType: blogs.accessType, selectedSectors: blogs.selectedSectors })
        .from(blogs);
      const readable = new Set(all.filter((blog) => mayReadPost(blog, reader)).map((blog) => blog.key));
      const rows = await searchPosts(db, { q, readableBlogKeys: [...readable], offset, limit: PAGE_SIZE });
      const total = Number(rows[0]?.total ?? 0);
      const nextOffset = offset + rows.length;
      return {
        data: rows.map((row) => {
          const entitled = readable.has(row.blog_key);
          return {
            id: row.id,
            title: row.title,
            key: row.blog_key,
            blogTopic: row.topic,
            published_date: row.published_date,
            entitled,
            snippet: entitled && row.snippet !== null ? snippetHtml(row.snippet) : null,
          };
        }),
        total,
        next:
          rows.length === PAGE_SIZE && nextOffset < total && nextOffset <= MAX_OFFSET
            ? encodeCursor({ kind: 'offset', offset: nextOffset, page: page + 1 })
            : null,
      };
    },
  };
};

export type PostSearchService = ReturnType<typeof createPostSearchService>;
