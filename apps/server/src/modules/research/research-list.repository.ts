/**
 * Lists of report cards: the filters as SQL, a page (newest first, by views, or searched: the rank window, then
 * the older matches by date) with each card's links, the counts, the related list's links and the saved list.
 */
import type { ReportCard } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { arrayRows, rowsOf } from '../../db/client.ts';
import type { Entitlement } from '../entitlements/entitlements.ts';
import {
  cardSnippets,
  RANK_WINDOW,
  type RankPart,
  rankColumn,
  rankWindowEdge,
  rankWindowSource,
  type SnippetScope,
} from './research-search.repository.ts';
import { byDate, entitledSql, intArray, jsonValue, limitSql, utcTimes, visibleSql } from './research-sql.ts';
import { tsQueryOf } from './search-query.ts';

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
  type: 'latest' | 'highlighted' | 'all' | 'temp' | 'select' | 'saved' | 'mostviewed' | 'related';
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
  /**
   * The list keeps half the reports or more: walking every report by date finds a page within about two pages of
   * rows, cheaper than one ordered scan a sector merged (My Research over most sectors; bench/RESULTS.md).
   */
  dense?: boolean;
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

/**
 * At most this many sectors are walked in date order (one ordered index scan each, merged); a longer list is
 * filtered by probing instead.
 */
const MAX_WALKED_SECTORS = 24;

/**
 * Which sector list a statement reads from report_sector_dates (migration 0022) instead of probing report_sectors
 * row by row: the sector filter, else the My Research scope. Counts do unless they search full text; a page only in
 * date order (the table's index order), for a handful of sectors, and when they keep less than half the reports.
 */
const walkedSectorsOf = (f: ListFilter, forPage: boolean) => {
  const which = f.sector ? 'sector' : f.scopeSectorIds ? 'scope' : null;
  const ids = [...new Set(f.sector ?? f.scopeSectorIds ?? [])];
  if (!which || ids.length === 0) return null;
  if (forPage && (orderKind(f) !== 'date' || f.dense || ids.length > MAX_WALKED_SECTORS)) return null;
  // a full-text count is read from the text index's bitmap (countReports), not row by row
  if (!forPage && (f.q || f.textTags.length > 0)) return null;
  return { which, ids } as const;
};
type WalkedSectors = ReturnType<typeof walkedSectorsOf>;

/** A position in date order (a cursor's `at`, microseconds in UTC, and id), to compare (published_at, id) with. */
const keyOf = (at: string, id: number) => sql`((${at}::timestamp at time zone 'UTC'), ${id})`;

/** newest first in report_sector_dates' index order */
const walkOrder = sql`d.published_at desc nulls last, d.report_id desc`;

/**
 * The reports under any of `ids`, each once, as `d(report_id, published_at)`: for a page, in date order from
 * `after` on (one ordered scan a sector, merged and deduplicated as they stream, so a page reads about a page of
 * rows a sector); for a count, in no order.
 */
const sectorWalk = (ids: readonly number[], ordered: boolean, after: SQL | null) => {
  const from = (id: number) =>
    sql`select d.report_id, d.published_at from report_sector_dates d where d.sector_id = ${id}${
      after ? sql` and (d.published_at, d.report_id) < ${after}` : sql``
    }`;
  if (!ordered) {
    return sql`(select distinct d.report_id from report_sector_dates d where d.sector_id = any(${intArray(ids)})) d`;
  }
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return sql`(${from(only)}) d`;
  const branches = ids.map((id) => sql`(${from(id)} order by ${walkOrder})`);
  return sql`(select distinct on (d.published_at, d.report_id) d.report_id, d.published_at
    from (${sql.join(branches, sql` union all `)}) d order by ${walkOrder}) d`;
};

const whereOf = (f: ListFilter, walked: WalkedSectors = null): SQL[] => {
  const where: SQL[] = [visibleSql(sql`r`)];
  if (f.type === 'latest' || f.type === 'highlighted') where.push(sql`r.type = ${f.type}`);
  if (f.type === 'temp') where.push(sql`r.is_temp_report`);
  if (f.type === 'select') where.push(sql`r.special_select`);
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
  if (f.q) where.push(sql`r.search_vector @@ ${tsQueryOf(f.q)}`);
  for (const tag of f.hashtags) {
    where.push(sql`exists (select 1 from unnest(r.hashtags) h where lower(ltrim(h, '#')) = ${tag})`);
  }
  for (const tag of f.textTags) {
    where.push(sql`r.search_vector @@ plainto_tsquery('english', search_words(${tag}))`);
  }
  if (f.sector && walked?.which !== 'sector') where.push(inSectors(f.sector, f.broad === true));
  if (f.scopeSectorIds && walked?.which !== 'scope')
    where.push(inSectors(f.scopeSectorIds, f.broad === true));
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

export const countStatement = (f: ListFilter) => {
  const walked = walkedSectorsOf(f, false);
  const where = whereOf(f, walked);
  const source = walked
    ? sql`${sectorWalk(walked.ids, false, null)} join reports r on r.id = d.report_id`
    : sql`reports r`;
  return sql`${viewsCte(f)} select count(*)::int as n from ${source} ${viewsJoin(f)}
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

/** One link of a card as report_card_links keeps it: kind (analyst, company, country, sector), id, name, two extras. */
type LinkTuple = ['a' | 'c' | 'k' | 's', number, string, string | null, string | null];

/** Puts a row's card links (report_card_links, migration 0021) into the card's four lists. */
const linksOf = (row: ReportRow & { links: unknown }) => {
  row.analysts = [];
  row.companies = [];
  row.countries = [];
  row.sectors = [];
  for (const [k, id, name, x1, x2] of jsonValue<LinkTuple[] | null>(row.links) ?? []) {
    if (k === 'a') row.analysts.push({ id, name, image_path: x1 });
    else if (k === 'c') row.companies.push({ id, name, display: x1 ?? name, sName: x2 ?? '' });
    else if (k === 'k') row.countries.push({ id, name });
    else row.sectors.push({ id, sName: name });
  }
};

/**
 * One page of cards in one statement: the filtered, ordered and limited ids first (index-friendly), then each
 * card's links from report_card_links (kept by triggers: one primary-key probe a card, no N+1 and no joins of the
 * four link tables on every request), and snippets for the page only.
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
  const edge = await rankWindowEdge(db, whereOf(args.filter), window);
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

/** A page row's fields, in the order the page statement's outer select reads them from its rows (x). */
const pageColumns = [
  'id',
  'title',
  'subtitle',
  'coverage',
  'publication',
  'description',
  'hashtags',
  'at',
  'video',
  'filetype',
  'reading_minutes',
  'type',
  'is_temp_report',
  'must_read',
  'sector_id',
  'free_access',
  'entitled',
  'saved',
  'views',
  'rank',
  'body_snippet',
  'title_snippet',
  'links',
] as const;
// The timestamp as json writes it (ISO 8601 whatever the connection's DateStyle); every other column as it is.
const pageSelect = sql.raw(pageColumns.map((c) => (c === 'at' ? 'to_json(x.at)' : `x.${c}`)).join(', '));

/** A page row from its values, in pageColumns' order: one object literal, so that every row has the same shape. */
const pageRowOf = (v: unknown[]) =>
  ({
    id: v[0],
    title: v[1],
    subtitle: v[2],
    coverage: v[3],
    publication: v[4],
    description: v[5],
    hashtags: v[6],
    at: v[7],
    video: v[8],
    filetype: v[9],
    reading_minutes: v[10],
    type: v[11],
    is_temp_report: v[12],
    must_read: v[13],
    sector_id: v[14],
    free_access: v[15],
    entitled: v[16],
    saved: v[17],
    views: v[18],
    rank: v[19],
    body_snippet: v[20],
    title_snippet: v[21],
    links: v[22],
    published_date: '',
    cursor_at: '',
    snippet: null,
    analysts: [],
    companies: [],
    countries: [],
    sectors: [],
  }) as unknown as ReportRow & { links: unknown; at: string };

// pageRowOf reads the values by position: each column must sit where pageColumns puts it (checked at load, so that
// an edit of one list without the other fails at start and in every test, not as a card with swapped fields).
{
  const probe = pageRowOf(pageColumns.map((_, i) => i)) as unknown as Record<string, unknown>;
  const misplaced = pageColumns.filter((column, i) => probe[column] !== i);
  if (misplaced.length > 0)
    throw new Error(`pageRowOf reads ${misplaced.join(', ')} out of pageColumns' order`);
}

/**
 * A page statement short whatever the data, which may then be pipelined (db/pipelined-pool.ts): every report or a
 * sector list walked in date order (or one keeping most reports), from the first page or a cursor, reads about a
 * page of rows. A search, most viewed, an offset, or a filter that may keep few reports (an analyst, a company, a
 * date range, must-read...) is not: walking by date it could read thousands of rows to find a page, and nothing
 * must wait behind it.
 */
export const isShortPage = (f: ListFilter, position: ListPosition, part?: RankPart) =>
  !part &&
  (position.kind !== 'offset' || position.offset === 0) &&
  orderKind(f) === 'date' &&
  f.type === 'all' &&
  !f.q &&
  f.hashtags.length === 0 &&
  f.textTags.length === 0 &&
  !f.analyst &&
  !f.company &&
  !f.country &&
  !f.region &&
  !f.dStart &&
  !f.dEnd &&
  !f.mustRead &&
  !f.ids &&
  !f.related &&
  f.savedBy === undefined &&
  (f.dense === true || (!f.sector && !f.scopeSectorIds) || walkedSectorsOf(f, true) !== null);

const listPage = async (db: Executor, args: ListArgs, part?: RankPart) => {
  const { filter: f, entitlement, position, limit } = args;
  const kind = orderKind(f);
  const walked = part ? null : walkedSectorsOf(f, true);
  const where = whereOf(f, walked);
  const after = position.kind === 'keyset' ? keyOf(position.at, position.id) : null;
  if (after && !walked) where.push(sql`(r.published_at, r.id) < ${after}`);
  if (part?.kind === 'older') where.push(sql`(r.published_at, r.id) < ${keyOf(part.at, part.id)}`);
  const rankCol = rankColumn(f.q, part);
  const viewsCol = kind === 'views' ? sql`v.n` : sql`null::int`;
  // NULLS LAST as in the index (drizzle's .desc()): plain DESC means NULLS FIRST and would not use it.
  const innerOrder =
    kind === 'views'
      ? sql`v.n desc, ${byDate}`
      : part?.kind === 'window'
        ? sql`${rankCol} desc, ${byDate}`
        : walked
          ? walkOrder
          : byDate;
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const source =
    part?.kind === 'window'
      ? rankWindowSource(whereSql, args.rankWindow ?? RANK_WINDOW)
      : walked
        ? sql`${sectorWalk(walked.ids, true, after)} join reports r on r.id = d.report_id ${whereSql}`
        : sql`reports r ${viewsJoin(f)} ${whereSql}`;
  // The page's order, on the columns of the page's rows (x): the outer select puts them in it.
  const pageOrder =
    kind === 'views'
      ? sql`x.views desc, x.at desc, x.id desc`
      : kind === 'rank'
        ? sql`x.rank desc, x.at desc, x.id desc`
        : sql`x.at desc, x.id desc`;
  const offset = position.kind === 'offset' ? position.offset : 0;
  const entitled = entitledSql(entitlement, sql`p`);
  const { bodySnippet, titleSnippet, bodyHeadline } = cardSnippets(f.q, entitled, args.snippets);
  const statement = sql`${viewsCte(f)}
    select p.id, p.title, p.subtitle, p.coverage, p.publication, p.description, to_json(p.hashtags) as hashtags,
      p.published_at at time zone 'UTC' as at,
      p.video_id as video, p.file_type as filetype, p.reading_minutes, p.type, p.is_temp_report, p.must_read, p.sector_id,
      p.free_access, ${entitled} as entitled,
      ${args.userId === null ? sql`false` : sql`exists (select 1 from saved_reports s where s.user_id = ${args.userId} and s.report_id = p.id)`} as saved,
      p.views, p.rank, ${bodySnippet} as body_snippet, ${titleSnippet} as title_snippet, cl.links
    from (
      select r.*, ${rankCol} as rank, ${viewsCol} as views
      from ${source}
      order by ${innerOrder}
      ${limitSql(limit)} ${offset > 0 ? sql`offset ${offset}` : sql``}
    ) p
    left join report_card_links cl on cl.report_id = p.id
    ${bodyHeadline}`;
  // The page's rows arrive as arrays (arrayRows: rowMode 'array' on both drivers), each value parsed by its type,
  // and each becomes a card row in one object literal (pageRowOf). Before, the page came as one json_agg array of
  // objects: building it cost PostgreSQL more than fetching the 21 rows. Now the list call costs PostgreSQL 72 to 80
  // µs less and the server 23 to 49 µs more (bench/list-call-ab.mjs, bench/RESULTS.md, issue 26); rows built key by
  // key instead cost the server 90 to 200 µs more. The date comes as json writes a timestamp (ISO whatever the
  // DateStyle) and becomes the card's date and the cursor's position here: to_char cost the statement more.
  // (`links`, `at` and `rank` stay on the rows: cards are built from named fields only.)
  const rows = (
    await arrayRows(db, sql`select ${pageSelect} from (${statement}) x order by ${pageOrder}`, {
      short: isShortPage(f, position, part),
    })
  ).map(pageRowOf);
  for (const row of rows) {
    const times = utcTimes(row.at);
    row.published_date = times.date;
    row.cursor_at = times.cursor;
    row.snippet = row.body_snippet ?? row.title_snippet;
    linksOf(row);
  }
  return rows;
};

/** The sectors, analysts and companies of a report (type=related), or null if there is no such report. */
export const findReportLinks = async (db: Executor, id: number) => {
  const rows = rowsOf<{ sector_ids: unknown; analyst_ids: unknown; company_ids: unknown }>(
    await db.execute(sql`select
        to_json(array(select sector_id from report_sectors where report_id = r.id
          union select r.sector_id where r.sector_id is not null)) as sector_ids,
        to_json(array(select analyst_id from report_analysts where report_id = r.id)) as analyst_ids,
        to_json(array(select company_id from report_companies where report_id = r.id)) as company_ids
      from reports r where r.id = ${id} and ${visibleSql(sql`r`)}`),
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

export const reportExists = async (db: Executor, id: number) =>
  rowsOf<{ id: number }>(
    await db.execute(sql`select r.id from reports r where r.id = ${id} and ${visibleSql(sql`r`)}`),
  ).length > 0;

export const saveReport = (db: Executor, userId: number, reportId: number, now: Date) =>
  db.execute(sql`insert into saved_reports (user_id, report_id, saved_at) values (${userId}, ${reportId}, ${now})
    on conflict do nothing`);

export const findSavedReportIds = async (db: Executor, userId: number) =>
  rowsOf<{ report_id: number }>(
    await db.execute(sql`select report_id from saved_reports where user_id = ${userId}`),
  ).map((row) => row.report_id);

export const unsaveReport = (db: Executor, userId: number, reportId: number) =>
  db.execute(sql`delete from saved_reports where user_id = ${userId} and report_id = ${reportId}`);
