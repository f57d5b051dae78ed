import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parameters, sectors } from '../../db/schema/index.ts';

export const findParameter = async (db: Executor, name: string) => {
  const rows = await db.select().from(parameters).where(eq(parameters.name, name)).limit(1);
  return rows[0] ?? null;
};

export const findParameters = (db: Executor, names: readonly string[]) =>
  names.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(parameters)
        .where(inArray(parameters.name, [...names]));

/** Stores a parameter's value (inserted when absent); `isPublic` is the contract's say, set on every write. */
export const saveParameter = (db: Executor, row: { name: string; value: string; isPublic: boolean }) =>
  db
    .insert(parameters)
    .values(row)
    .onConflictDoUpdate({ target: parameters.name, set: { value: row.value, isPublic: row.isPublic } });

/** Every sector's id and name (a watermark configuration names its sectors by either). */
export const listSectorKeys = (db: Executor) =>
  db.select({ id: sectors.id, name: sectors.name }).from(sectors);
