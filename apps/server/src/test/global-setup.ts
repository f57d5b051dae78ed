import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where test-app.ts finds the run's template folder and id. */
export const templateEnv = { dir: 'PORTAL_TEST_TEMPLATE_DIR', run: 'PORTAL_TEST_RUN_ID' } as const;

/**
 * The server project's vitest globalSetup: a folder and an id for this run's seeded templates (test-app.ts makes
 * them when a file first needs one), handed to the test workers in the environment; afterwards the folder and,
 * on PostgreSQL, the run's template databases are removed.
 */
export default async function setup() {
  // Both server projects (server, server-isolated) name this setup; the first one's folder and id serve the run.
  if (process.env[templateEnv.dir] && process.env[templateEnv.run]) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-templates-'));
  const run = randomBytes(4).toString('hex');
  process.env[templateEnv.dir] = dir;
  process.env[templateEnv.run] = run;
  return async () => {
    await rm(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select datname as name from pg_database where datname like $1',
        [`portal_tpl_${run}_%`],
      );
      for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
}
