import type { Analyst, Company, KeyChart } from '@portal/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { analysts } from '../../db/schema/index.ts';
import { findGrantedSectorIdsOfUser } from '../persons/matrix-grants.ts';
import { intArray, jsonValue } from '../research/research-sql.ts';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const whereSql = (parts: SQL[]) => (parts.length > 0 ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** Whether analyst {id} exists (an author of a post, the owner of a photo, someone to follow). */
export const analystExists = async (db: Executor, id: number) =>
  (await db.select({ id: analysts.id }).from(analysts).where(eq(analysts.id, id)).limit(1)).length > 0;

interface AnalystRow {
  id: number;
  name: string;
  designation: string;
  email: string;
  phone: string;
  country: string;
  description: string | null;
  image_path: string | null;
  job_category: string;
  job_id: string;
  sort_order: number | null;
  is_our_people: boolean;
  sectors: unknown;
}

const toAnalyst = (row: AnalystRow): Analyst => ({
  id: row.id,
  name: row.name,
  designation: row.designation,
  email: row.email,
  phone: row.phone,
  country: row.country,
  description: row.description,
  image_path: row.image_path,
  sJobCat: row.job_category,
  sJobId: row.job_id,
  sectors: jsonValue<Analyst['sectors']>(row.sectors),
  order: row.sort_order,
  is_our_people: row.is_our_people,
});

/** Active people with their sectors, in the Our People order (null order last, then name). */
export const findAnalysts = async (
  db: Executor,
  filter: { id?: number; sector?: number; q?: string; ourPeople?: boolean },
) => {
  const where: SQL[] = [sql`a.membership_status = 'active'`];
  if (filter.id !== undefined) where.push(sql`a.id = ${filter.id}`);
  if (filter.sector !== undefined) {
    where.push(
      sql`exists (select 1 from analyst_sectors f where f.analyst_id = a.id and f.sector_id = ${filter.sector})`,
    );
  }
  if (filter.q) where.push(sql`a.name ilike ${likePattern(filter.q)}`);
  if (filter.ourPeople) where.push(sql`a.is_our_people`);
  const rows = rowsOf<AnalystRow>(
    await db.execute(sql`select a.id, a.name, a.designation, a.email, a.phone, a.country, a.description,
        a.image_path, a.job_category, a.job_id, a.sort_order, a.is_our_people,
        (select coalesce(json_agg(json_build_object('id', s.id, 'sName', s.name) order by s.sort, s.name), '[]')
          from analyst_sectors x join sectors s on s.id = x.sector_id where x.analyst_id = a.id) as sectors
      from analysts a ${whereSql(where)}
      order by a.sort_order asc nulls last, a.name, a.id`),
  );
  return rows.map(toAnalyst);
};

interface CompanyRow {
  id: number;
  name: string;
  display: string;
  short_name: string;
  bbg_code: string;
  description: string | null;
  image_path: string | null;
  country_id: number | null;
  country_name: string | null;
  sector_id: number | null;
  sector_name: string | null;
}

export const findCompanies = async (
  db: Executor,
  filter: { id?: number; q?: string },
): Promise<Company[]> => {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(sql`c.id = ${filter.id}`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    // by name or ticker (spec 2 section 5: the company search matches name or code)
    where.push(
      sql`(c.name ilike ${pattern} or c.display ilike ${pattern} or c.short_name ilike ${pattern} or c.bbg_code ilike ${pattern})`,
    );
  }
  const rows = rowsOf<CompanyRow>(
    await db.execute(sql`select c.id, c.name, c.display, c.short_name, c.bbg_code, c.description, c.image_path,
        k.id as country_id, k.name as country_name, s.id as sector_id, s.name as sector_name
      from companies c left join countries k on k.id = c.country_id left join sectors s on s.id = c.sector_id
      ${whereSql(where)} order by c.name, c.id`),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    display: row.display,
    sName: row.short_name,
    sBBG_Code: row.bbg_code,
    description: row.description,
    image: row.image_path,
    country: row.country_id === null ? null : { id: row.country_id, name: row.country_name ?? '' },
    sector: row.sector_id === null ? null : { id: row.sector_id, sName: row.sector_name ?? '' },
  }));
};

export const findCountries = async (db: Executor, filter: { id?: number; region?: string }) => {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(sql`k.id = ${filter.id}`);
  if (filter.region) where.push(sql`lower(g.name) = lower(${filter.region})`);
  const rows = rowsOf<{ id: number; name: string; region_id: number | null; region_name: string | null }>(
    await db.execute(sql`select k.id, k.name, g.id as region_id, g.name as region_name
      from countries k left join regions g on g.id = k.region_id ${whereSql(where)} order by k.name`),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    region: row.region_id === null ? null : { id: row.region_id, name: row.region_name ?? '' },
  }));
};

export const findRegions = async (db: Executor) =>
  rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from regions order by name`));

export const findSectors = async (
  db: Executor,
  filter: { id?: number; onlyIds?: readonly number[]; subscribedIds: readonly number[] },
) => {
  const where: SQL[] = [];
  if (filter.id !== undefined) where.push(sql`s.id = ${filter.id}`);
  if (filter.onlyIds) where.push(sql`s.id = any(${intArray(filter.onlyIds)})`);
  const rows = rowsOf<{ id: number; name: string; description: string | null; image_path: string | null }>(
    await db.execute(sql`select s.id, s.name, s.description, s.image_path from sectors s ${whereSql(where)}
      order by s.sort, s.name, s.id`),
  );
  const subscribed = new Set(filter.subscribedIds);
  return rows.map((row) => ({
    id: row.id,
    sName: row.name,
    description: row.description,
    image: row.image_path,
    subscribed: subscribed.has(row.id),
  }));
};

export const findKeyCharts = async (db: Executor, sectorId: number): Promise<KeyChart[]> => {
  const rows = rowsOf<{
    id: number;
    category: string;
    title: string;
    unit: string;
    data: unknown;
    source: string;
  }>(
    await db.execute(sql`select id, category, title, unit, data, source from key_charts
      where sector_id = ${sectorId} order by category, sort, id`),
  );
  return rows.map((row) => {
    const data = jsonValue<{ labels: string[]; series: { name: string; values: number[] }[] }>(row.data);
    return {
      id: row.id,
      category: row.category,
      title: row.title,
      unit: row.unit,
      labels: data.labels,
      series: data.series,
      source: row.source,
    };
  });
};

/** The person behind GET /reports/MyReports/{id}/{entity}: their entity and the sectors their matrix grants. */
export const findPersonMatrix = async (db: Executor, userId: number) => {
  const rows = rowsOf<{ entity: string }>(
    await db.execute(sql`select u.entity from users u where u.id = ${userId} and not u.hidden`),
  );
  const row = rows[0];
  return row ? { entity: row.entity, sectorIds: await findGrantedSectorIdsOfUser(db, userId) } : null;
};
