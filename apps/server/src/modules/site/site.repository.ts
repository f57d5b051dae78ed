import type { Favourite, LatestResearchItem, Slider } from '@portal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { blogs, navItems, siteContent, sliders } from '../../db/schema/index.ts';
import { visibleReports } from '../research/research-sql.ts';
import type { NavRow } from './nav-tree.ts';

export const listNavRows = (db: Executor): Promise<NavRow[]> =>
  db
    .select({
      id: navItems.id,
      parentId: navItems.parentId,
      type: navItems.type,
      label: navItems.label,
      path: navItems.path,
      tag: navItems.tag,
      sortOrder: navItems.sortOrder,
    })
    .from(navItems);

export const listFavourites = async (db: Executor): Promise<Favourite[]> => {
  const rows = await db
    .select({ key: blogs.key, topic: blogs.topic, subtitle: blogs.subtitle, keyword: blogs.keywords })
    .from(blogs)
    .orderBy(asc(blogs.sortOrder), asc(blogs.createdAt), asc(blogs.key));
  return rows;
};

/** Active sliders in their saved order; private ones only when the caller is signed in. */
export const listActiveSliders = async (db: Executor, includePrivate: boolean): Promise<Slider[]> => {
  const rows = await db
    .select()
    .from(sliders)
    .where(
      and(
        eq(sliders.active, true),
        sql`${sliders.type} <> 'none'`,
        includePrivate ? undefined : eq(sliders.isPrivate, false),
      ),
    )
    .orderBy(asc(sliders.sortOrder), asc(sliders.key));
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    type: row.type,
    link: row.link,
    reportUrl: row.reportUrl,
    heading: row.heading,
    subHeading: row.subHeading,
    mediaPath: row.type === 'image' || row.type === 'video' ? row.mediaKey : null,
    format: row.format,
    duration: row.duration,
    isPrivate: row.isPrivate,
  }));
};

/**
 * The latest reports' existence for the public landing page: title, date, analysts and primary sector only.
 * Temporary reports are left out; descriptions, body text, files and access keys are never read here.
 */
/** Whether a stored slider picture belongs to private sliders only (then anonymous visitors may not see it). */
export const isPrivateSliderMedia = async (db: Executor, mediaKey: string): Promise<boolean> => {
  const rows = await db
    .select({ isPrivate: sliders.isPrivate })
    .from(sliders)
    .where(eq(sliders.mediaKey, mediaKey));
  return rows.length > 0 && rows.every((row) => row.isPrivate);
};

export const listLatestResearch = async (db: Executor, limit: number): Promise<LatestResearchItem[]> => {
  const result = await db.execute(sql`
    select r.id, r.title,
      to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_date,
      coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by ra.position, a.id)
        from report_analysts ra join analysts a on a.id = ra.analyst_id where ra.report_id = r.id), '[]'::json)
        as analysts,
      case when s.id is null then null else json_build_object('id', s.id, 'sName', s.name) end as sector
    from (select id, title, published_at, sector_id from reports where ${visibleReports} and not is_temp_report
          order by published_at desc, id desc limit ${limit}) r
    left join sectors s on s.id = r.sector_id
    order by r.published_at desc, r.id desc`);
  return rowsOf<LatestResearchItem>(result).map((row) => ({
    id: Number(row.id),
    title: row.title,
    published_date: row.published_date,
    analysts: row.analysts,
    sector: row.sector,
  }));
};

/** Stores the content of `key` whole (inserted the first time). */
export const saveContent = async (db: Executor, key: string, html: string, at: Date) => {
  const [row] = await db
    .insert(siteContent)
    .values({ key, html, updatedAt: at })
    .onConflictDoUpdate({ target: siteContent.key, set: { html, updatedAt: at } })
    .returning();
  return row!;
};

export const findContent = async (db: Executor, key: string) => {
  const rows = await db.select().from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return rows[0] ?? null;
};
