import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/** How many of `ids` are analysts on the team (active members, listed in Our People or not). */
export const countTeam = async (db: Executor, ids: readonly number[]) => {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from analysts where membership_status = 'active'
        and id = any(${`{${ids.join(',')}}`}::int[])`,
    ),
  );
  return Number(row?.n ?? 0);
};

/** Lists or unlists an active team member in Our People; false when there is no such member. */
export const setOurPeople = async (db: Executor, id: number, isOurPeople: boolean) =>
  rowsOf<{ id: number }>(
    await db.execute(
      sql`update analysts set is_our_people = ${isOurPeople} where id = ${id} and membership_status = 'active'
        returning id`,
    ),
  ).length > 0;

/** Sets an analyst's (U) or a company's (L) description; false when there is no such row. */
export const setDescription = async (
  db: Executor,
  entity: 'U' | 'L',
  id: number,
  description: string | null,
) => {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      entity === 'U'
        ? sql`update analysts set description = ${description} where id = ${id} returning id`
        : sql`update companies set description = ${description} where id = ${id} returning id`,
    ),
  );
  return rows.length > 0;
};

/** Sets each analyst's Our People position, in one statement (arrays as one text parameter each). */
export const setSortOrders = async (db: Executor, orders: readonly { id: number; position: number }[]) => {
  const ids = `{${orders.map((o) => o.id).join(',')}}`;
  const positions = `{${orders.map((o) => o.position).join(',')}}`;
  await db.execute(sql`
    update analysts a set sort_order = v.position
    from unnest(${ids}::int[], ${positions}::int[]) as v(id, position)
    where a.id = v.id`);
};

/** The profile fields of the Team Management form; the photo's path is the analyst photos' (image_path). */
export interface ProfileRow {
  name: string;
  designation: string;
  email: string;
  phone: string;
  country: string;
  description: string | null;
}

/**
 * Writes an analyst's profile fields; answers the photo's path the analyst has, or null when there is no such
 * analyst (nothing written).
 */
export const setProfile = async (db: Executor, id: number, profile: ProfileRow) => {
  const [row] = rowsOf<{ image_path: string | null }>(
    await db.execute(
      sql`update analysts set name = ${profile.name}, designation = ${profile.designation},
        email = ${profile.email}, phone = ${profile.phone}, country = ${profile.country},
        description = ${profile.description}
        where id = ${id} returning image_path`,
    ),
  );
  return row ? { imagePath: row.image_path } : null;
};
