import type { ReportManagementFilter } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';

/**
 * SQL of Report Management (issue 23). The list walks the date index (published_at desc, id desc) with a keyset
 * position, so that a deep page costs as much as the first at 100,000 reports; a title search uses the title's
 * trigram index (ILIKE). Sector and lead analyst are read for the page's rows only, after the limit.
 */

/** The curation flags as columns; only these names reach SQL. */
export const flagColumns = {
  tempReport: sql.raw('is_temp_report'),
  mustRead: sql.raw('must_read'),
  select: sql.raw('special_select'),
} as const;
export type FlagColumn = keyof typeof flagColumns;

export interface ManagementRecord {
  id: number;
  title: string;
  published_date: string;
  /** published_at with microseconds (UTC): the keyset position */
  cursor_at: string;
  selectable_from: string;
  type: 'latest' | 'highlighted';
  is_temp_report: boolean;
  must_read: boolean;
  special_select: boolean;
  state: 'scheduled' | 'published' | 'withdrawn';
  sector_id: number | null;
  sector_name: string | null;
  analyst_id: number | null;
  analyst_name: string | null;
}

export interface KeysetPosition {
  at: string;
  id: number;
}

/** `abc` -> `%abc%` with LIKE's own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const filterSql: Record<ReportManagementFilter, SQL | null> = {
  all: null,
  selected: sql`r.is_temp_report`,
  mustRead: sql`r.must_read`,
  highlighted: sql`r.type = 'highlighted'`,
  select: sql`r.special_select`,
};

/** Newest first, NULLS LAST as in the date index (plain DESC means NULLS FIRST, which the index cannot give). */
const newestFirst = (table: SQL) => sql`${table}.published_at desc nulls last, ${table}.id desc nulls last`;

const iso = (column: SQL) => sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The row's fields for the reply, over `p` (a page of reports) with its sector and lead analyst. */
const rowSelect = (pageSql: SQL, order: SQL) => sql`select p.id, p.title,
    ${iso(sql`p.published_at`)} as published_date,
    to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at,
    ${iso(sql`p.published_at + interval '7 days'`)} as selectable_from,
    p.type, p.is_temp_report, p.must_read, p.special_select, p.state,
    s.id as sector_id, s.name as sector_name, la.id as analyst_id, la.name as analyst_name
  from (${pageSql}) p
  left join sectors s on s.id = p.sector_id
  left join lateral (select a.id, a.name from report_analysts ra join analysts a on a.id = ra.analyst_id
    where ra.report_id = p.id order by ra.position, a.id limit 1) la on true
  order by ${order}`;

/** One page of the management list, newest first; `limit` rows at most (ask one more to know of a next page). */
export const findManagementPage = async (
  db: Executor,
  options: {
    filter: ReportManagementFilter;
    q: string;
    after: KeysetPosition | null;
    limit: number;
  },
) => {
  const where: SQL[] = [];
  const flag = filterSql[options.filter];
  if (flag) where.push(flag);
  if (options.q !== '') {
    const title = sql`r.title ilike ${containsPattern(options.q)}`;
    // a number may also be the report's id
    where.push(/^\d{1,9}$/.test(options.q) ? sql`(${title} or r.id = ${Number(options.q)})` : title);
  }
  if (options.after) {
    where.push(
      sql`(r.published_at, r.id) < ((${options.after.at}::timestamp at time zone 'UTC'), ${options.after.id})`,
    );
  }
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const page = sql`select r.* from reports r ${whereSql}
    order by ${newestFirst(sql`r`)} limit ${options.limit}`;
  return rowsOf<ManagementRecord>(await db.execute(rowSelect(page, newestFirst(sql`p`))));
};

/** One report's row as the list shows it, or null. */
export const findManagementRow = async (db: Executor, id: number) =>
  rowsOf<ManagementRecord>(
    await db.execute(rowSelect(sql`select r.* from reports r where r.id = ${id}`, sql`p.id`)),
  )[0] ?? null;

/** Locks one report's row for a toggle; null when there is no such report. */
export const lockReport = async (db: Executor, id: number) =>
  rowsOf<{
    id: number;
    published_ms: string | number;
    type: 'latest' | 'highlighted';
    is_temp_report: boolean;
    must_read: boolean;
    special_select: boolean;
  }>(
    await db.execute(sql`select id, (extract(epoch from published_at) * 1000)::bigint as published_ms, type,
      is_temp_report, must_read, special_select from reports where id = ${id} for update`),
  )[0] ?? null;

export const setFlag = async (db: Executor, id: number, flag: FlagColumn, value: boolean, now: Date) => {
  await db.execute(
    sql`update reports set ${flagColumns[flag]} = ${value}, updated_at = ${now} where id = ${id}`,
  );
};

export const setType = async (db: Executor, id: number, type: 'latest' | 'highlighted', now: Date) => {
  await db.execute(sql`update reports set type = ${type}, updated_at = ${now} where id = ${id}`);
};
