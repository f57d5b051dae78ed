import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed migrations that the database has not seen yet. */
export const migrate = async (handle: DbHandle) => {
  if (handle.kind === 'pglite') await migratePglite(handle.driver, { migrationsFolder });
  else await migrateNodePg(handle.driver, { migrationsFolder });
};
