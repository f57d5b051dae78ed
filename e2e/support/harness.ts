/**
 * The servers a browser run talks to: a real SMTP server that stores each message as a raw .eml file, and
 * the portal itself (API + built SPA) started the way `npm run serve` starts it (the compiled server in apps/server/dist), on a fresh database.
 * Runs in Playwright's runner process (globalSetup / globalTeardown); tests find the servers through
 * the environment variables below, which Playwright hands on to its worker processes.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { serverEntry, serverNodeFlags } from '../../scripts/server-build.mjs';
import { envKeys } from './environment.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const resultsRoot = path.join(repoRoot, 'e2e/test-results');
const keepResultsMs = 24 * 60 * 60 * 1000;
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
const journeyDataScript = 'apps/server/scripts/e2e-journey-data.ts';
const host = '127.0.0.1';
// The first start seeds the demo, its four replays encoded by ffmpeg included (about a minute on 2 cores).
const startTimeoutMs = 300_000;

interface Harness {
  workDir: string;
  logFile: string;
  smtp: SMTPServer;
  portal?: ChildProcess;
}

// globalSetup and globalTeardown are separate modules; the runner process is what they share.
const slot = Symbol.for('portal.e2e.harness');
const store = globalThis as unknown as Record<symbol, Harness | undefined>;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** An SMTP peer without TLS or auth that writes `<n>.eml` files (complete files only: written, then renamed). */
export const startSmtp = async (mailDir: string, port: number) => {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // The envelope is kept as a header so that tests can also find Bcc recipients.
        const rcpt = session.envelope.rcptTo.map((a) => a.address).join(', ');
        const raw = Buffer.concat([Buffer.from(`X-Envelope-To: ${rcpt}\r\n`), ...chunks]);
        received += 1;
        const name = `${String(received).padStart(5, '0')}-${Date.now()}.eml`;
        const tmp = path.join(mailDir, `.${name}.tmp`);
        writeFile(tmp, raw)
          .then(() => rename(tmp, path.join(mailDir, name)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, host, () => resolve());
  });
  smtp.on('error', (err) => console.error(`[e2e smtp] ${err.message}`));
  return smtp;
};

const tail = (file: string, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
};

const waitForHealth = async (baseURL: string, child: ChildProcess, logFile: string) => {
  const deadline = Date.now() + startTimeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The portal server exited (${child.exitCode ?? child.signalCode}) before answering /api/health. ` +
          `Last lines of ${logFile}:\n${tail(logFile)}`,
      );
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The portal server did not answer GET /api/health within ${startTimeoutMs / 1000} s (last: ${lastError}). ` +
      `Last lines of ${logFile}:\n${tail(logFile)}`,
  );
};

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The child leads its own process group: signal the whole group.
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    console.error('[e2e] the portal server ignored SIGTERM for 10 s; killing it');
    signal('SIGKILL');
    await exited;
  }
};

/** Drops the artefacts of runs older than a day (every run has its own directory, see playwright.config.ts). */
const pruneOldResults = async () => {
  const entries = await readdir(resultsRoot, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const dir = path.join(resultsRoot, entry.name);
    if (entry.isDirectory() && Date.now() - (await stat(dir)).mtimeMs > keepResultsMs) {
      await rm(dir, { recursive: true, force: true });
    }
  }
};

/** Runs apps/server/scripts/e2e-journey-data.ts on the run's database; answers the JSON line it prints. */
const runJourneyData = async (env: NodeJS.ProcessEnv, logFile: string) => {
  const child = spawn('npx', ['tsx', journeyDataScript], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  await writeFile(logFile, `[e2e journey data] ${out}${err}`, { flag: 'a' });
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) {
    throw new Error(`${journeyDataScript} failed (exit ${code}):\n${(err || out).trim().slice(-2000)}`);
  }
  return line;
};

/** The portal's environment for a run: its own port, data folder and SMTP peer, nothing from the developer's shell. */
const portalEnv = (port: number, dataDir: string, smtpPort: number, webDist?: string): NodeJS.ProcessEnv => {
  const baseURL = `http://${host}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://${host}:${smtpPort}`,
    PUBLIC_URL: baseURL,
    OUTBOX_POLL_MS: '200',
    // Every sign-up of the suite comes from 127.0.0.1: more than the default 10 an hour from one address.
    SIGNUP_PER_IP_HOUR: '100',
  };
  if (webDist) env.WEB_DIST = webDist;
  // A developer's shell settings must not point the run at another database, build or mode.
  for (const key of ['NODE_ENV', 'DATABASE_URL', 'CORS_ORIGINS', 'MAIL_FROM']) delete env[key];
  return env;
};

/**
 * What `prepareJourneyData` leaves in its folder: the migrated, seeded database with the journeys' data (`data/`)
 * and this file. The seed writes the portal's address into the site's parameters, so the run must use that port.
 */
interface Prepared {
  port: number;
  journeyData: string;
}
const preparedFile = 'prepared.json';

/**
 * Makes a run's database ahead of the run (migrate, seed, the journeys' data: about 40 s): `npm test` does it
 * while the typecheck keeps one core busy, and hands the folder to the harness in PORTAL_E2E_PREPARED.
 */
export async function prepareJourneyData(folder: string) {
  const dataDir = path.join(folder, 'data');
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const logFile = path.join(folder, 'prepare.log');
  const journeyData = await runJourneyData(portalEnv(port, dataDir, await freePort()), logFile);
  const prepared: Prepared = { port, journeyData };
  await writeFile(path.join(folder, preparedFile), JSON.stringify(prepared));
}

/** The prepared folder named by PORTAL_E2E_PREPARED, when it is complete and its port is free again. */
const takePrepared = async (dataDir: string, logFile: string): Promise<Prepared | null> => {
  const folder = process.env.PORTAL_E2E_PREPARED;
  if (!folder) return null;
  let prepared: Prepared;
  try {
    prepared = JSON.parse(readFileSync(path.join(folder, preparedFile), 'utf8')) as Prepared;
  } catch {
    console.warn(`[e2e] ${folder} holds no prepared database: the harness makes its own`);
    return null;
  }
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(prepared.port, host, () => probe.close(() => resolve(true)));
  });
  if (!free) {
    console.warn(`[e2e] port ${prepared.port} of the prepared database is taken: the harness makes its own`);
    return null;
  }
  await cp(path.join(folder, 'data'), dataDir, { recursive: true });
  // The preparation's output joins the run's server log, as when the harness makes the data itself.
  const prepareLog = readFileSync(path.join(folder, 'prepare.log'), 'utf8');
  await writeFile(logFile, prepareLog, { flag: 'a' });
  return prepared;
};

export async function startHarness() {
  await pruneOldResults();
  if (!existsSync(webIndex)) {
    throw new Error(
      `The built web app is missing (${path.relative(repoRoot, webIndex)}). ` +
        'Build it first: `npm run build` at the repository root (`npm test` does this before the browser tests).',
    );
  }
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const dataDir = path.join(workDir, 'data');
  await mkdir(mailDir);
  await mkdir(dataDir);
  const logFile = path.join(workDir, 'portal-server.log');
  // The server serves a copy of the build, so that a rebuild during the run cannot swap files under the browser.
  const webDist = path.join(workDir, 'web-dist');
  await cp(path.dirname(webIndex), webDist, { recursive: true });

  const smtpPort = await freePort();
  const smtp = await startSmtp(mailDir, smtpPort);
  const harness: Harness = { workDir, logFile, smtp };
  store[slot] = harness;

  try {
    const prepared = await takePrepared(dataDir, logFile);
    const port = prepared?.port ?? (await freePort());
    const baseURL = `http://${host}:${port}`;
    const env = portalEnv(port, dataDir, smtpPort, webDist);

    // The journeys' own data (a report outside the demo client's sectors), made on the fresh database before the
    // portal opens it; the portal's start then finds the database migrated and seeded.
    const journeyData = prepared?.journeyData ?? (await runJourneyData(env, logFile));

    const built = spawnSync(process.execPath, ['scripts/server-build.mjs', '--if-needed'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`The server did not build:\n${built.stdout}${built.stderr}`);
    const logFd = openSync(logFile, 'a');
    // The compiled server with its Node flags, as `npm run serve` runs it (scripts/server-build.mjs builds it when its
    // sources changed).
    const portal = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    harness.portal = portal;
    // If the runner dies without running globalTeardown, do not leave the server behind.
    process.once('exit', () => {
      if (portal.pid !== undefined && portal.exitCode === null) {
        try {
          process.kill(-portal.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });

    await waitForHealth(baseURL, portal, logFile);
    const index = await fetch(`${baseURL}/`);
    const html = await index.text();
    if (!index.ok || !/<html/i.test(html)) {
      throw new Error(`The portal server does not serve the built SPA at / (HTTP ${index.status}).`);
    }

    process.env[envKeys.baseURL] = baseURL;
    process.env[envKeys.mailDir] = mailDir;
    process.env[envKeys.journeyData] = journeyData;
    console.log(`[e2e] portal ${baseURL} (pid ${portal.pid}), SMTP :${smtpPort}, files in ${workDir}`);
  } catch (err) {
    await stopHarness();
    throw err;
  }
}

export async function stopHarness() {
  const harness = store[slot];
  if (!harness) return;
  store[slot] = undefined;
  if (harness.portal) await stopChild(harness.portal);
  await new Promise<void>((resolve) => harness.smtp.close(() => resolve()));
  // Keep the server's log with the run's other artefacts.
  const results = path.join(resultsRoot, process.env.PORTAL_E2E_RUN_ID ?? 'latest');
  await mkdir(results, { recursive: true });
  await copyFile(harness.logFile, path.join(results, 'portal-server.log')).catch(() => undefined);
  console.log(`[e2e] artefacts and the server log: ${path.relative(process.cwd(), results)}`);
  if (process.env.PORTAL_E2E_KEEP) {
    console.log(`[e2e] kept ${harness.workDir} (PORTAL_E2E_KEEP is set)`);
  } else {
    // npx can exit before the node process under it has closed the database: retry while its last writes land.
    await rm(harness.workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
