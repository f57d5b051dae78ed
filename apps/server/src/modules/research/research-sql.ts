/**
 * SQL fragments the research repositories (list, search, suggestions) and their neighbours share: an int[]
 * parameter, the entitlement rule as SQL, json values, newest first.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Entitlement } from '../entitlements/entitlements.ts';

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
 * `limit n` with n written into the text: statements are prepared (db/prepared-statements.ts), and a generic plan
 * cannot know a parameter's limit (PostgreSQL then assumes a tenth of the rows and sorts them all), so the list
 * statements would be planned again on every request. Page sizes are a handful of values.
 */
export const limitSql = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`limit ${n}`);
  return sql.raw(`limit ${n}`);
};

/** json columns arrive parsed from node-postgres and PGlite alike, but accept text too. */
export const jsonValue = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * A UTC timestamp as PostgreSQL writes one in json (ISO 8601 without a zone, 0 to 6 digits of fraction, trailing
 * zeros dropped) as a card's date (milliseconds, `Z`) and a keyset cursor's position (microseconds): what
 * `to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` and `'...SS.US'` give, without their cost in the statement.
 */
export const utcTimes = (at: string) => {
  const dot = at.indexOf('.');
  const whole = dot < 0 ? at : at.slice(0, dot);
  const micros = (dot < 0 ? '' : at.slice(dot + 1)).padEnd(6, '0');
  return { date: `${whole}.${micros.slice(0, 3)}Z`, cursor: `${whole}.${micros}` };
};

/** Newest first, NULLS LAST as in the date index (drizzle's .desc()): plain DESC means NULLS FIRST. */
export const byDate = sql`r.published_at desc nulls last, r.id desc nulls last`;

/**
 * THE readers' visibility rule (issue 23): readers only ever see published reports; a scheduled one appears when
 * the publishing job publishes it at its time, a withdrawn one nowhere. Every statement that shows reports to a
 * reader (lists, search, suggestions, the home, most viewed, must read, related, saved, subject pages) includes
 * this. A literal, not a parameter, so that the planner can match it against partial indexes.
 */
export const visibleSql = (r: SQL) => sql`${r}.state = 'published'`;
/** The same rule for a statement over `reports` without an alias. */
export const visibleReports = sql.raw(`state = 'published'`);
