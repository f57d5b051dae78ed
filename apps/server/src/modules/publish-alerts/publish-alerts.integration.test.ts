import { mailMessages, matrixConstants, publishAlertMessages, subscriptionMessages } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import {
  emailOutbox,
  matrixItems,
  personFieldValues,
  reportAccessKeys,
  reportAlerts,
  reports,
  throttles,
  users,
} from '../../db/schema/index.ts';
import { catalogueFixtures } from '../../test/catalogue-fixtures.ts';
import { TestClient } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { writeEntries } from '../persons/matrix.repository.ts';

// Publish alerts (issue 23): exactly the readers of the report's sectors (directly or through a product), once
// each however often `queue` runs, as list mail with a personal access-key link that opens the report.

const PRODUCT_ID = 9_880_001;
const title = 'Foundry capacity: the 2031 squeeze';
const summary =
  'Leading-edge capacity runs short in 2031.\n\nWe raise our capex estimates for three foundries.';

interface Reader {
  id: number;
  personId: number;
  email: string;
}

describe('publish alerts', () => {
  let t: TestApp;
  let semis: number;
  let memory: number;
  let banks: number;
  let reportId: number;
  let f: Awaited<ReturnType<typeof catalogueFixtures>>;
  let lead: number;
  const r = {} as Record<
    | 'sector'
    | 'product'
    | 'both'
    | 'linkedSector'
    | 'otherSector'
    | 'requester'
    | 'suppressed'
    | 'deactivated'
    | 'unverified'
    | 'removed'
    | 'oneClicker',
    Reader
  >;

  const addReader = async (
    name: string,
    state: { verified?: boolean; activated?: boolean; hidden?: boolean; type?: 'admin' | 'client' } = {},
  ): Promise<Reader> => {
    const now = t.clock();
    const email = `${name.toLowerCase()}@alerts.test`;
    const [row] = await t.db
      .insert(users)
      .values({
        email,
        firstName: name,
        lastName: 'Reader',
        passwordHash: 'not-a-password',
        type: state.type ?? 'client',
        emailVerifiedAt: state.verified === false ? null : now,
        activatedAt: state.activated === false ? null : now,
        hidden: state.hidden ?? false,
        createdAt: now,
      })
      .returning({ id: users.id, personId: users.personId });
    return { id: row!.id, personId: row!.personId!, email };
  };

  const queue = (id = reportId) => t.db.transaction((tx) => t.app.services.publishAlerts.queue(tx, id));
  const alertMails = (id = reportId) =>
    t.db
      .select({ mail: emailOutbox, userId: reportAlerts.userId })
      .from(reportAlerts)
      .innerJoin(emailOutbox, eq(emailOutbox.id, reportAlerts.outboxId))
      .where(eq(reportAlerts.reportId, id))
      .orderBy(reportAlerts.userId);
  const alertRows = (id = reportId) =>
    t.db.select().from(reportAlerts).where(eq(reportAlerts.reportId, id)).orderBy(reportAlerts.userId);
  const outboxCount = async () => (await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length;
  const rfsLink = (text: string) => {
    const match = text.match(/http:\/\/portal\.test(\/rfs\.htm\?\S+)/);
    if (!match?.[1]) throw new Error('no rfs link in the alert');
    return { path: match[1], key: new URL(match[1], 'http://portal.test').searchParams.get('a')! };
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await catalogueFixtures(t.db);
    semis = await f.sector('Semiconductors');
    memory = await f.sector('Memory');
    banks = await f.sector('Banks');
    // A product (a parent item of the matrix) containing the Memory sector.
    await t.db.insert(matrixItems).values({ id: PRODUCT_ID, name: 'Asia Tech Pack' });
    await t.db.update(matrixItems).set({ parentId: PRODUCT_ID }).where(eq(matrixItems.id, memory));
    lead = await f.analyst('Mei Tanaka');
    const second = await f.analyst('Arjun Rao');
    reportId = await f.report({
      title,
      description: summary,
      publishedAt: '2030-01-15T08:00:00Z',
      sectorId: semis,
      sectorIds: [memory],
      analystIds: [lead, second],
    });

    r.sector = await addReader('Sector');
    await f.subscribe(r.sector.id, [semis]);
    r.product = await addReader('Product');
    await f.subscribe(r.product.id, [PRODUCT_ID]);
    r.both = await addReader('Both');
    await f.subscribe(r.both.id, [semis, PRODUCT_ID, memory]);
    r.linkedSector = await addReader('Linked');
    await f.subscribe(r.linkedSector.id, [memory]);
    r.otherSector = await addReader('Other');
    await f.subscribe(r.otherSector.id, [banks]);
    r.requester = await addReader('Requester');
    await writeEntries(t.db, r.requester.personId, {
      upsert: [{ itemId: semis, statusId: matrixConstants.requestZ }],
      remove: [],
      byUserId: null,
      at: t.clock(),
    });
    r.suppressed = await addReader('Suppressed');
    await f.subscribe(r.suppressed.id, [semis]);
    await t.db.insert(personFieldValues).values({
      personId: r.suppressed.personId,
      fieldName: matrixConstants.suppressEmailsField,
      value: '1',
      updatedAt: t.clock(),
    });
    r.deactivated = await addReader('Deactivated', { activated: false });
    await f.subscribe(r.deactivated.id, [semis]);
    r.unverified = await addReader('Unverified', { verified: false });
    await f.subscribe(r.unverified.id, [semis]);
    r.removed = await addReader('Removed', { hidden: true });
    await f.subscribe(r.removed.id, [semis]);
    r.oneClicker = await addReader('OneClicker');
    await f.subscribe(r.oneClicker.id, [memory]);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(throttles);
  });

  it('mails exactly the subscribers of its sectors and of products containing them, once each', async () => {
    const before = await outboxCount();
    expect(await queue()).toEqual({ queued: 5 });
    const mailed = [r.sector, r.product, r.both, r.linkedSector, r.oneClicker];
    expect((await alertMails()).map((m) => m.mail.to)).toEqual(mailed.map((reader) => reader.email));
    expect(await outboxCount()).toBe(before + 5);
    // The suppressed reader's alert is decided (so a retry does not come back to it) but no mail was queued.
    const rows = await alertRows();
    expect(rows.map((row) => row.userId)).toEqual(
      [...mailed, r.suppressed].map((x) => x.id).sort((a, b) => a - b),
    );
    expect(rows.find((row) => row.userId === r.suppressed.id)!.outboxId).toBeNull();
    const [report] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(report!.alertsQueuedAt).toEqual(t.clock());

    // Publishing retried: nobody twice; alerts_queued_at keeps the first time.
    t.clock.advance(60_000);
    expect(await queue()).toEqual({ queued: 0 });
    expect(await outboxCount()).toBe(before + 5);
    const [again] = await t.db.select().from(reports).where(eq(reports.id, reportId));
    expect(again!.alertsQueuedAt).toEqual(report!.alertsQueuedAt);

    // A reader who subscribes later gets theirs on the next call, and only they do.
    const late = await addReader('Late');
    await t.db.transaction(async (tx) => {
      await writeEntries(tx, late.personId, {
        upsert: [{ itemId: semis, statusId: matrixConstants.subscriberZ }],
        remove: [],
        byUserId: null,
        at: t.clock(),
      });
    });
    expect(await queue()).toEqual({ queued: 1 });
    expect((await alertMails()).map((m) => m.mail.to)).toContain(late.email);
    expect(await outboxCount()).toBe(before + 6);
  });

  it('writes the title, summary, analysts and a personal link that opens the report', async () => {
    const [alert] = (await alertMails()).filter((m) => m.userId === r.sector.id);
    const mail = alert!.mail;
    expect(mail.subject).toBe(publishAlertMessages.subject(title));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Leading-edge capacity runs short in 2031.');
      expect(part).toContain('We raise our capex estimates for three foundries.');
      expect(part).toContain('Mei Tanaka, Arjun Rao');
      expect(part).toContain(subscriptionMessages.mail.unsubscribeFooter);
      expect(part).toContain('http://portal.test/subscriptionPreference/home?token=');
    }
    expect(mail.text).toContain(`"${title}"`);
    expect(mail.text).toContain('Dear Sector Reader,');
    expect(mail.text).toMatch(/http:\/\/portal\.test\/unsubscribe\/0\?token=[\w-]+/);

    // The key is the reader's own, stored as a hash only.
    const { path: link, key } = rfsLink(mail.text);
    const keys = await t.db.select().from(reportAccessKeys).where(eq(reportAccessKeys.reportId, reportId));
    expect(keys).toHaveLength(6);
    expect(keys.find((k) => k.userId === r.sector.id)).toMatchObject({ recipientEmail: r.sector.email });
    expect(JSON.stringify(keys)).not.toContain(key);
    expect(new Set(keys.map((k) => k.keyHash)).size).toBe(6);

    // Opened on a new device: the device is verified through the mailbox, then the report opens.
    const device = await new TestClient(t.app).start();
    expect((await device.get(`/api/report?accessKey=${encodeURIComponent(key)}`)).statusCode).toBe(403);
    const asked = await device.post('/api/getCookie', { email: r.sector.email, link });
    expect(asked.statusCode, asked.body).toBe(200);
    const [check] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.to, r.sector.email), eq(emailOutbox.subject, mailMessages.deviceVerifySubject)),
      );
    const token = decodeURIComponent(check!.text.match(/verifyCookieEmail\?token=([\w%-]+)/)![1]!);
    expect((await device.post('/api/verifyCookieEmail', { token })).json().success).toBe(true);
    const opened = await device.get(`/api/report?accessKey=${encodeURIComponent(key)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.report.id).toBe(reportId);
    // Another reader's device is not this reader's.
    const stranger = await new TestClient(t.app).start();
    expect((await stranger.get(`/api/report?accessKey=${encodeURIComponent(key)}`)).statusCode).toBe(403);
  });

  it('carries the one-click unsubscribe headers, and a reader who used them gets no more alerts', async () => {
    const [alert] = (await alertMails()).filter((m) => m.userId === r.oneClicker.id);
    const headers = alert!.mail.headers;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // research mail: the publication type header of sWebEmlHdPubType, as the e-mailed links carry it
    expect(headers['X-Publication-Type']).toBe('Research Update');
    const oneClick =
      /^<(http:\/\/portal\.test\/api\/unsubscribe\/oneClick\?token=[\w-]+)>, <mailto:[^>]+>$/.exec(
        headers['List-Unsubscribe']!,
      );
    expect(oneClick).not.toBeNull();
    const clicked = await t.app.inject({
      method: 'POST',
      url: oneClick![1]!.replace('http://portal.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);

    // The next report of Memory: its readers but the one who unsubscribed (and the late reader of Semiconductors).
    const [next] = await t.db
      .insert(reports)
      .values({
        title: 'Memory pricing turns',
        description: 'DRAM contract prices rise again.',
        publishedAt: t.clock(),
        fileType: 'pdf',
        filePath: 'reports/memory.pdf',
        accessKey: 'alerts-memory-next',
        sectorId: memory,
      })
      .returning({ id: reports.id });
    expect(await queue(next!.id)).toEqual({ queued: 3 });
    expect((await alertMails(next!.id)).map((m) => m.userId)).toEqual([
      r.product.id,
      r.both.id,
      r.linkedSector.id,
    ]);
  });

  it('alerts nobody for a report that is not published, or does not exist', async () => {
    const [scheduled] = await t.db
      .insert(reports)
      .values({
        title: 'Not yet',
        publishedAt: new Date(t.clock().getTime() + 86_400_000),
        fileType: 'pdf',
        filePath: 'reports/later.pdf',
        accessKey: 'alerts-scheduled',
        sectorId: semis,
        state: 'scheduled',
      })
      .returning({ id: reports.id });
    const before = await outboxCount();
    expect(await queue(scheduled!.id)).toEqual({ queued: 0 });
    await t.db.update(reports).set({ state: 'withdrawn' }).where(eq(reports.id, scheduled!.id));
    expect(await queue(scheduled!.id)).toEqual({ queued: 0 });
    expect(await queue(999_999)).toEqual({ queued: 0 });
    expect(await alertRows(scheduled!.id)).toEqual([]);
    expect(await outboxCount()).toBe(before);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, scheduled!.id));
    expect(row!.alertsQueuedAt).toBeNull();
  });

  it('rolls back with the caller: nothing is left of an alert whose transaction failed', async () => {
    const [fresh] = await t.db
      .insert(reports)
      .values({
        title: 'Rolled back',
        publishedAt: t.clock(),
        fileType: 'pdf',
        filePath: 'reports/rolled.pdf',
        accessKey: 'alerts-rolled-back',
        sectorId: semis,
      })
      .returning({ id: reports.id });
    const before = await outboxCount();
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.services.publishAlerts.queue(tx, fresh!.id);
        throw new Error('publish failed after queueing');
      }),
    ).rejects.toThrow('publish failed after queueing');
    expect(await outboxCount()).toBe(before);
    expect(await alertRows(fresh!.id)).toEqual([]);
    expect(await queue(fresh!.id)).toEqual({ queued: 3 });
  });

  it("mails the analysts' followers who may read the report, once each, with the subscribers", async () => {
    const analyst = await f.analyst('Tomas Berg');
    const followerOf = async (name: string, analystId: number, state?: Parameters<typeof addReader>[1]) => {
      const reader = await addReader(name, state);
      expect(await t.app.services.follows.set(reader.id, analystId, true)).toEqual({ following: true });
      return reader;
    };
    const follower = await followerOf('Follower', analyst);
    const pending = await followerOf('PendingFollower', analyst, { activated: false });
    const admin = await followerOf('AdminFollower', analyst, { type: 'admin' });
    const unverified = await followerOf('UnverifiedFollower', analyst, { verified: false });
    const removed = await followerOf('RemovedFollower', analyst, { hidden: true });
    const elsewhere = await followerOf('ElsewhereFollower', lead);
    const gone = await followerOf('GoneFollower', analyst);
    expect(await t.app.services.follows.set(gone.id, analyst, false)).toEqual({ following: false });
    // r.otherSector subscribes to Banks and follows too: one mail.
    expect(await t.app.services.follows.set(r.otherSector.id, analyst, true)).toEqual({ following: true });
    const publish = (title: string, freeAccess: boolean) =>
      f.report({
        title,
        description: 'Loan growth slows.',
        publishedAt: '2030-02-01T08:00:00Z',
        sectorId: banks,
        analystIds: [analyst],
        freeAccess,
      });

    // A free-access report: every verified follower reads it (a pending reader too), and each is told once.
    const free = await publish('Banks: the free note', true);
    expect(await queue(free)).toEqual({ queued: 4 });
    expect((await alertMails(free)).map((m) => m.userId)).toEqual(
      [r.otherSector, follower, pending, admin].map((x) => x.id).sort((a, b) => a - b),
    );
    expect(await queue(free)).toEqual({ queued: 0 });
    for (const reader of [unverified, removed, elsewhere, gone])
      expect((await alertRows(free)).map((row) => row.userId)).not.toContain(reader.id);

    // A subscribers' report: a follower who may not read it is not told of it (the link would open it); an admin is.
    const paid = await publish('Banks: the subscribers note', false);
    expect(await queue(paid)).toEqual({ queued: 2 });
    expect((await alertMails(paid)).map((m) => m.userId)).toEqual(
      [r.otherSector, admin].map((x) => x.id).sort((a, b) => a - b),
    );
  });

  it('keeps only hashes of the list links it issued', async () => {
    const rows = await t.db.execute(sql`select token_hash from person_link_tokens`);
    const [mail] = await alertMails();
    const token = /unsubscribe\/0\?token=([\w-]+)/.exec(mail!.mail.text)![1]!;
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

/**
 * Two processes publishing the same report (a retried publish, the scheduled-publish job on two servers): each
 * reader is mailed once. On PostgreSQL only (PGlite has one connection, so nothing would race there); the app's
 * pool gives each transaction a connection of its own.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('publish alerts racing on PostgreSQL', () => {
  const READERS = 200;
  const ROUNDS = 10;
  let t: TestApp;
  let sector: number;
  let readerIds: number[];

  const newReport = async (name: string) => {
    const [row] = await t.db
      .insert(reports)
      .values({
        title: name,
        publishedAt: t.clock(),
        fileType: 'pdf',
        filePath: `reports/${name}.pdf`,
        accessKey: `race-${name}`,
        sectorId: sector,
      })
      .returning({ id: reports.id });
    return row!.id;
  };
  const queueIn = (reportId: number, afterQueue?: () => Promise<void>) =>
    t.db.transaction(async (tx) => {
      const result = await t.app.services.publishAlerts.queue(tx, reportId);
      await afterQueue?.();
      return result;
    });
  const mailedUsers = async (reportId: number) =>
    (
      await t.db
        .select({ userId: reportAlerts.userId, to: emailOutbox.to })
        .from(reportAlerts)
        .innerJoin(emailOutbox, eq(emailOutbox.id, reportAlerts.outboxId))
        .where(eq(reportAlerts.reportId, reportId))
    ).map((row) => row.userId);
  const outboxTo = async (emails: string[]) =>
    (await t.db.select({ to: emailOutbox.to }).from(emailOutbox)).filter((row) => emails.includes(row.to));

  beforeAll(async () => {
    t = await createTestApp();
    const f = await catalogueFixtures(t.db);
    sector = await f.sector('Race sector');
    const now = t.clock();
    readerIds = (
      await t.db
        .insert(users)
        .values(
          Array.from({ length: READERS }, (_, i) => ({
            email: `racer${i}@alerts.test`,
            firstName: 'Racer',
            lastName: String(i),
            passwordHash: 'not-a-password',
            type: 'client' as const,
            emailVerifiedAt: now,
            activatedAt: now,
            createdAt: now,
          })),
        )
        .returning({ id: users.id })
    ).map((row) => row.id);
    for (const id of readerIds) await f.subscribe(id, [sector]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two calls started together: every reader once, whichever wins, every round', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const reportId = await newReport(`together-${round}`);
      const results = await Promise.all([queueIn(reportId), queueIn(reportId)]);
      expect(results.map((r) => r.queued).sort((a, b) => a - b)).toEqual([0, READERS]);
      const mailed = await mailedUsers(reportId);
      expect(mailed.sort((a, b) => a - b)).toEqual([...readerIds].sort((a, b) => a - b));
    }
  });

  it('the second call waits for the first to commit, then mails nobody', async () => {
    const reportId = await newReport('overlapping');
    let second: Promise<{ queued: number }> | undefined;
    const first = queueIn(reportId, async () => {
      // While the first transaction is open, the second starts and must wait on its lock.
      second = queueIn(reportId);
      for (let i = 0; i < 200; i += 1) {
        const waiting = await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rowsOf<{ n: number }>(waiting)[0]!.n > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the second call never waited on the first');
    });
    expect(await first).toEqual({ queued: READERS });
    expect(await second).toEqual({ queued: 0 });
    expect((await mailedUsers(reportId)).sort((a, b) => a - b)).toEqual([...readerIds].sort((a, b) => a - b));
    const subjects = await outboxTo(['racer0@alerts.test']);
    // one alert per report for this reader: the rounds above and this one
    expect(subjects).toHaveLength(ROUNDS + 1);
  });
});
