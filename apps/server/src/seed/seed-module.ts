import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock, Log } from '../modules/runtime.ts';
import type { Storage } from '../modules/storage/storage.ts';

export interface SeedContext {
  db: Db;
  config: Config;
  clock: Clock;
  log: Log;
  /** Where seeded files go; defaults to the server's storage (DATA_DIR/files). */
  storage?: Storage;
}

/** A seed module adds one capability's content. It must be idempotent (insert ... on conflict do nothing). */
export interface SeedModule {
  name: string;
  /** Demo accounts and demo content: never seeded when NODE_ENV=production. */
  demo?: boolean;
  run(ctx: SeedContext): Promise<void>;
}
