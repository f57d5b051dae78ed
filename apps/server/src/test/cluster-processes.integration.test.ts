import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { createTestDatabase, type TestDatabase } from './test-app.ts';

/**
 * Issue 26 with real processes, on PostgreSQL: WEB_CONCURRENCY=2 runs a primary and two server processes sharing
 * the port, in production mode (no demo accounts, Secure cookies, HSTS); a worker killed is replaced while the
 * other serves; SIGTERM stops them all gracefully.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

/** GET /api/health on a connection of its own (a kept-alive one may lead to a process that was killed). */
const healthOn = (port: number) =>
  new Promise<number>((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 5_000 },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once('timeout', () => request.destroy(new Error('no answer in 5 s')));
    request.once('error', reject);
  });

/** The JSON log lines written so far. */
const linesOf = (text: string) =>
  text.split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
    } catch {
      return []; // (the last line may be half written)
    }
  });

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('WEB_CONCURRENCY=2 on PostgreSQL (real processes)', () => {
  let database: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `https://portal.example`,
        DATA_DIR: path.join(tmpdir(), `portal-cluster-${port}`),
        WEB_DIST: path.join(tmpdir(), 'portal-no-web-dist'),
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    await until(
      () =>
        linesOf(output).some((line) => line.msg === 'Portal ready') &&
        linesOf(output).filter((line) => line.msg === 'Worker ready').length === 2,
      'the portal ready',
      120_000,
    );
  }, 150_000);
  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await database?.destroy();
  });

  const workerPids = () =>
    linesOf(output)
      .filter((line) => line.msg === 'Worker ready')
      .map((line) => Number(line.pid));

  it('runs two server processes on one port, in production mode', async () => {
    const ready = linesOf(output).find((line) => line.msg === 'Portal ready')!;
    expect(ready).toMatchObject({ processes: 2, demoAccounts: [] });
    expect(new Set(workerPids()).size).toBe(2);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(health.headers.getSetCookie().every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
    // No demo accounts in production.
    const csrfCookie = health.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: csrfCookie,
        'x-csrf-token': health.headers.get('x-csrf-token') ?? '',
        origin: 'https://portal.example',
      },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'Portal-demo-1' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
  });

  it('replaces a server process that dies, while the other serves', async () => {
    const [victim] = workerPids();
    process.kill(victim!, 'SIGKILL');
    // Once the primary has seen it die (a connection handed to it in that instant is lost, as with any crash), new
    // connections are answered throughout: by the other process, then by both.
    await until(
      () => linesOf(output).some((line) => line.msg === 'A server process stopped'),
      'the death seen',
    );
    const statuses: number[] = [];
    const deadline = Date.now() + 20_000;
    while (workerPids().length < 3) {
      if (Date.now() > deadline) throw new Error(`no new server process:\n${output.slice(-3000)}`);
      statuses.push(await healthOn(port));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let i = 0; i < 20; i += 1) statuses.push(await healthOn(port));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('stops every process gracefully on SIGTERM', async () => {
    child.kill('SIGTERM');
    const { code } = await exited;
    expect(code, output.slice(-2000)).toBe(0);
    expect(linesOf(output).filter((line) => line.msg === 'Stopped').length).toBeGreaterThanOrEqual(3);
  }, 30_000);
});
