import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_LOCK_NAME, DATA_LOCK_OWNER_NAME, DataDirInUseError, lockDataDir } from './data-lock.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});
const folder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-datalock-'));
  folders.push(dir);
  return dir;
};

/** The pid of a process that has ended. */
const deadPid = async () => {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
};

/** A lock as a process left it: the directory (its time `ageMs` ago) and the holder's name. */
const leaveLock = async (dir: string, pid: number, ageMs: number) => {
  await mkdir(path.join(dir, DATA_LOCK_NAME));
  const then = new Date(Date.now() - ageMs);
  await utimes(path.join(dir, DATA_LOCK_NAME), then, then);
  await writeFile(
    path.join(dir, DATA_LOCK_OWNER_NAME),
    JSON.stringify({ pid, host: os.hostname(), since: then.toISOString() }),
  );
};

describe('the data folder lock', () => {
  it('is held once: a second lock on the folder is refused naming the folder and the holder', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    const owner = JSON.parse(await readFile(path.join(dir, DATA_LOCK_OWNER_NAME), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, host: os.hostname() });
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await lock.release();
    // released: the next one takes it
    const again = await lockDataDir(dir);
    await again.release();
    await expect(stat(path.join(dir, DATA_LOCK_NAME))).rejects.toThrow();
  });

  it("refuses a live process's lock even when its time is old (a busy holder is not a dead one)", async () => {
    const dir = await folder();
    // this test runner's parent is alive
    await leaveLock(dir, process.ppid, 30_000);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(
      `The data folder ${dir} is in use by another portal process`,
    );
    expect((refusal as Error).message).toContain(`(pid ${process.ppid},`);
  });

  it('takes a dead process’s stale lock over at once', async () => {
    const dir = await folder();
    await leaveLock(dir, await deadPid(), 60_000);
    const waits: unknown[] = [];
    const lock = await lockDataDir(dir, { onWait: (owner) => waits.push(owner) });
    expect(waits).toEqual([]);
    const owner = JSON.parse(await readFile(path.join(dir, DATA_LOCK_OWNER_NAME), 'utf8'));
    expect(owner.pid).toBe(process.pid);
    await lock.release();
  });

  it('waits for a dead process’s fresh lock to go stale, then takes it over', async () => {
    const dir = await folder();
    const pid = await deadPid();
    // killed 8 s ago, its last refresh 8 s old: stale at 10 s
    await leaveLock(dir, pid, 8_000);
    const waits: { pid: number }[] = [];
    const started = Date.now();
    const lock = await lockDataDir(dir, { onWait: (owner) => waits.push(owner!) });
    expect(waits.map((owner) => owner.pid)).toEqual([pid]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await lock.release();
  }, 30_000);
});
