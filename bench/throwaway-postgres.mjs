// A throw-away PostgreSQL 15 server for a benchmark: initdb as the postgres user in a temp dir, on a free port of
// 127.0.0.1, removed by `stop` (call it in a finally). The same steps as `.ci/run` and reports.mjs.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, host } from './harness.mjs';

const pgBin = '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL tool as the postgres user, bounded in time; throws with its output when it fails. */
const asPostgres = (/** @type {string} */ tool, /** @type {string[]} */ toolArgs) => {
  const res = spawnSync('runuser', ['-u', 'postgres', '--', path.join(pgBin, tool), ...toolArgs], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (res.status !== 0)
    throw new Error(
      `${tool} failed (${res.error?.message ?? `exit ${res.status}`}): ${res.stderr}${res.stdout}`,
    );
  return res.stdout;
};

/**
 * Starts the server with one database `name`; answers its URL and `stop`.
 * @param {string} name
 */
export const startThrowawayPostgres = async (name) => {
  if (!existsSync(path.join(pgBin, 'initdb'))) throw new Error(`no PostgreSQL 15 in ${pgBin}`);
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) throw new Error('there is no postgres user');
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  const data = path.join(root, 'data');
  let running = false;
  const stop = () => {
    if (running) {
      try {
        asPostgres('pg_ctl', ['-D', data, 'stop', '-m', 'fast', '-w', '-t', '60']);
      } catch (error) {
        console.error(`could not stop PostgreSQL: ${/** @type {Error} */ (error).message}`);
      }
      running = false;
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    chownSync(root, Number(ids.stdout), Number(gids.stdout));
    const port = await freePort();
    asPostgres('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
    running = true;
    asPostgres('pg_ctl', [
      ...['-D', data, '-l', path.join(root, 'server.log')],
      ...['-o', `-p ${port} -k /tmp -c listen_addresses=${host}`, 'start', '-w', '-t', '60'],
    ]);
    asPostgres('createdb', ['-h', host, '-p', String(port), '-U', 'postgres', name]);
    console.log(`postgres: throw-away server in ${data}, port ${port}`);
    return { url: `postgres://postgres@${host}:${port}/${name}`, stop };
  } catch (error) {
    stop();
    throw error;
  }
};
