import type { SliderItem } from '@portal/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { headerImages, sliders } from '../../db/schema/index.ts';

type SliderRow = typeof sliders.$inferSelect;

const toItem = (row: SliderRow): SliderItem => ({
  key: row.key,
  name: row.name,
  type: row.type,
  active: row.active,
  link: row.link,
  reportUrl: row.reportUrl,
  heading: row.heading,
  subHeading: row.subHeading,
  isPrivate: row.isPrivate,
  mediaKey: row.mediaKey,
  format: row.format,
  duration: row.duration,
  sortOrder: row.sortOrder,
});

/** Every slide, shown or not, in the landing's order. */
export const listSliders = async (db: Executor): Promise<SliderItem[]> =>
  (await db.select().from(sliders).orderBy(asc(sliders.sortOrder), asc(sliders.key))).map(toItem);

/** The slide of `key`, locked for the rest of the transaction. */
export const findSliderForUpdate = async (db: Executor, key: string) => {
  const rows = await db.select().from(sliders).where(eq(sliders.key, key)).for('update');
  return rows[0] ? toItem(rows[0]) : null;
};

/** How many slides there are and the last position, with the table locked against a concurrent new slide. */
export const slideCountForInsert = async (db: Executor) => {
  await db.execute(sql`lock table ${sliders} in share row exclusive mode`);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${sliders.sortOrder}), 0)::int`,
    })
    .from(sliders);
  return { count: row?.count ?? 0, last: row?.last ?? 0 };
};

export type SliderValues = Omit<SliderItem, 'sortOrder' | 'duration'>;

export const upsertSlider = async (db: Executor, values: SliderValues, sortOrder: number, at: Date) => {
  const set = { ...values, updatedAt: at };
  const [row] = await db
    .insert(sliders)
    .values({ ...set, sortOrder })
    .onConflictDoUpdate({ target: sliders.key, set })
    .returning();
  return toItem(row!);
};

/** Whether a stored media key is still held by any slide. */
export const sliderMediaInUse = async (db: Executor, mediaKey: string) => {
  const rows = await db
    .select({ key: sliders.key })
    .from(sliders)
    .where(eq(sliders.mediaKey, mediaKey))
    .limit(1);
  return rows.length > 0;
};

/** The slides' keys, locked against a concurrent new slide or order. */
export const lockSliderKeys = async (db: Executor) => {
  await db.execute(sql`lock table ${sliders} in share row exclusive mode`);
  return (await db.select({ key: sliders.key }).from(sliders)).map((row) => row.key);
};

export const setSliderOrder = async (db: Executor, keys: readonly string[], at: Date) => {
  if (keys.length === 0) return;
  const positions = sql.join(
    keys.map((key, index) => sql`(${key}::text, ${index + 1}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${sliders} set sort_order = p.position, updated_at = ${at}
    from (values ${positions}) as p(key, position)
    where ${sliders.key} = p.key and ${inArray(sliders.key, [...keys])}`);
};

export const listHeaderImages = (db: Executor) =>
  db.select({ key: headerImages.key, mediaKey: headerImages.mediaKey }).from(headerImages);

export const findHeaderImage = async (db: Executor, key: string) => {
  const rows = await db
    .select({ mediaKey: headerImages.mediaKey })
    .from(headerImages)
    .where(eq(headerImages.key, key));
  return rows[0]?.mediaKey ?? null;
};

/** Sets the page's picture; answers the one it replaced (null when it had the default). */
export const replaceHeaderImage = async (db: Executor, key: string, mediaKey: string, at: Date) => {
  const old = await db
    .select({ mediaKey: headerImages.mediaKey })
    .from(headerImages)
    .where(eq(headerImages.key, key))
    .for('update');
  await db
    .insert(headerImages)
    .values({ key, mediaKey, updatedAt: at })
    .onConflictDoUpdate({ target: headerImages.key, set: { mediaKey, updatedAt: at } });
  return old[0]?.mediaKey ?? null;
};

/** Back to the default; answers the picture it removed (null when it had the default already). */
export const deleteHeaderImage = async (db: Executor, key: string) => {
  const rows = await db
    .delete(headerImages)
    .where(eq(headerImages.key, key))
    .returning({ mediaKey: headerImages.mediaKey });
  return rows[0]?.mediaKey ?? null;
};
