import { mailMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema/index.ts';
import { TestClient } from '../../test/client.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestApp, silentLog, type TestApp } from '../../test/test-app.ts';
import { createOutbox } from './outbox.service.ts';
import { backoffMs, createOutboxWorker, smtpSender } from './outbox.worker.ts';
import { resetMail } from './templates.ts';

interface Received {
  to: string[];
  raw: string;
}

const startSmtp = (port: number, received: Received[]) =>
  new Promise<SMTPServer>((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('e-mail outbox', () => {
  let t: TestApp;
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await t?.close();
  });

  const worker = () =>
    createOutboxWorker({
      db: t.db,
      sender: smtpSender(t.config.smtpUrl!, t.config.mailFrom),
      clock: t.clock,
      log: silentLog,
      pollMs: 60_000,
    });
  const rows = () => t.db.select().from(emailOutbox).orderBy(emailOutbox.id);

  it('keeps mail while SMTP is down and delivers it exactly once after it returns', async () => {
    const browser = await new TestClient(t.app).start();
    await browser.post('/api/users/forgotPassword', { email: 'client@demo.test' });
    const [queued] = await rows();
    expect(queued).toMatchObject({ to: 'client@demo.test', status: 'pending', attempts: 0 });

    // Nothing listens on the port: the attempt fails and the mail waits with back-off.
    const mailer = worker();
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBe(t.clock().getTime() + backoffMs(1));

    // Not due yet: a second pass leaves it alone, even with the server back.
    smtp = await startSmtp(port, received);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(0);

    t.clock.advance(backoffMs(1));
    const deliveredAt = t.clock();
    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await mailer.stop();

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['client@demo.test']);
    expect(received[0]!.raw).toContain(`Subject: ${mailMessages.resetSubject}`);
    expect(received[0]!.raw).toContain('http://portal.test/resetpassword?p=');
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent!.sentAt).toEqual(deliveredAt);
  });

  it('takes over mail whose sending lease ran out (a worker died mid-send)', async () => {
    const outbox = createOutbox({ clock: t.clock, log: silentLog, smtpConfigured: true });
    const id = await outbox.enqueue(
      t.db,
      'npi@demo.test',
      resetMail(t.config.firm, { name: 'N', url: 'x' }),
      [],
    );
    const lockedUntil = new Date(t.clock().getTime() + 60_000);
    await t.db.update(emailOutbox).set({ status: 'sending', lockedUntil }).where(eq(emailOutbox.id, id));
    const mailer = worker();
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(60_001);
    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0 });
    await mailer.stop();
    expect(received.map((r) => r.to[0])).toEqual(['client@demo.test', 'npi@demo.test']);
  });

  it('delivers a large outbox exactly once with two workers sharing it, without waiting between full passes', async () => {
    const outbox = createOutbox({ clock: t.clock, log: silentLog, smtpConfigured: true });
    const count = 230;
    const recipients = Array.from({ length: count }, (_, i) => `bulk${i}@outbox.test`);
    await outbox.enqueueMany(
      t.db,
      recipients.map((to) => ({ to, mail: resetMail(t.config.firm, { name: to, url: 'x' }), links: [] })),
    );
    const before = received.length;
    // Two workers (two processes) polling only once a minute: full passes follow each other at once.
    const [one, two] = [worker(), worker()];
    one.start();
    two.start();
    const deadline = Date.now() + 30_000;
    while (received.length - before < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all([one.stop(), two.stop()]);
    const bulk = received.slice(before).map((r) => r.to[0]);
    expect(bulk).toHaveLength(count);
    expect(new Set(bulk)).toEqual(new Set(recipients));
    const unsent = (await rows()).filter((r) => r.to.startsWith('bulk') && r.status !== 'sent');
    expect(unsent).toEqual([]);
  });

  it('backs off exponentially up to one hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([10_000, 20_000, 40_000]);
    expect(backoffMs(20)).toBe(60 * 60 * 1000);
  });

  it('logs the links of mail kept in the outbox when SMTP is not configured', async () => {
    const log = { ...silentLog, info: vi.fn() };
    const outbox = createOutbox({ clock: t.clock, log, smtpConfigured: false });
    const url = 'http://portal.test/verify?token=abc';
    await outbox.enqueue(t.db, 'someone@firm.example', resetMail(t.config.firm, { name: 'S', url }), [url]);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'someone@firm.example',
        subject: mailMessages.resetSubject,
        links: [url],
      }),
      expect.any(String),
    );
  });

  it('leaves mail pending when no sender is configured', async () => {
    const before = (await rows()).filter((r) => r.status === 'pending').length;
    const mailer = createOutboxWorker({
      db: t.db,
      sender: null,
      clock: t.clock,
      log: silentLog,
      pollMs: 1000,
    });
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect((await rows()).filter((r) => r.status === 'pending')).toHaveLength(before);
  });
});
