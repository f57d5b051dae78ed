import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';
import type { Clock } from '../runtime.ts';

/**
 * Named random secrets stored in the database, created on first use (the first writer wins, so every server
 * process of one database agrees) and cached for the life of the process.
 */
export const createSecretStore = (deps: { db: Db; clock: Clock }) => {
  const cache = new Map<string, Promise<Buffer>>();
  const load = async (name: string) => {
    await deps.db
      .insert(serverSecrets)
      .values({ name, value: randomBytes(32).toString('base64url'), createdAt: deps.clock() })
      .onConflictDoNothing();
    const [row] = await deps.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    if (!row) throw new Error(`Server secret ${name} could not be stored`);
    return Buffer.from(row.value, 'base64url');
  };
  return (name: string) => {
    let secret = cache.get(name);
    if (!secret) {
      secret = load(name);
      cache.set(name, secret);
      // A failed load (database down) must not be remembered.
      secret.catch(() => cache.delete(name));
    }
    return secret;
  };
};

export type SecretStore = ReturnType<typeof createSecretStore>;
