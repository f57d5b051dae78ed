import { count } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Clock, Log } from '../../modules/runtime.ts';
import type { Db } from '../client.ts';
import { parameters, users } from '../schema.ts';
import { accountsSeed } from './accounts.ts';
import { parametersSeed } from './parameters.ts';

export interface SeedContext {
  db: Db;
  config: Config;
  clock: Clock;
  log: Log;
}

/** A seed module adds one capability's content. It must be idempotent (insert ... on conflict do nothing). */
export interface SeedModule {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/** In order: later modules may rely on what earlier ones created. Later capabilities append theirs. */
export const seedModules: readonly SeedModule[] = [parametersSeed, accountsSeed];

export const isDatabaseEmpty = async (db: Db) => {
  const [userRows] = await db.select({ n: count() }).from(users);
  const [parameterRows] = await db.select({ n: count() }).from(parameters);
  return (userRows?.n ?? 0) === 0 && (parameterRows?.n ?? 0) === 0;
};

export const runSeed = async (ctx: SeedContext) => {
  for (const module of seedModules) {
    await module.run(ctx);
    ctx.log.info({ module: module.name }, 'Seeded');
  }
};

/** Seeds on first start only, so that a restart never brings back deleted demo content. */
export const seedIfEmpty = async (ctx: SeedContext) => {
  if (!(await isDatabaseEmpty(ctx.db))) return false;
  await runSeed(ctx);
  return true;
};
