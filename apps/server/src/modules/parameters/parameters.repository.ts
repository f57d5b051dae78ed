import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { parameters } from '../../db/schema.ts';

export const findParameter = async (db: Executor, name: string) => {
  const rows = await db.select().from(parameters).where(eq(parameters.name, name)).limit(1);
  return rows[0] ?? null;
};
