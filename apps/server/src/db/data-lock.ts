import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process at a time on a data folder (issue 21): PGlite is an embedded database, and a second process that
 * opened the live files (a second `npm start`, a process manager restarting too early) left the first one's writes
 * not durable, or the files unreadable. The lock is a directory made atomically (proper-lockfile) whose time the
 * holder refreshes; beside it a small file names the holder (pid, host, since) for the refusal message.
 *
 * - held by a live process on this host: refused at once, whatever the lock's age (a busy event loop that could
 *   not refresh the lock in time is not a dead process);
 * - left by a process that died (SIGKILL, power cut): taken over once its time is older than STALE_MS, which
 *   proper-lockfile does by removing and making the directory again (atomic: one of two starters wins);
 * - held by a process on another host (a shared folder): refused unless stale.
 */
export const DATA_LOCK_NAME = 'portal.lock';
export const DATA_LOCK_OWNER_NAME = 'portal.lock.json';
const STALE_MS = 10_000;
const UPDATE_MS = 2_500;
const RETRY_MS = 250;
// A live pid whose lock was not refreshed for this long is another program that got the number after a reboot.
const ABANDONED_MS = 120_000;

export interface DataLockOwner {
  pid: number;
  host: string;
  since: string;
}

export class DataDirInUseError extends Error {
  readonly code = 'EDATADIRINUSE';
  constructor(
    readonly dataDir: string,
    readonly owner: DataLockOwner | null,
  ) {
    const holder = owner
      ? `another portal process (pid ${owner.pid}${owner.host === os.hostname() ? '' : ` on ${owner.host}`}, running since ${owner.since})`
      : 'another portal process';
    super(
      `The data folder ${dataDir} is in use by ${holder}. Only one server may open it at a time: stop that ` +
        'process first, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataLock {
  release(): Promise<void>;
}

export interface DataLockOptions {
  /** Called when the lock could not be kept (another process took the folder over): the caller must stop. */
  onLost?: (error: Error) => void;
  /** Called once when the start waits for a dead process's lock to go stale. */
  onWait?: (owner: DataLockOwner | null) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwner = async (file: string): Promise<DataLockOwner | null> => {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<DataLockOwner>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return { pid: value.pid, host: value.host, since: String(value.since ?? '') };
  } catch {
    return null;
  }
};

const ageOf = async (file: string) => {
  try {
    return Date.now() - (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
};

const liveHereAndHolding = (owner: DataLockOwner | null, lockAge: number | null) =>
  owner !== null &&
  lockAge !== null &&
  lockAge < ABANDONED_MS &&
  owner.host === os.hostname() &&
  owner.pid !== process.pid &&
  isAlive(owner.pid);

/** Takes the data folder's lock before anything opens its files, or throws DataDirInUseError. */
export const lockDataDir = async (dataDir: string, options: DataLockOptions = {}): Promise<DataLock> => {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, DATA_LOCK_NAME);
  const ownerPath = path.join(dataDir, DATA_LOCK_OWNER_NAME);
  let releaseCurrent: (() => Promise<void>) | null = null;
  let released = false;

  const acquire = () =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: (error) => void regain(error),
    });

  // The refresh came too late (the event loop was busy for longer than STALE_MS) or the directory was touched by
  // someone else: take it again if it is still ours to take, otherwise tell the caller to stop.
  const regain = async (cause: Error) => {
    if (released) return;
    releaseCurrent = null;
    const owner = await readOwner(ownerPath);
    if (owner && (owner.pid !== process.pid || owner.host !== os.hostname())) {
      options.onLost?.(new DataDirInUseError(dataDir, owner));
      return;
    }
    try {
      releaseCurrent = await acquire();
    } catch (error) {
      options.onLost?.(
        (error as NodeJS.ErrnoException).code === 'ELOCKED' ? new DataDirInUseError(dataDir, owner) : cause,
      );
    }
  };

  const deadline = Date.now() + STALE_MS + 2 * UPDATE_MS;
  let waited = false;
  for (;;) {
    const owner = await readOwner(ownerPath);
    if (liveHereAndHolding(owner, await ageOf(lockPath))) throw new DataDirInUseError(dataDir, owner);
    try {
      releaseCurrent = await acquire();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const holder = await readOwner(ownerPath);
      const dead = holder === null || (holder.host === os.hostname() && !isAlive(holder.pid));
      // A live holder, or one on another host whose lock is fresh: refused. A dead one's lock goes stale soon
      // (or the holder that just took it writes its name): look again until then.
      if (!dead || Date.now() > deadline) throw new DataDirInUseError(dataDir, holder);
      if (!waited) options.onWait?.(holder);
      waited = true;
      await sleep(RETRY_MS);
    }
  }
  const owner: DataLockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  await writeFile(ownerPath, `${JSON.stringify(owner)}\n`);
  return {
    release: async () => {
      if (released) return;
      released = true;
      const current = releaseCurrent;
      releaseCurrent = null;
      // The name first: a starter that finds the directory without it waits, never refuses on a stale name.
      await rm(ownerPath, { force: true });
      await current?.().catch(() => undefined);
    },
  };
};
