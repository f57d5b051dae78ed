import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { reportAccessLog, reportViews, users } from '../../db/schema/index.ts';
import { visibleSql } from '../research/research-sql.ts';

/** One report with everything the viewer shows and the entitlement rule needs. */
export interface ViewerReportRow {
  id: number;
  title: string;
  subtitle: string;
  coverage: string;
  publication: string;
  description: string;
  hashtags: string[];
  published_date: string;
  video: string | null;
  filetype: string;
  file_path: string;
  /** estimated from the file's text (a generated column, migration 0007); null without text */
  reading_minutes: number | null;
  type: 'latest' | 'highlighted';
  is_temp_report: boolean;
  must_read: boolean;
  free_access: boolean;
  sector_id: number | null;
  /** 'published', or 'scheduled' when asked for (a withdrawn report is never found) */
  state: 'scheduled' | 'published';
  /** the version of the file (reports.file_version): signed file URLs and stamped copies are bound to it */
  file_version: number;
  analysts: { id: number; name: string; image_path: string | null; sJobCat: string }[];
  companies: { id: number; name: string; display: string; sName: string }[];
  countries: { id: number; name: string }[];
  sectors: { id: number; sName: string }[];
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The report and its links in one statement (json sub-selects over one row), or null. Only a published report
 * (the readers' visibility rule, research-sql.ts) unless `scheduledToo` (an admin's own look at a report before
 * its time); a withdrawn report is found by nobody.
 */
export const findViewerReport = async (
  db: Executor,
  id: number,
  options: { scheduledToo?: boolean } = {},
): Promise<ViewerReportRow | null> => {
  const visible = options.scheduledToo ? sql`r.state in ('published', 'scheduled')` : visibleSql(sql`r`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select r.id, r.title, r.subtitle, r.coverage, r.publication, r.description,
      to_json(r.hashtags) as hashtags,
      to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_date,
      r.video_id as video, r.file_type as filetype, r.file_path, r.reading_minutes, r.type, r.is_temp_report, r.must_read,
      r.free_access, r.sector_id, r.state, r.file_version,
      (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'image_path', a.image_path,
          'sJobCat', a.job_category) order by ra.position, a.name), '[]')
        from report_analysts ra join analysts a on a.id = ra.analyst_id where ra.report_id = r.id) as analysts,
      (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'display', c.display,
          'sName', c.short_name) order by c.name), '[]')
        from report_companies rc join companies c on c.id = rc.company_id where rc.report_id = r.id) as companies,
      (select coalesce(json_agg(json_build_object('id', k.id, 'name', k.name) order by k.name), '[]')
        from report_countries rk join countries k on k.id = rk.country_id where rk.report_id = r.id) as countries,
      (select coalesce(json_agg(json_build_object('id', s.id, 'sName', s.name) order by rs.position), '[]')
        from report_sectors rs join sectors s on s.id = rs.sector_id where rs.report_id = r.id) as sectors
    from reports r where r.id = ${id} and ${visible}`),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...(row as unknown as ViewerReportRow),
    hashtags: json<string[]>(row.hashtags),
    reading_minutes: row.reading_minutes === null ? null : Number(row.reading_minutes),
    file_version: Number(row.file_version),
    analysts: json(row.analysts),
    companies: json(row.companies),
    countries: json(row.countries),
    sectors: json(row.sectors),
  };
};

export const isSaved = async (db: Executor, userId: number, reportId: number) =>
  rowsOf<{ n: number }>(
    await db.execute(
      sql`select 1 as n from saved_reports where user_id = ${userId} and report_id = ${reportId} limit 1`,
    ),
  ).length > 0;

export const findUser = async (db: Executor, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;

/** Re-opening a report within this time is the same view (reloads and new windows do not inflate Most Viewed). */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;

/**
 * Counts a view of the report, once per signed-in reader in VIEW_WINDOW_MS. Views without a user (an e-mailed
 * link opened by a recipient without an account) are all counted: nothing tells two such readers apart.
 */
export const recordView = async (db: Executor, reportId: number, userId: number | null, at: Date) => {
  if (userId === null) {
    await db.insert(reportViews).values({ reportId, userId, viewedAt: at });
    return;
  }
  const since = new Date(at.getTime() - VIEW_WINDOW_MS).toISOString();
  await db.execute(sql`
    insert into report_views (report_id, user_id, viewed_at)
    select ${reportId}, ${userId}, ${at.toISOString()}::timestamptz
    where not exists (
      select 1 from report_views
      where report_id = ${reportId} and user_id = ${userId} and viewed_at > ${since}::timestamptz
    )`);
};

export type AccessLogRow = typeof reportAccessLog.$inferInsert;
export const insertAccessLog = (db: Executor, row: AccessLogRow) => db.insert(reportAccessLog).values(row);
