// Shared by the benchmark scripts: free ports, child processes in their own group with a log file each,
// waiting for a server, and signing in the way the SPA does. Only 127.0.0.1 is ever contacted.

import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverEntry, serverNodeFlags } from '../scripts/server-build.mjs';

export const host = '127.0.0.1';
export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
export const demoAccount = { email: 'client@demo.test', password: 'Portal-demo-1' };

/** @typedef {{ child: import('node:child_process').ChildProcess, log: string }} Proc */

export const freePort = () =>
  /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, host, () => {
        const address = /** @type {net.AddressInfo} */ (probe.address());
        probe.close(() => resolve(address.port));
      });
    })
  );

export const portIsFree = (/** @type {number} */ port) =>
  /** @type {Promise<boolean>} */ (
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, host, () => probe.close(() => resolve(true)));
    })
  );

export const tail = (/** @type {string} */ file) =>
  existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-30).join('\n') : '(no output)';

/** Stops a child and everything it started (its process group): SIGTERM, then SIGKILL after 10 s. */
export const stopChild = async (/** @type {import('node:child_process').ChildProcess} */ child) => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (/** @type {NodeJS.Signals} */ sig) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

/**
 * A temp work folder and the processes started in it. `start` runs a command from the repo root in its own
 * process group (so npx and what it starts stop together), its output in `<workDir>/<name>.log`.
 */
export const createHarness = (/** @type {string} */ prefix) => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  return {
    workDir,
    /** @returns {Proc} */
    start(/** @type {string} */ name, /** @type {string[]} */ command, /** @type {NodeJS.ProcessEnv} */ env) {
      const log = path.join(workDir, `${name}.log`);
      const fd = openSync(log, 'a');
      const [file = '', ...args] = command;
      const child = spawn(file, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', fd, fd] });
      closeSync(fd);
      children.push(child);
      return { child, log };
    },
    stopChildren: async () => {
      await Promise.all(children.splice(0).map(stopChild));
    },
    /** Stops every child and removes the work folder. */
    async close() {
      await this.stopChildren();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
};

/** Polls `url` until it answers 2xx; fails early with the server's log when the process exits. */
export const waitFor = async (
  /** @type {string} */ url,
  /** @type {Proc} */ proc,
  /** @type {number} */ timeoutMs = 120_000,
) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${url}: the server exited early. Its log:\n${tail(proc.log)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s. Server log:\n${tail(proc.log)}`);
};

/** name=value pairs of the Set-Cookie headers of a reply. */
export const cookiesOf = (/** @type {Response} */ res) =>
  Object.fromEntries(
    res.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );

/**
 * Signs in the way the SPA does: GET /users/me for the CSRF token, then POST /users/login with it; checks the
 * session with a signed-in /users/me. Returns the Cookie header value and that reply's body.
 */
export const signIn = async (/** @type {string} */ base, account = demoAccount) => {
  const timeout = () => AbortSignal.timeout(30_000);
  const me = await fetch(`${base}/api/users/me`, { signal: timeout() });
  const csrf = me.headers.get('x-csrf-token');
  const jar = cookiesOf(me);
  if (!csrf || !jar.csrf_token)
    throw new Error('GET /api/users/me gave no csrf_token cookie or x-csrf-token header');
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': csrf,
      cookie: `csrf_token=${jar.csrf_token}`,
    },
    body: JSON.stringify(account),
    signal: timeout(),
  });
  Object.assign(jar, cookiesOf(login));
  if (login.status !== 200 || !jar.sid)
    throw new Error(`sign-in failed: HTTP ${login.status} ${await login.text()}`);
  const cookie = `sid=${jar.sid}; csrf_token=${jar.csrf_token}`;
  const check = await fetch(`${base}/api/users/me`, { headers: { cookie }, signal: timeout() });
  const body = await check.json();
  if (body?.data?.email !== account.email)
    throw new Error(`signed-in /users/me answered ${JSON.stringify(body)}`);
  return { cookie, body };
};

/**
 * The compiled server, as `npm start` runs it (issue 22): built first when its sources changed since the last
 * build (scripts/server-build.mjs), so that a benchmark never measures a TypeScript loader.
 */
export const portalCommand = async () => {
  if (!(await ensureServerBuild())) throw new Error('The server did not build (see above).');
  return [process.execPath, ...serverNodeFlags, serverEntry];
};

/** autocannon's figures: every answer per second, 2xx per second, latency, 429/503 refusals and other failures. */
export const autocannonFigures = (/** @type {any} */ r, /** @type {number} */ seconds) => {
  const refused = (r.statusCodeStats?.['429']?.count ?? 0) + (r.statusCodeStats?.['503']?.count ?? 0);
  return {
    reqPerSec: Math.round(r.requests.average),
    okPerSec: Math.round(r['2xx'] / seconds),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    refused,
    errors: r.non2xx - refused + r.errors + r.timeouts,
  };
};

/**
 * This process's environment without what a benchmark sets for the processes it starts (database, files, port,
 * cache, processes, logs), so that a variable left in the caller's shell never changes what is measured.
 */
export const inheritedEnv = () => {
  const env = { ...process.env };
  for (const key of [
    'NODE_ENV',
    'DATABASE_URL',
    'DATA_DIR',
    'SMTP_URL',
    'CORS_ORIGINS',
    'PORT',
    'HOST',
    'CACHE_TTL_MS',
    'WEB_CONCURRENCY',
    'LOG_LEVEL',
    'LOG_FORMAT',
  ])
    delete env[key];
  return env;
};

/**
 * The compiled portal on a PostgreSQL database, started in `harness` as `name` with `env` added (the caller's
 * CACHE_TTL_MS, DATABASE_PIPELINES...), once it answers; signed in as `account`. Returns its base URL, the Cookie
 * header and the process.
 */
export const startPortal = async (
  /** @type {ReturnType<typeof createHarness>} */ harness,
  /** @type {string} */ name,
  /** @type {string} */ databaseUrl,
  /** @type {{ env?: NodeJS.ProcessEnv, account?: typeof demoAccount }} */ {
    env = {},
    account = demoAccount,
  } = {},
) => {
  const inherited = inheritedEnv();
  const port = await freePort();
  const base = `http://${host}:${port}`;
  const portal = harness.start(name, await portalCommand(), {
    ...inherited,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(harness.workDir, 'files'),
    PORT: String(port),
    HOST: host,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ...env,
  });
  // the first start migrates the database (0005 backfills passages at 100,000 reports)
  await waitFor(`${base}/api/health`, portal, 600_000);
  const { cookie } = await signIn(base, account);
  return { base, cookie, portal };
};
