/**
 * The search box's suggestions: analysts, companies (by name or ticker), countries, sectors, published posts and
 * report titles, typo-tolerant, each group in bounded statements.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executePlannedEachTime, rowsOf } from '../../db/client.ts';
import { intArray, jsonValue, visibleReports, visibleSql } from './research-sql.ts';
import { tsQueryOf } from './search-query.ts';

export interface SuggestionRows {
  analysts: { id: number; name: string }[];
  companies: { id: number; name: string }[];
  countries: { id: number; name: string }[];
  sectors: { id: number; sName: string }[];
  reports: { id: number; title: string; published_date: string }[];
  posts: { id: number; title: string; key: string; published_date: string }[];
}

const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const reportJson = (alias: string) => {
  const a = sql.raw(alias);
  return sql`json_build_object('id', ${a}.id, 'title', ${a}.title, 'published_date', ${isoUtc(sql`${a}.published_at`)})`;
};
type ReportSuggestion = SuggestionRows['reports'][number];

// A title substring with more hits than this (and too few among the newest reports) is searched in date order; a
// rarer one by sorting its few trigram-index hits (newestTitles). Deciding from a bounded probe pins the plan.
const FREQUENT_TITLE_HITS = 100;
// The newest reports a title search reads first: a match among them in a hundred or so has its newest five there.
const RECENT_TITLES = 400;
// Titles matched by one or two characters (no trigram to use): only the newest reports are looked at.
const SHORT_QUERY_WINDOW = 5000;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The query's words of three letters or more (at most four), each corrected against the title vocabulary. */
const wordsToCorrect = (q: string) =>
  [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter((w) => w.length >= 3).slice(0, 4);

/**
 * SQL of the query's words each replaced by the closest word of the report titles (trigram similarity over the
 * small `report_title_words` table), as a json array of [original, corrected] in the words' order.
 */
const correctionsSql = (words: readonly string[]) => {
  if (words.length === 0) return sql`'[]'::json`;
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  return sql`(select json_agg(json_build_array(t.w, coalesce((select v.word from report_title_words v
      where v.word % t.w order by similarity(v.word, t.w) desc, v.word limit 1), t.w)) order by t.i)
    from unnest(array[${list}]::text[]) with ordinality t(w, i))`;
};

/** The corrected words, or [] when none differs from the query: then the substring search has found what there is. */
const correctedWords = (corrections: unknown) => {
  const pairs = jsonValue<[string, string][] | null>(corrections) ?? [];
  return pairs.some(([original, word]) => word !== original) ? pairs.map(([, word]) => word) : [];
};

/** How many of the newest reports a title search reads first, and past how many hits a match is frequent (tests use a few). */
interface TitleSearchSizes {
  recentTitles: number;
  frequentHits: number;
}

/**
 * The newest `limit` visible reports whose title `matches` (SQL over alias `r`), as a json array, in one statement
 * to be planned with its values (executePlannedEachTime), in up to three steps, each run only when the one before
 * falls short (PostgreSQL reads a CASE's branches, and the CTEs they use, only when it gets to them):
 * 1. the newest RECENT_TITLES reports by the date index: a frequent match (a common word, at least one title in
 *    a hundred or so) has its newest `limit` there, and reading them costs well under a millisecond;
 * 2. a MATERIALIZED probe of at most FREQUENT_TITLE_HITS + 1 hits: a rare match takes the trigram index, and when
 *    there are no more than FREQUENT_TITLE_HITS of them, the newest of those;
 * 3. else every hit in date order (the planner picks the date index's walk or the trigram index's bitmap).
 * A frequent word used to pay for the probe (about 4 ms for `outlook` at 100,000 reports, 10,122 hits on the
 * trigram index) and a second statement for the walk; a typo of one paid for it again after its correction.
 */
const newestTitles = (matches: SQL, limit: number, sizes: TitleSearchSizes) => {
  const visible = visibleSql(sql`r`);
  const newest = (a: string) => sql.raw(`${a}.published_at desc nulls last, ${a}.id desc nulls last`);
  const json = (rows: SQL, a: string) =>
    sql`(select coalesce(json_agg(${reportJson(a)} order by ${newest(a)}), '[]') from ${rows} ${sql.raw(a)})`;
  return sql`with recent as materialized (
      select r.id, r.title, r.published_at from (select r.id, r.title, r.published_at from reports r where ${visible}
        order by ${newest('r')} limit ${sql.raw(String(Math.trunc(sizes.recentTitles)))}) r
      where ${matches} order by ${newest('r')} limit ${limit}),
    hits as materialized (
      select r.id, r.title, r.published_at from reports r where ${visible} and ${matches}
      limit ${sql.raw(String(Math.trunc(sizes.frequentHits) + 1))})
    select case
      when (select count(*) from recent) >= ${limit} then ${json(sql`recent`, 'n')}
      when (select count(*) from hits) <= ${sql.raw(String(Math.trunc(sizes.frequentHits)))}
        then ${json(sql`(select * from hits h order by ${newest('h')} limit ${limit})`, 'h')}
      else ${json(
        sql`(select r.id, r.title, r.published_at from reports r where ${visible} and ${matches}
        order by ${newest('r')} limit ${limit})`,
        'w',
      )}
    end as reports`;
};

/** The newest reports whose title holds every word, except `exclude` (newestTitles). */
const titlesWithAll = async (
  db: Executor,
  words: readonly string[],
  limit: number,
  exclude: number[],
  sizes: TitleSearchSizes,
) => {
  const holdsAll = sql.join(
    words.map((word) => sql`r.title ilike ${likePattern(word)}`),
    sql` and `,
  );
  const [row] = rowsOf<{ reports: unknown }>(
    await executePlannedEachTime(
      db,
      newestTitles(sql`${holdsAll} and not (r.id = any(${intArray(exclude)}))`, limit, sizes),
    ),
  );
  return jsonValue<ReportSuggestion[]>(row?.reports ?? []);
};

/**
 * Grouped suggestions. Names match by substring or trigram similarity, so a typo still matches; the order is
 * similarity, then recency. Reports, at 100,000 rows, take at most two rounds of bounded statements (the planner
 * would otherwise walk the date index filtering every row for a rare term, ARCHITECTURE 3a):
 * 1. the small groups with the query's words corrected against the title vocabulary (a few thousand words, `%` on
 *    its trigram index), and beside them the newest substring hits (newestTitles: a bounded probe, and the date
 *    index's walk for a frequent substring, in one statement planned with its values);
 * 2. when substring hits are fewer than the limit and a word was corrected, titles holding every corrected word,
 *    by the same plans. A typo used to take four statements one after the other (probe, walk, correction, probe).
 */
export const findSuggestions = async (
  db: Executor,
  q: string,
  limit: number,
  sizes: TitleSearchSizes = { recentTitles: RECENT_TITLES, frequentHits: FREQUENT_TITLE_HITS },
) => {
  const pattern = likePattern(q);
  // The other groups are small tables: a looser word similarity tolerates a typo in a short name.
  const looseMatch = (column: SQL) =>
    sql`(${column} ilike ${pattern} or word_similarity(${q}, ${column}) >= 0.45 or similarity(${column}, ${q}) >= 0.3)`;
  const score = (column: SQL) =>
    sql`greatest(similarity(${column}, ${q}), word_similarity(${q}, ${column}), case when ${column} ilike ${pattern} then 1 else 0 end)`;
  /**
   * A small table's group, matched on its name and on `code` when given: a company by its ticker too (`2189 HK`,
   * spec 2 section 5: the company search matches name or code). The code matches as a substring only (a ticker's
   * trigrams would make every code of the same exchange look alike); the name is what the group shows.
   */
  const small = (table: string, column: string, label: string, code?: string) => {
    const col = sql.raw(`t.${column}`);
    const codeCol = code ? sql.raw(`t.${code}`) : null;
    const matches = codeCol ? sql`(${looseMatch(col)} or ${codeCol} ilike ${pattern})` : looseMatch(col);
    const scored = codeCol
      ? sql`greatest(${score(col)}, case when ${codeCol} ilike ${pattern} then 1 else 0 end)`
      : score(col);
    return sql`(select coalesce(json_agg(json_build_object('id', x.id, ${sql.raw(`'${label}'`)}, x.name)
        order by x.score desc, x.name), '[]')
      from (select t.id, ${col} as name, ${scored} as score from ${sql.raw(table)} t
        where ${matches} order by 3 desc, 2 limit ${limit}) x)`;
  };
  const short = q.length < 3;
  // The title probe runs apart, planned with its values, beside the groups' statement, which is prepared.
  const probeStatement = short
    ? sql`select (select coalesce(json_agg(${reportJson('h')} order by h.published_at desc, h.id desc), '[]')
        from (select r.id, r.title, r.published_at from (select id, title, published_at from reports
          where ${visibleReports} order by published_at desc nulls last, id desc nulls last
          limit ${SHORT_QUERY_WINDOW}) r
        where r.title ilike ${pattern} order by r.published_at desc nulls last, r.id desc nulls last
        limit ${limit}) h) as reports`
    : newestTitles(sql`r.title ilike ${pattern}`, limit, sizes);
  const statement = sql`select
      ${small('analysts', 'name', 'name')} as analysts,
      ${small('companies', 'name', 'name', 'bbg_code')} as companies,
      ${small('countries', 'name', 'name')} as countries,
      ${small('sectors', 'name', 'sName')} as sectors,
      -- Published posts (issue 14), titles only, whoever asks: matched by the post search's own query
      -- (GET /posts/search), so the search finds every post the suggestions list.
      (select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'key', p.blog_key,
          'published_date', ${isoUtc(sql`p.published_at`)}) order by p.title_hit desc, p.published_at desc, p.id desc), '[]')
        from (select id, title, blog_key, published_at, title ilike ${pattern} as title_hit from posts
          where publish and search_vector @@ ${tsQueryOf(q)}
          order by 5 desc, published_at desc nulls last, id desc limit ${limit}) p) as posts,
      -- the query's words corrected against the title vocabulary, for typo tolerance below (about a millisecond)
      ${correctionsSql(short ? [] : wordsToCorrect(q))} as corrections`;
  const [row, probed] = await Promise.all([
    db
      .execute(statement)
      .then(
        (result) =>
          rowsOf<Record<Exclude<keyof SuggestionRows, 'reports'> | 'corrections', unknown>>(result)[0],
      ),
    executePlannedEachTime(db, probeStatement).then((result) => rowsOf<{ reports: unknown }>(result)[0]),
  ]);
  let reports = jsonValue<ReportSuggestion[]>(probed?.reports ?? []);
  if (!short && reports.length < limit) {
    // Typo tolerance: titles holding every corrected word, by the same bounded plans as the probe.
    const corrected = correctedWords(row?.corrections);
    if (corrected.length > 0) {
      const found = reports.map((report) => report.id);
      reports = [...reports, ...(await titlesWithAll(db, corrected, limit - reports.length, found, sizes))];
    }
  }
  return {
    analysts: jsonValue<SuggestionRows['analysts']>(row?.analysts ?? []),
    companies: jsonValue<SuggestionRows['companies']>(row?.companies ?? []),
    countries: jsonValue<SuggestionRows['countries']>(row?.countries ?? []),
    sectors: jsonValue<SuggestionRows['sectors']>(row?.sectors ?? []),
    reports,
    posts: jsonValue<SuggestionRows['posts']>(row?.posts ?? []),
  };
};
