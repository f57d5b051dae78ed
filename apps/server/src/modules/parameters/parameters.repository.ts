import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parameters } from '../../db/schema/index.ts';

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
