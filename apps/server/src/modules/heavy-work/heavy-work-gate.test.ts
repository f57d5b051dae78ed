import { describe, expect, it } from 'vitest';
import { HeavyWorkBusyError, HeavyWorkGate } from './heavy-work-gate.ts';

/** A unit of work that ends when the test says so, recording when it started. */
const task = (log: string[], name: string) => {
  let finish: (fail?: Error) => void = () => {};
  const work = () =>
    new Promise<string>((resolve, reject) => {
      log.push(name);
      finish = (fail) => (fail ? reject(fail) : resolve(name));
    });
  return { work, end: (fail?: Error) => finish(fail) };
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('HeavyWorkGate', () => {
  it('runs up to the slots at once and queues the rest in order', async () => {
    const gate = new HeavyWorkGate({ slots: 2, perUser: 2, queue: 10, perUserQueue: 10 });
    const log: string[] = [];
    const tasks = ['a1', 'a2', 'a3', 'a4'].map((name) => task(log, name));
    const runs = tasks.map((t) => gate.run('a', t.work));
    await settle();
    expect(log).toEqual(['a1', 'a2']);
    expect(gate.state).toEqual({ running: 2, queued: 2 });
    tasks[0]?.end();
    await settle();
    expect(log).toEqual(['a1', 'a2', 'a3']);
    tasks[1]?.end();
    tasks[2]?.end();
    await settle();
    tasks[3]?.end();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(gate.state).toEqual({ running: 0, queued: 0 });
  });

  it('hands freed slots round-robin, so a caller with many searches does not starve another', async () => {
    const gate = new HeavyWorkGate({ slots: 1, perUser: 1, queue: 10, perUserQueue: 10 });
    const log: string[] = [];
    const names = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2'];
    const tasks = new Map(names.map((name) => [name, task(log, name)]));
    const runs = names.map((name) =>
      gate.run(name[0] as string, (tasks.get(name) as ReturnType<typeof task>).work),
    );
    for (let i = 0; i < names.length; i++) {
      await settle();
      // one slot: end whichever started last, and see who gets the slot next
      tasks.get(log.at(-1) ?? '')?.end();
    }
    await Promise.all(runs);
    // b's searches, queued after all of a's, still get every other turn
    expect(log).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('limits the slots of one caller while another may still start', async () => {
    const gate = new HeavyWorkGate({ slots: 3, perUser: 1, queue: 10, perUserQueue: 10 });
    const log: string[] = [];
    const a1 = task(log, 'a1');
    const a2 = task(log, 'a2');
    const b1 = task(log, 'b1');
    const runs = [gate.run('a', a1.work), gate.run('a', a2.work), gate.run('b', b1.work)];
    await settle();
    expect(log).toEqual(['a1', 'b1']);
    a1.end();
    await settle();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.end();
    b1.end();
    await Promise.all(runs);
  });

  it('refuses past the caller queue (user) and past the overall queue (server)', async () => {
    const gate = new HeavyWorkGate({ slots: 1, perUser: 1, queue: 2, perUserQueue: 1 });
    const log: string[] = [];
    const running = task(log, 'a1');
    const first = gate.run('a', running.work);
    const queuedA = gate.run('a', async () => 'a2');
    await expect(gate.run('a', async () => 'a3')).rejects.toEqual(new HeavyWorkBusyError('user'));
    const queuedB = gate.run('b', async () => 'b1');
    await expect(gate.run('c', async () => 'c1')).rejects.toEqual(new HeavyWorkBusyError('server'));
    expect(gate.state).toEqual({ running: 1, queued: 2 });
    running.end();
    expect(await Promise.all([first, queuedA, queuedB])).toEqual(['a1', 'a2', 'b1']);
  });

  it('releases the slot when the work fails or throws at once', async () => {
    const gate = new HeavyWorkGate({ slots: 1, perUser: 1, queue: 5, perUserQueue: 5 });
    const log: string[] = [];
    const failing = task(log, 'a1');
    const first = gate.run('a', failing.work);
    const thrown = gate.run('a', () => {
      throw new Error('sync');
    });
    const after = gate.run('a', async () => 'a3');
    await settle();
    failing.end(new Error('query failed'));
    await expect(first).rejects.toThrow('query failed');
    await expect(thrown).rejects.toThrow('sync');
    expect(await after).toBe('a3');
    expect(gate.state).toEqual({ running: 0, queued: 0 });
  });
});
