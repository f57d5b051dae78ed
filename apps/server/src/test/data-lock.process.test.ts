import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { csrf } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedRuns, users } from '../db/schema/index.ts';
import { seedModules } from '../seed/index.ts';
import { freePort } from './free-port.ts';

/**
 * Issue 21 item 0, with real processes: a second server on the same DATA_DIR is refused before it opens the
 * embedded database, and the first one's acknowledged writes survive a SIGKILL and a restart (which takes the dead
 * process's lock over). PGlite only: on PostgreSQL the data folder holds no database.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const startServer = (dataDir: string, port: number): Started => {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      SIGNUP_PER_IP_HOUR: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    text += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
};

const waitUntilServing = async (started: Started, port: number, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void started.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not start in ${timeoutMs} ms (exited: ${exited}):\n${started.output()}`);
};

/** A browser stand-in over fetch: the CSRF cookie and header of the last reply. */
const visitor = async (port: number) => {
  const base = `http://127.0.0.1:${port}`;
  const first = await fetch(`${base}/api/health`);
  const cookie = (first.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(';')[0])
    .filter(Boolean)
    .join('; ');
  const token = first.headers.get(csrf.header) ?? '';
  return (email: string) =>
    fetch(`${base}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [csrf.header]: token, origin: base },
      body: JSON.stringify({
        firstName: 'Durable',
        lastName: 'Writer',
        companyName: 'Lock Tests Ltd',
        email,
        password: 'durable-password-1',
        confirmPassword: 'durable-password-1',
        acceptTandC: true,
      }),
    });
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the data folder lock (real processes)', () => {
  let dataDir: string;
  const running: Started[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
    // A migrated database whose seed modules are all recorded as done: the servers below start in seconds instead
    // of seeding the demo catalogue (sign-up needs no seeded content).
    const handle = await openPglite(path.join(dataDir, 'pglite'));
    await migrate(handle);
    await handle.db.insert(seedRuns).values(seedModules.map(({ name }) => ({ name, ranAt: new Date() })));
    await handle.close();
  }, 120_000);

  afterAll(async () => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
    await Promise.all(running.map((started) => started.exited));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, and keeps every acknowledged write through a SIGKILL', async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    running.push(first);
    await waitUntilServing(first, port, 60_000);

    // The second start, on the same folder and port (two terminals): refused with the folder and the holder's pid.
    const second = startServer(dataDir, port);
    running.push(second);
    const secondExit = await second.exited;
    expect(secondExit.code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another portal process`);
    expect(second.output()).toContain(`(pid ${first.child.pid},`);
    expect(second.output()).not.toContain('EADDRINUSE');

    // The first one still writes; it is killed in the middle of its saves.
    const signup = await visitor(port);
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (lane: number) => {
      for (let index = 0; !killed; index += 1) {
        const email = `writer-${lane}-${index}@locks.example`;
        try {
          const response = await signup(email);
          if (response.status === 201) acknowledged.push(email);
          else if (!killed) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const lanes = [0, 1, 2].map((lane) => writer(lane));
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(lanes);
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // The restart takes the dead process's lock over (once it is stale) and opens the data.
    const restarted = startServer(dataDir, port);
    running.push(restarted);
    await waitUntilServing(restarted, port, 60_000);
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);

    const handle = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const rows = await handle.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, acknowledged));
      expect(rows.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await handle.close();
    }
  }, 300_000);
});
