import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { reportAlerts, reports } from '../../db/schema/index.ts';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { smallPdf } from '../../test/report-uploads.ts';
import { createTestApp, silentLog, type TestApp } from '../../test/test-app.ts';
import { createPublishingService } from './publishing.service.ts';

const HOUR_MS = 60 * 60 * 1000;

const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
    entry.isFile(),
  );

const metadata = (sectorId: number, analystId: number, title: string, publishAt: string | null = null) => ({
  title,
  description: 'A note',
  analystIds: [analystId],
  sectorIds: [sectorId],
  companyIds: [],
  countryIds: [],
  hashtags: [],
  freeAccess: false,
  publishAt,
});

describe('publishing service (issue 23)', () => {
  let t: TestApp;
  let dataDir: string;
  let sector = 0;
  let analyst = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-publishing-module-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const f = await catalogueFixtures(t.db);
    sector = await f.sector('Semiconductors');
    analyst = await f.analyst('Alice Tanaka', { sectorIds: [sector] });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const serviceWith = (
    queue: (
      tx: Parameters<typeof t.app.services.publishAlerts.queue>[0],
      id: number,
    ) => Promise<{ queued: number }>,
  ) =>
    createPublishingService({
      db: t.db,
      clock: t.clock,
      log: silentLog,
      storage: t.storage,
      changes: t.app.services.changes,
      alerts: { queue },
    });

  it('publishes and queues the alerts in one transaction: a failing queue publishes nothing, stores nothing', async () => {
    const failing = serviceWith(async () => {
      throw new Error('alerts down');
    });
    const before = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from reports`))[0]!
      .n;
    await expect(
      failing.publish({ id: 1 }, metadata(sector, analyst, 'Never out'), {
        fileName: 'n.pdf',
        bytes: await smallPdf(),
      }),
    ).rejects.toThrow('alerts down');
    const after = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from reports`))[0]!
      .n;
    expect(after).toBe(before);
    expect(await filesUnder(path.join(dataDir, 'files', 'reports'))).toEqual([]);
  });

  it('queues the alerts of a report published now, not of a scheduled one until the job publishes it', async () => {
    const queued: number[] = [];
    const service = serviceWith(async (_tx, id) => {
      queued.push(id);
      return { queued: 1 };
    });
    const now = await service.publish({ id: 1 }, metadata(sector, analyst, 'Out now'), {
      fileName: 'a.pdf',
      bytes: await smallPdf(),
    });
    expect(now.ok && now.data.state).toBe('published');
    const at = new Date(t.clock().getTime() + HOUR_MS).toISOString();
    const later = await service.publish({ id: 1 }, metadata(sector, analyst, 'Out later', at), {
      fileName: 'b.pdf',
      bytes: await smallPdf(),
    });
    expect(later.ok && later.data.state).toBe('scheduled');
    const nowId = now.ok ? now.data.id : 0;
    const laterId = later.ok ? later.data.id : 0;
    expect(queued).toEqual([nowId]);
    t.clock.advance(HOUR_MS);
    expect(await service.publishDue()).toEqual([laterId]);
    expect(queued).toEqual([nowId, laterId]);
    expect(await service.publishDue()).toEqual([]);
    expect(queued).toEqual([nowId, laterId]);
  });
});

/**
 * Two processes claiming due scheduled reports at once (ARCHITECTURE 6: time-bound work is claimed in the
 * database): every report is published and alerted exactly once. On PostgreSQL only (PGlite has one connection,
 * so nothing would race there); each service's transactions take their own connection of the pool.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('scheduled publishing race on PostgreSQL', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-publishing-race-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('two claimers, 20 rounds of 30 due reports: each published once, its alerts queued once', async () => {
    const f = await catalogueFixtures(t.db);
    const sector = await f.sector('Metals');
    const analyst = await f.analyst('Rory Race', { sectorIds: [sector] });
    const readers = await Promise.all([f.user('r1@race.test'), f.user('r2@race.test')]);
    for (const reader of readers) await f.subscribe(reader, [sector]);
    const calls = new Map<number, number>();
    const real = t.app.services.publishAlerts;
    const claimer = () =>
      createPublishingService({
        db: t.db,
        clock: t.clock,
        log: silentLog,
        storage: t.storage,
        changes: t.app.services.changes,
        alerts: {
          queue: async (tx, id) => {
            calls.set(id, (calls.get(id) ?? 0) + 1);
            return real.queue(tx, id);
          },
        },
      });
    const [one, two] = [claimer(), claimer()];
    const pdf = await smallPdf();
    for (let round = 0; round < 20; round++) {
      const at = new Date(t.clock().getTime() + HOUR_MS).toISOString();
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) {
        const outcome = await one.publish({ id: 1 }, metadata(sector, analyst, `Race ${round}.${i}`, at), {
          fileName: 'r.pdf',
          bytes: pdf,
        });
        if (!outcome.ok) throw new Error(outcome.message);
        ids.push(outcome.data.id);
      }
      t.clock.advance(HOUR_MS + 1000);
      const [a, b] = await Promise.all([one.publishDue(), two.publishDue()]);
      expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      for (const id of ids) expect(calls.get(id)).toBe(1);
      const states = await t.db
        .select({ state: reports.state })
        .from(reports)
        .where(sql`${reports.id} = any(${`{${ids.join(',')}}`}::int[])`);
      expect(states.every((row) => row.state === 'published')).toBe(true);
    }
    // each reader has one alert per report
    for (const reader of readers) {
      const alerts = await t.db.select().from(reportAlerts).where(eq(reportAlerts.userId, reader));
      expect(alerts).toHaveLength(600);
    }
  }, 300_000);
});
