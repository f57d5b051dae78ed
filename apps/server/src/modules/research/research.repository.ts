import type { ReportCard } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import { tsQueryOf } from './search-query.ts';

/** A Postgres int[] parameter (drizzle expands JS arrays into a list, which `= any()` cannot take). */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** SQL of "the caller may read report r" (the same rule as entitlements.mayRead). */
export const entitledSql = (e: Entitlement, r: SQL) => {
  if (e.readsAll) return sql`true`;
  const parts: SQL[] = [];
  if (e.readsFree) parts.push(sql`${r}.free_access`);
  if (e.sectorIds.length > 0) {
    const ids = intArray(e.sectorIds);
    parts.push(sql`${r}.sector_id = any(${ids})`);
    parts.push(
      sql`exists (select 1 from report_sectors es where es.report_id = ${r}.id and es.sector_id = any(${ids}))`,
    );
  }
  // coalesce: a report without a primary sector would make the comparison null, not false
  return parts.length === 0 ? sql`false` : sql`coalesce(${sql.join(parts, sql` or `)}, false)`;
};

/**
 * Reports whose primary or any linked sector is in `ids`. `probe`: the filter is broad, so walking the date
 * index and probing report_sectors per row finds a page fastest; `offset 0` keeps PostgreSQL from turning the
 * EXISTS into a hashed subplan that reads every link of the sectors first. A narrow filter leaves the planner
 * free to start from the sector's links instead.
 */
const inSectors = (ids: readonly number[], probe: boolean) => {
  const list = intArray(ids);
  return sql`(r.sector_id = any(${list}) or exists (select 1 from report_sectors fs where fs.report_id = r.id
    and fs.sector_id = any(${list}) ${probe ? sql`offset 0` : sql``}))`;
};

export interface ListFilter {
  type: 'latest' | 'highlighted' | 'all' | 'temp' | 'saved' | 'mostviewed' | 'related';
  /** full-text query (websearch syntax) */
  q?: string;
  /** tags that name a known hashtag (lower case, without '#') */
  hashtags: readonly string[];
  /** tags matched as full text */
  textTags: readonly string[];
  sector?: readonly number[];
  analyst?: readonly number[];
  company?: readonly number[];
  country?: readonly number[];
  region?: string;
  dStart?: string;
  dEnd?: string;
  /** only these sectors (My Research tab, MyReports) */
  scopeSectorIds?: readonly number[];
  /** the user whose saved list is asked for */
  savedBy?: number;
  /** type=related: the source report and what it links to */
  related?: {
    id: number;
    sectorIds: readonly number[];
    analystIds: readonly number[];
    companyIds: readonly number[];
  };
  /** The sector filters match a large share of the reports (see inSectors). */
  broad?: boolean;
  /** only must-read reports (the Must Read panel) */
  mustRead?: boolean;
  /** only these reports (the signed-in home's lists, chosen elsewhere: modules/reading) */
  ids?: readonly number[];
  /** type=mostviewed: views counted since */
  viewedSince?: Date;
}

export type ListPosition =
  | { kind: 'offset'; offset: number }
  | { kind: 'keyset'; at: string; id: number }
  | { kind: 'first' };

/** The search box text as a tsquery (prefix on the last word, split tokens; see search-query.ts). */
const tsQuery = (q: string) => tsQueryOf(q);

const whereOf = (f: ListFilter): SQL[] => {
  const where: SQL[] = [];
  if (f.type === 'latest' || f.type === 'highlighted') where.push(sql`r.type = ${f.type}`);
  if (f.type === 'temp') where.push(sql`r.is_temp_report`);
  if (f.type === 'saved') {
    where.push(
      sql`exists (select 1 from saved_reports sv where sv.user_id = ${f.savedBy ?? -1} and sv.report_id = r.id)`,
    );
  }
  if (f.type === 'related') {
    const rel = f.related;
    if (!rel) where.push(sql`false`);
    else {
      const shared: SQL[] = [];
      if (rel.sectorIds.length > 0) shared.push(inSectors(rel.sectorIds, false));
      if (rel.analystIds.length > 0) {
        shared.push(
          sql`exists (select 1 from report_analysts xa where xa.report_id = r.id and xa.analyst_id = any(${intArray(rel.analystIds)}))`,
        );
      }
      if (rel.companyIds.length > 0) {
        shared.push(
          sql`exists (select 1 from report_companies xc where xc.report_id = r.id and xc.company_id = any(${intArray(rel.companyIds)}))`,
        );
      }
      where.push(sql`r.id <> ${rel.id}`);
      where.push(shared.length > 0 ? sql`(${sql.join(shared, sql` or `)})` : sql`false`);
    }
  }
  if (f.mustRead) where.push(sql`r.must_read`);
  if (f.ids) where.push(sql`r.id = any(${intArray(f.ids)})`);
  if (f.q) where.push(sql`r.search_vector @@ ${tsQuery(f.q)}`);
  for (const tag of f.hashtags) {
    where.push(sql`exists (select 1 from unnest(r.hashtags) h where lower(ltrim(h, '#')) = ${tag})`);
  }
  for (const tag of f.textTags) {
    where.push(sql`r.search_vector @@ plainto_tsquery('english', search_words(${tag}))`);
  }
  if (f.sector) where.push(inSectors(f.sector, f.broad === true));
  if (f.scopeSectorIds) where.push(inSectors(f.scopeSectorIds, f.broad === true));
  if (f.analyst) {
    where.push(
      sql`exists (select 1 from report_analysts fa where fa.report_id = r.id and fa.analyst_id = any(${intArray(f.analyst)}))`,
    );
  }
  if (f.company) {
    where.push(
      sql`exists (select 1 from report_companies fc where fc.report_id = r.id and fc.company_id = any(${intArray(f.company)}))`,
    );
  }
  if (f.country) {
    where.push(
      sql`exists (select 1 from report_countries fk where fk.report_id = r.id and fk.country_id = any(${intArray(f.country)}))`,
    );
  }
  if (f.region) {
    where.push(sql`exists (select 1 from report_countries fr join countries c on c.id = fr.country_id
      join regions g on g.id = c.region_id where fr.report_id = r.id and lower(g.name) = lower(${f.region}))`);
  }
  // Inclusive UTC days: [dStart 00:00, dEnd + 1 day 00:00)
  if (f.dStart) where.push(sql`r.published_at >= (${f.dStart}::date)::timestamp at time zone 'UTC'`);
  if (f.dEnd) where.push(sql`r.published_at < (${f.dEnd}::date + 1)::timestamp at time zone 'UTC'`);
  return where;
};

const viewsCte = (f: ListFilter) =>
  f.type === 'mostviewed'
    ? sql`with views as materialized (
        select report_id, count(*)::int as n from report_views where viewed_at >= ${f.viewedSince ?? new Date(0)}
        group by report_id)`
    : sql``;
const viewsJoin = (f: ListFilter) =>
  f.type === 'mostviewed' ? sql`join views v on v.report_id = r.id` : sql``;

/** How a list is ordered: by views, by rank (with q), else newest first (keyset-friendly). */
export const orderKind = (f: ListFilter) => (f.type === 'mostviewed' ? 'views' : f.q ? 'rank' : 'date');

const dialect = new PgDialect();
/** The text and parameters of a statement: the key of the count cache. */
export const statementKey = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return `${text}\u0000${JSON.stringify(params)}`;
};

export const countStatement = (f: ListFilter) => {
  const where = whereOf(f);
  return sql`${viewsCte(f)} select count(*)::int as n from reports r ${viewsJoin(f)}
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;
};

const countOf = async (db: Executor, statement: SQL) =>
  rowsOf<{ n: number | string }>(await db.execute(statement)).map((row) => Number(row.n))[0] ?? 0;

/**
 * The number of reports a list statement matches. With a full-text query the planner reads every row and tests
 * its whole (toasted) search vector when most rows match: `margins` at 100,000 reports took about a second that
 * way on PostgreSQL, and 50 ms from the full-text index's bitmap (which needs no recheck for a plain query). Such a
 * count runs with sequential scans off, in a transaction of its own so that the setting ends with it.
 */
export const countReports = async (db: Db, statement: SQL, fullText = false) =>
  fullText
    ? db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return countOf(tx, statement);
      })
    : countOf(db, statement);

export interface ReportRow {
  id: number;
  title: string;
  subtitle: string;
  coverage: string;
  publication: string;
  description: string;
  hashtags: string[] | string;
  published_date: string;
  cursor_at: string;
  video: string | null;
  filetype: string;
  /** minutes to read the file's text (a generated column), null without text */
  reading_minutes: number | null;
  type: 'latest' | 'highlighted';
  is_temp_report: boolean;
  must_read: boolean;
  sector_id: number | null;
  free_access: boolean;
  entitled: boolean;
  saved: boolean;
  views: number | null;
  /** the body snippet (passages of the file's text), if the query has a hit there and it was drawn for this row */
  body_snippet: string | null;
  /** the title and description headline (any reader) */
  title_snippet: string | null;
  /** what the card shows: the body snippet, else the title one (set after the query, per reader) */
  snippet: string | null;
  analysts: ReportCard['analysts'];
  companies: ReportCard['companies'];
  countries: ReportCard['countries'];
  sectors: ReportCard['sectors'];
}

interface LinkRow {
  k: 'a' | 'c' | 'k' | 's';
  rid: number;
  id: number;
  name: string;
  x1: string | null;
  x2: string | null;
}

/**
 * The analysts, companies, countries and sectors of a page of reports in ONE simple statement over the page's
 * ids (no N+1). Kept apart from the page statement: per-row json sub-selects cost more to plan than to run.
 */
const attachLinks = async (db: Executor, rows: ReportRow[]) => {
  for (const row of rows) {
    row.analysts = [];
    row.companies = [];
    row.countries = [];
    row.sectors = [];
  }
  if (rows.length === 0) return;
  const ids = intArray(rows.map((row) => row.id));
  const links = rowsOf<LinkRow>(
    await db.execute(sql`select * from (
        select 'a' as k, ra.report_id as rid, a.id, a.name, a.image_path as x1, null::text as x2, ra.position as o1, a.name as o2
          from report_analysts ra join analysts a on a.id = ra.analyst_id where ra.report_id = any(${ids})
        union all
        select 'c', rc.report_id, c.id, c.name, c.display, c.short_name, 0, c.name
          from report_companies rc join companies c on c.id = rc.company_id where rc.report_id = any(${ids})
        union all
        select 'k', rk.report_id, k.id, k.name, null, null, 0, k.name
          from report_countries rk join countries k on k.id = rk.country_id where rk.report_id = any(${ids})
        union all
        select 's', rs.report_id, s.id, s.name, null, null, rs.position, ''
          from report_sectors rs join sectors s on s.id = rs.sector_id where rs.report_id = any(${ids})
      ) l order by l.rid, l.k, l.o1, l.o2, l.id`),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const link of links) {
    const row = byId.get(link.rid);
    if (!row) continue;
    if (link.k === 'a') row.analysts.push({ id: link.id, name: link.name, image_path: link.x1 });
    else if (link.k === 'c')
      row.companies.push({
        id: link.id,
        name: link.name,
        display: link.x1 ?? link.name,
        sName: link.x2 ?? '',
      });
    else if (link.k === 'k') row.countries.push({ id: link.id, name: link.name });
    else row.sectors.push({ id: link.id, sName: link.name });
  }
};

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
const anyWordQuery = (q: string) => sql`replace(querytree(${tsQuery(q)}), ' & ', ' | ')::tsquery`;

/**
 * The body snippet of report `r`, as a lateral subquery of one row: drawn from its passages (report_passages, about
 * 600 characters each plus the first words of the next, kept by triggers): the best passage holding the whole
 * query, else the one holding most of its words. ts_headline then parses one passage, never the whole body, so
 * its cost does not grow with the document (issue 10: ts_headline over up to 200,000 characters per result
 * stalled the embedded database), and it runs once per card. No row when no passage holds any word (the hit is
 * in the title or description).
 */
const passageHeadline = (q: string, r: SQL) => sql`(
  select ${headline(sql`x.body`, sql`case when x.whole then ${tsQuery(q)} else ${anyWordQuery(q)} end`)} as text
  from (
    select rp.body, rp.search_vector @@ ${tsQuery(q)} as whole
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
 * One page of cards in one statement: the filtered, ordered and limited ids first (index-friendly), then the
 * per-card links as json_agg sub-selects over those few rows only (no N+1), and snippets for the page only.
 */
interface ListArgs {
  filter: ListFilter;
  entitlement: Entitlement;
  /** the caller, for the saved flag */
  userId: number | null;
  position: ListPosition;
  limit: number;
  /** with a full-text query: which cards get a body snippet (default `entitled`) */
  snippets?: SnippetScope;
  /** how many of the newest matches of a full-text query are ranked (default RANK_WINDOW; tests use a few) */
  rankWindow?: number;
}

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
type RankPart = { kind: 'window' } | { kind: 'older'; at: string; id: number };

const byDate = sql`r.published_at desc nulls last, r.id desc nulls last`;

/** The oldest of the RANK_WINDOW newest matches (where the date-ordered tail starts), or null when fewer match. */
const rankWindowEdge = async (db: Executor, f: ListFilter, window: number) => {
  const where = whereOf(f);
  const rows = rowsOf<{ at: string; id: number }>(
    await db.execute(sql`select to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, r.id
      from reports r where ${sql.join(where, sql` and `)}
      order by ${byDate} offset ${window - 1} limit 1`),
  );
  return rows[0] ?? null;
};

/**
 * One page of cards. A full-text list ranks the newest RANK_WINDOW matches by relevance, then lists the older
 * ones by date: a page inside the window is one statement, a page past it (or across its end) also reads the
 * date-ordered tail, so that no query, however common its words, ranks more than the window.
 */
export const listReports = async (db: Executor, args: ListArgs): Promise<ReportRow[]> => {
  if (orderKind(args.filter) !== 'rank') return listPage(db, args);
  const window = args.rankWindow ?? RANK_WINDOW;
  const offset = args.position.kind === 'offset' ? args.position.offset : 0;
  const ranked = offset < window ? await listPage(db, args, { kind: 'window' }) : ([] as ReportRow[]);
  if (ranked.length === args.limit) return ranked;
  const edge = await rankWindowEdge(db, args.filter, window);
  if (!edge) return ranked;
  const older = await listPage(
    db,
    {
      ...args,
      position: { kind: 'offset', offset: Math.max(0, offset - window) },
      limit: args.limit - ranked.length,
    },
    { kind: 'older', ...edge },
  );
  return [...ranked, ...older];
};

const listPage = async (db: Executor, args: ListArgs, part?: RankPart) => {
  const { filter: f, entitlement, position, limit } = args;
  const kind = orderKind(f);
  const where = whereOf(f);
  if (position.kind === 'keyset') {
    where.push(
      sql`(r.published_at, r.id) < ((${position.at}::timestamp at time zone 'UTC'), ${position.id})`,
    );
  }
  if (part?.kind === 'older') {
    where.push(sql`(r.published_at, r.id) < ((${part.at}::timestamp at time zone 'UTC'), ${part.id})`);
  }
  const rankCol =
    f.q && part?.kind !== 'older'
      ? sql`ts_rank_cd(${RANK_WEIGHTS}::real[], r.search_vector, ${tsQuery(f.q)})`
      : sql`0::real`;
  const viewsCol = kind === 'views' ? sql`v.n` : sql`null::int`;
  // NULLS LAST as in the index (drizzle's .desc()): plain DESC means NULLS FIRST and would not use it.
  const innerOrder =
    kind === 'views'
      ? sql`v.n desc, ${byDate}`
      : part?.kind === 'window'
        ? sql`${rankCol} desc, ${byDate}`
        : byDate;
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  // The window: the newest matches first (an index walk by date, or the full-text index and a top-N sort), then
  // only those are ranked.
  const source =
    part?.kind === 'window'
      ? sql`(select r.id from reports r ${whereSql} order by ${byDate} limit ${args.rankWindow ?? RANK_WINDOW}) w
          join reports r on r.id = w.id`
      : sql`reports r ${viewsJoin(f)} ${whereSql}`;
  const outerOrder =
    kind === 'views'
      ? sql`p.views desc, p.published_at desc, p.id desc`
      : kind === 'rank'
        ? sql`p.rank desc, p.published_at desc, p.id desc`
        : sql`p.published_at desc, p.id desc`;
  const offset = position.kind === 'offset' ? position.offset : 0;
  const entitled = entitledSql(entitlement, sql`p`);
  // A body snippet only when it marks a hit; the title and description headline is every card's fallback.
  const bodySnippet = f.q
    ? sql`case when position(${MARK_START} in hb.text) > 0 then hb.text end`
    : sql`null::text`;
  const titleHeadline = f.q
    ? headline(sql`p.title || ' — ' || p.description`, tsQuery(f.q))
    : sql`null::text`;
  // A shared page needs both snippets of every card; a reader's own page only the one it shows (ts_headline
  // costs about a millisecond a call on PGlite).
  const titleSnippet =
    args.snippets === 'all' ? titleHeadline : sql`case when ${bodySnippet} is null then ${titleHeadline} end`;
  const bodyHeadline = f.q
    ? sql`left join lateral ${passageHeadline(f.q, sql`p`)} hb on ${args.snippets === 'all' ? sql`true` : entitled}`
    : sql`left join lateral (select null::text as text) hb on true`;

  const statement = sql`${viewsCte(f)}
    select p.id, p.title, p.subtitle, p.coverage, p.publication, p.description, to_json(p.hashtags) as hashtags,
      to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_date,
      to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at,
      p.video_id as video, p.file_type as filetype, p.reading_minutes, p.type, p.is_temp_report, p.must_read, p.sector_id,
      p.free_access, ${entitled} as entitled,
      ${args.userId === null ? sql`false` : sql`exists (select 1 from saved_reports s where s.user_id = ${args.userId} and s.report_id = p.id)`} as saved,
      p.views, ${bodySnippet} as body_snippet, ${titleSnippet} as title_snippet
    from (
      select r.*, ${rankCol} as rank, ${viewsCol} as views
      from ${source}
      order by ${innerOrder}
      limit ${limit} offset ${offset}
    ) p
    ${bodyHeadline}
    order by ${outerOrder}`;
  const rows = rowsOf<ReportRow>(await db.execute(statement));
  for (const row of rows) row.snippet = row.body_snippet ?? row.title_snippet;
  await attachLinks(db, rows);
  return rows;
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
      where exists (select 1 from reports r, unnest(r.hashtags) h where lower(ltrim(h, '#')) = t.tag)`),
  );
  return new Set(rows.map((row) => row.tag));
};

/** The sectors, analysts and companies of a report (type=related), or null if there is no such report. */
export const findReportLinks = async (db: Executor, id: number) => {
  const rows = rowsOf<{ sector_ids: unknown; analyst_ids: unknown; company_ids: unknown }>(
    await db.execute(sql`select
        to_json(array(select sector_id from report_sectors where report_id = r.id
          union select r.sector_id where r.sector_id is not null)) as sector_ids,
        to_json(array(select analyst_id from report_analysts where report_id = r.id)) as analyst_ids,
        to_json(array(select company_id from report_companies where report_id = r.id)) as company_ids
      from reports r where r.id = ${id}`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id,
    sectorIds: jsonValue<number[]>(row.sector_ids),
    analystIds: jsonValue<number[]>(row.analyst_ids),
    companyIds: jsonValue<number[]>(row.company_ids),
  };
};

/** json columns arrive parsed from node-postgres and PGlite alike, but accept text too. */
export const jsonValue = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const reportExists = async (db: Executor, id: number) =>
  rowsOf<{ id: number }>(await db.execute(sql`select id from reports where id = ${id}`)).length > 0;

export const saveReport = (db: Executor, userId: number, reportId: number, now: Date) =>
  db.execute(sql`insert into saved_reports (user_id, report_id, saved_at) values (${userId}, ${reportId}, ${now})
    on conflict do nothing`);

export const findSavedReportIds = async (db: Executor, userId: number) =>
  rowsOf<{ report_id: number }>(
    await db.execute(sql`select report_id from saved_reports where user_id = ${userId}`),
  ).map((row) => row.report_id);

export const unsaveReport = (db: Executor, userId: number, reportId: number) =>
  db.execute(sql`delete from saved_reports where user_id = ${userId} and report_id = ${reportId}`);

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
  const [probe] = rowsOf<{ n: number; items: unknown }>(
    await db.execute(sql`with hits as materialized (
        select r.id, r.title, r.published_at from reports r where ${holdsAll} and ${notFound}
        limit ${FREQUENT_TITLE_HITS + 1})
      select (select count(*)::int from hits) as n,
        (select coalesce(json_agg(${reportJson('h')} order by h.published_at desc, h.id desc), '[]')
          from (select * from hits order by published_at desc nulls last, id desc nulls last limit ${limit}) h) as items`),
  );
  if (Number(probe?.n ?? 0) <= FREQUENT_TITLE_HITS) return jsonValue<ReportSuggestion[]>(probe?.items ?? []);
  return rowsOf<{ item: unknown }>(
    await db.execute(sql`select ${reportJson('r')} as item from reports r where ${holdsAll} and ${notFound}
      order by r.published_at desc nulls last, r.id desc nulls last limit ${limit}`),
  ).map((row) => jsonValue<ReportSuggestion>(row.item));
};

/**
 * Grouped suggestions. Names match by substring or trigram similarity, so a typo still matches; the order is
 * similarity, then recency. Reports, at 100,000 rows, take up to three bounded statements (the planner would
 * otherwise walk the date index filtering every row for a rare term, ARCHITECTURE 3a):
 * 1. the small groups, plus a MATERIALIZED probe of at most FREQUENT_TITLE_HITS substring hits (GIN trigram);
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
    ? sql`select r.id, r.title, r.published_at from (select id, title, published_at from reports
        order by published_at desc nulls last, id desc nulls last limit ${SHORT_QUERY_WINDOW}) r
        where r.title ilike ${pattern}`
    : sql`select r.id, r.title, r.published_at from reports r where r.title ilike ${pattern}
        limit ${FREQUENT_TITLE_HITS + 1}`;
  const statement = sql`with hits as materialized (${probe})
    select
      ${small('analysts', 'name', 'name')} as analysts,
      ${small('companies', 'name', 'name', 'bbg_code')} as companies,
      ${small('countries', 'name', 'name')} as countries,
      ${small('sectors', 'name', 'sName')} as sectors,
      (select count(*)::int from hits) as hit_count,
      -- Published posts (issue 14), titles only, whoever asks: matched by the post search's own query
      -- (GET /posts/search), so the search finds every post the suggestions list.
      (select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'key', p.blog_key,
          'published_date', ${isoUtc(sql`p.published_at`)}) order by p.title_hit desc, p.published_at desc, p.id desc), '[]')
        from (select id, title, blog_key, published_at, title ilike ${pattern} as title_hit from posts
          where publish and search_vector @@ ${tsQueryOf(q)}
          order by 5 desc, published_at desc nulls last, id desc limit ${limit}) p) as posts,
      (select coalesce(json_agg(${reportJson('h')} order by h.published_at desc, h.id desc), '[]')
        from (select * from hits order by published_at desc nulls last, id desc nulls last limit ${limit}) h) as reports`;
  const [row] = rowsOf<Record<keyof SuggestionRows | 'hit_count', unknown>>(await db.execute(statement));
  let reports = jsonValue<ReportSuggestion[]>(row?.reports ?? []);
  if (!short && Number(row?.hit_count ?? 0) > FREQUENT_TITLE_HITS) {
    reports = rowsOf<{ item: unknown }>(
      await db.execute(sql`select ${reportJson('r')} as item from reports r where r.title ilike ${pattern}
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
