import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { headline } from '../research/research-search.repository.ts';
import { tsQueryOf } from '../research/search-query.ts';

export interface PostSearchRow {
  id: number;
  title: string;
  blog_key: string;
  topic: string;
  published_date: string;
  total: number | string;
  /** ts_headline with MARK_START/MARK_STOP around hits; null where the caller may not read the post */
  snippet: string | null;
}

/**
 * ts_rank_cd's weights of the post vector's classes {D, C, B, A}: the title (A) well above the text (B), so that
 * a post whose title says the word comes before one whose text repeats it.
 */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/**
 * A snippet is drawn from the text's first characters only: ts_headline parses all the text it is given, and a
 * post may hold 200,000 characters (issue 10: whole bodies stalled the embedded database). A hit further on
 * still lists the post; its snippet then shows the opening words.
 */
const SNIPPET_SOURCE_CHARS = 20_000;

/** A Postgres text[] parameter (drizzle would expand a JS array into a list). */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * One page of the published posts matching the search text (the same words, phrases, exclusions and last-word
 * prefix as the report search: search-query.ts), best rank first, then newest; drafts never match. The total
 * comes with the page (a window count over the matches). Snippets are drawn in the outer query, for the page's
 * rows only, and only for posts of `readableBlogKeys`: for a reader who may not read a post the database does
 * not even render its text.
 */
export const searchPosts = async (
  db: Executor,
  args: { q: string; readableBlogKeys: readonly string[]; offset: number; limit: number },
) =>
  rowsOf<PostSearchRow>(
    await db.execute(sql`with q as (select ${tsQueryOf(args.q)} as query),
      page as (
        select p.id, p.title, p.blog_key, b.topic, p.published_at, count(*) over () as total,
          ts_rank_cd(${RANK_WEIGHTS}::real[], p.search_vector, q.query) as rank
        from posts p join blogs b on b.key = p.blog_key, q
        where p.publish and p.search_vector @@ q.query
        order by rank desc, p.published_at desc nulls last, p.id desc
        offset ${args.offset} limit ${args.limit}
      )
      select page.id, page.title, page.blog_key, page.topic, page.total,
        to_char(page.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_date,
        case when page.blog_key = any(${textArray(args.readableBlogKeys)})
          then ${headline(sql`left(p.body_text, ${SNIPPET_SOURCE_CHARS})`, sql`q.query`)} end as snippet
      from page join posts p on p.id = page.id, q
      order by page.rank desc, page.published_at desc nulls last, page.id desc`),
  );
