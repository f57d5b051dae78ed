/**
 * Full-text search over reports: the rank window and its weights, the hit-marked snippets (the title and
 * description headline, the best passage of the file's text) and which tags are known hashtags. The list
 * repository builds a searched page from these.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { byDate, limitSql, visibleSql } from './research-sql.ts';
import { tsQueryOf } from './search-query.ts';

/** Marks around search hits; control characters never occur in stored text, and are swapped for <mark> after escaping. */
export const MARK_START = '\u0001';
export const MARK_STOP = '\u0002';
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=18, MinWords=6, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * ts_headline over the text as the index saw it (search_words: `EV/EBITDA` as two words, so a hit on `EBITDA`
 * is marked), with the zero-width spaces search_words() put in taken out again.
 */
export const headline = (text: SQL, query: SQL) =>
  sql`replace(ts_headline('english', search_words(${text}), ${query}, ${headlineOptions}), U&'\\200B', '')`;

/**
 * The query with every AND turned into OR: finds a passage holding some of the words when no passage holds them
 * all. querytree() prints lexemes quoted, so only the operators are replaced.
 */
const anyWordQuery = (q: string) => sql`replace(querytree(${tsQueryOf(q)}), ' & ', ' | ')::tsquery`;

/**
 * The body snippet of report `r`, as a lateral subquery of one row: drawn from its passages (report_passages, about
 * 600 characters each plus the first words of the next, kept by triggers): the best passage holding the whole
 * query, else the one holding most of its words. ts_headline then parses one passage, never the whole body, so
 * its cost does not grow with the document (issue 10: ts_headline over up to 200,000 characters per result
 * stalled the embedded database), and it runs once per card. No row when no passage holds any word (the hit is
 * in the title or description).
 */
const passageHeadline = (q: string, r: SQL) => sql`(
  select ${headline(sql`x.body`, sql`case when x.whole then ${tsQueryOf(q)} else ${anyWordQuery(q)} end`)} as text
  from (
    select rp.body, rp.search_vector @@ ${tsQueryOf(q)} as whole
    from report_passages rp
    where rp.report_id = ${r}.id and rp.search_vector @@ ${anyWordQuery(q)}
    order by 2 desc, ts_rank_cd(rp.search_vector, ${anyWordQuery(q)}) desc, rp.ord
    limit 1
  ) x)`;

/**
 * Whose body snippets a page carries: `entitled` quotes the file's text only on cards the caller may read (the
 * rule of the README); `all` draws a body snippet for every card, for a page shared by readers with different
 * entitlements: the service then shows each reader the body snippet only of the cards they may read.
 */
export type SnippetScope = 'entitled' | 'all';

/**
 * How many of the newest matches of a full-text query are ranked by relevance. Ranking reads every candidate's
 * whole search vector: over all matches of a common word at 100,000 reports (80,000 rows) it cost about 800 ms
 * on PostgreSQL; over the newest thousand, about 45 ms. Older matches follow the ranked ones in date order.
 */
export const RANK_WINDOW = 1000;

/**
 * ts_rank_cd's weights of the vector's classes {D, C, B, A}: title and hashtags (A), description and companies
 * (B), the file's text (C, well below: a report saying a word a hundred times in its text ranks below one whose
 * title says it; PostgreSQL's default C is 0.2, so five mentions in the text outranked a title).
 */
const RANK_WEIGHTS = '{0.1, 0.01, 0.4, 1.0}';

/** The ranked part of a full-text list, or the older matches after it (rank 0, newest first). */
export type RankPart = { kind: 'window' } | { kind: 'older'; at: string; id: number };

/** The oldest of the RANK_WINDOW newest matches (where the date-ordered tail starts), or null when fewer match. */
export const rankWindowEdge = async (db: Executor, where: SQL[], window: number) => {
  const rows = rowsOf<{ at: string; id: number }>(
    await db.execute(sql`select to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, r.id
      from reports r where ${sql.join(where, sql` and `)}
      order by ${byDate} offset ${window - 1} limit 1`),
  );
  return rows[0] ?? null;
};

/** The rank column of a page: the query's rank, or 0 past the window (and without a query). */
export const rankColumn = (q: string | undefined, part?: RankPart) =>
  q && part?.kind !== 'older'
    ? sql`ts_rank_cd(${RANK_WEIGHTS}::real[], r.search_vector, ${tsQueryOf(q)})`
    : sql`0::real`;

/**
 * The window: the newest matches first (an index walk by date, or the full-text index and a top-N sort), then
 * only those are ranked.
 */
export const rankWindowSource = (whereSql: SQL, window: number) =>
  sql`(select r.id from reports r ${whereSql} order by ${byDate} ${limitSql(window)}) w
          join reports r on r.id = w.id`;

/** The snippet columns of a page `p` (and its lateral join `hb`); `entitled` is the SQL of "the caller may read p". */
export const cardSnippets = (q: string | undefined, entitled: SQL, snippets: SnippetScope | undefined) => {
  // A body snippet only when it marks a hit; the title and description headline is every card's fallback.
  const bodySnippet = q
    ? sql`case when position(${MARK_START} in hb.text) > 0 then hb.text end`
    : sql`null::text`;
  const titleHeadline = q ? headline(sql`p.title || ' — ' || p.description`, tsQueryOf(q)) : sql`null::text`;
  // A shared page needs both snippets of every card; a reader's own page only the one it shows (ts_headline
  // costs about a millisecond a call on PGlite).
  const titleSnippet =
    snippets === 'all' ? titleHeadline : sql`case when ${bodySnippet} is null then ${titleHeadline} end`;
  const bodyHeadline = q
    ? sql`left join lateral ${passageHeadline(q, sql`p`)} hb on ${snippets === 'all' ? sql`true` : entitled}`
    : sql`left join lateral (select null::text as text) hb on true`;
  return { bodySnippet, titleSnippet, bodyHeadline };
};

/** Tags (lower case, without '#') that are some report's hashtag; the others are searched as full text. */
export const knownHashtags = async (db: Executor, tags: readonly string[]) => {
  if (tags.length === 0) return new Set<string>();
  const list = sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  const rows = rowsOf<{ tag: string }>(
    await db.execute(sql`select t.tag from unnest(array[${list}]::text[]) t(tag)
      where exists (select 1 from reports r, unnest(r.hashtags) h
        where ${visibleSql(sql`r`)} and lower(ltrim(h, '#')) = t.tag)`),
  );
  return new Set(rows.map((row) => row.tag));
};
