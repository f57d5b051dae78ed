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

// A substring present in more titles than this is frequent: its newest hits are found by walking the date
// index; a rarer one by sorting its (few) trigram-index hits. Deciding from a bounded probe pins the plan.
const FREQUENT_TITLE_HITS = 300;
// Titles matched by one or two characters (no trigram to use): only the newest reports are looked at.
const SHORT_QUERY_WINDOW = 5000;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The query's words (three letters or more) each replaced by the closest word of the report titles (trigram
 * similarity over the small `report_title_words` table), or [] when nothing differs from the query: then the
 * substring search has already found what there is.
 */
const correctedWords = async (db: Executor, q: string) => {
  const words = [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u))]
    .filter((w) => w.length >= 3)
    .slice(0, 4);
  if (words.length === 0) return [];
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const rows = rowsOf<{ word: string; original: string }>(
    await db.execute(sql`select t.w as original, coalesce((select v.word from report_title_words v
        where v.word % t.w order by similarity(v.word, t.w) desc, v.word limit 1), t.w) as word
      from unnest(array[${list}]::text[]) with ordinality t(w, i) order by t.i`),
  );
  return rows.some((row) => row.word !== row.original) ? rows.map((row) => row.word) : [];
};

/** The newest reports whose title holds every word, except `exclude`: a bounded trigram probe, else the date walk. */
const titlesWithAll = async (db: Executor, words: readonly string[], limit: number, exclude: number[]) => {
  const holdsAll = sql.join(
    words.map((word) => sql`r.title ilike ${likePattern(word)}`),
    sql` and `,
  );
  const notFound = sql`not (r.id = any(${intArray(exclude)}))`;
  const visible = visibleSql(sql`r`);
  const [probe] = rowsOf<{ n: number; items: unknown }>(
    await executePlannedEachTime(
      db,
      sql`with hits as materialized (
        select r.id, r.title, r.published_at from reports r where ${visible} and ${holdsAll} and ${notFound}
        limit ${FREQUENT_TITLE_HITS + 1})
      select (select count(*)::int from hits) as n,
        (select coalesce(json_agg(${reportJson('h')} order by h.published_at desc, h.id desc), '[]')
          from (select * from hits order by published_at desc nulls last, id desc nulls last limit ${limit}) h) as items`,
    ),
  );
  if (Number(probe?.n ?? 0) <= FREQUENT_TITLE_HITS) return jsonValue<ReportSuggestion[]>(probe?.items ?? []);
  return rowsOf<{ item: unknown }>(
    await db.execute(sql`select ${reportJson('r')} as item from reports r where ${visible} and ${holdsAll} and ${notFound}
      order by r.published_at desc nulls last, r.id desc nulls last limit ${limit}`),
  ).map((row) => jsonValue<ReportSuggestion>(row.item));
};

/**
 * Grouped suggestions. Names match by substring or trigram similarity, so a typo still matches; the order is
 * similarity, then recency. Reports, at 100,000 rows, take up to three bounded statements (the planner would
 * otherwise walk the date index filtering every row for a rare term, ARCHITECTURE 3a):
 * 1. the small groups, and beside them a MATERIALIZED probe of at most FREQUENT_TITLE_HITS substring hits, planned
 *    with its values (executePlannedEachTime): a frequent substring reads the table until it has them, a rare one
 *    takes the trigram index;
 * 2. for a frequent substring only, the newest hits by the date index (hits are dense, so this stops early);
 * 3. when substring hits are fewer than the limit, the query's words corrected against the title vocabulary
 *    (a few thousand words, `%` on its trigram index) and titles holding every corrected word, by the plans of 1-2.
 */
export const findSuggestions = async (db: Executor, q: string, limit: number) => {
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
  const probe = short
    ? sql`select r.id, r.title, r.published_at from (select id, title, published_at from reports where ${visibleReports}
        order by published_at desc nulls last, id desc nulls last limit ${SHORT_QUERY_WINDOW}) r
        where r.title ilike ${pattern}`
    : sql`select r.id, r.title, r.published_at from reports r where ${visibleSql(sql`r`)} and r.title ilike ${pattern}
        limit ${FREQUENT_TITLE_HITS + 1}`;
  // The title probe runs apart, planned with its values (a frequent word reads the table until it has enough hits,
  // a rare one takes the trigram index), beside the groups' statement, which is prepared.
  const probeStatement = sql`with hits as materialized (${probe})
    select (select count(*)::int from hits) as hit_count,
      (select coalesce(json_agg(${reportJson('h')} order by h.published_at desc, h.id desc), '[]')
        from (select * from hits order by published_at desc nulls last, id desc nulls last limit ${limit}) h) as reports`;
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
          order by 5 desc, published_at desc nulls last, id desc limit ${limit}) p) as posts`;
  const [groups, probed] = await Promise.all([
    db
      .execute(statement)
      .then((result) => rowsOf<Record<Exclude<keyof SuggestionRows, 'reports'>, unknown>>(result)[0]),
    executePlannedEachTime(db, probeStatement).then(
      (result) => rowsOf<{ hit_count: unknown; reports: unknown }>(result)[0],
    ),
  ]);
  const row = { ...groups, ...probed };
  let reports = jsonValue<ReportSuggestion[]>(row?.reports ?? []);
  if (!short && Number(row?.hit_count ?? 0) > FREQUENT_TITLE_HITS) {
    reports = rowsOf<{ item: unknown }>(
      await db.execute(sql`select ${reportJson('r')} as item from reports r where ${visibleSql(sql`r`)} and r.title ilike ${pattern}
        order by r.published_at desc nulls last, r.id desc nulls last limit ${limit}`),
    ).map((item) => jsonValue<ReportSuggestion>(item.item));
  }
  if (!short && reports.length < limit) {
    // Typo tolerance: each word of the query corrected against the title vocabulary, then titles holding every
    // corrected word, by the same bounded plans as above.
    const corrected = await correctedWords(db, q);
    if (corrected.length > 0) {
      const found = reports.map((report) => report.id);
      reports = [...reports, ...(await titlesWithAll(db, corrected, limit - reports.length, found))];
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
