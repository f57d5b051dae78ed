import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { OutboxMail } from '../../db/schema/index.ts';
import type { Clock, Log } from '../runtime.ts';
import { claimDueMail, markMailFailed, markMailSent } from './outbox.repository.ts';

const BATCH_SIZE = 20;
// Longer than the SMTP timeouts below, so a lease never runs out while its send is still in flight.
const LEASE_MS = 2 * 60 * 1000;
const BACKOFF_BASE_MS = 5000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** Delay before the next attempt after `attempts` failures: 10 s, 20 s, 40 s ... capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(2 ** attempts * BACKOFF_BASE_MS, BACKOFF_MAX_MS);

export interface MailSender {
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

export const smtpSender = (smtpUrl: string, from: string): MailSender => {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        cc: mail.cc.length > 0 ? mail.cc : undefined,
        bcc: mail.bcc.length > 0 ? mail.bcc : undefined,
        headers: mail.headers,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Outlook and Google Calendar read the text/calendar alternative as an invitation (with its METHOD).
        icalEvent: mail.calendar
          ? { method: mail.calendar.method, content: mail.calendar.content, filename: 'invite.ics' }
          : undefined,
      });
    },
    close: () => transport.close(),
  };
};

/**
 * Delivers the outbox. `deliverDue` does one pass (tests call it directly with their own clock);
 * `start` repeats it every `pollMs` until `stop`. Failed mail is retried with back-off, never dropped.
 */
export const createOutboxWorker = (deps: {
  db: Db;
  sender: MailSender | null;
  clock: Clock;
  log: Log;
  pollMs: number;
}) => {
  const { db, sender, clock, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  const deliverDue = async () => {
    const result = { sent: 0, failed: 0 };
    if (!sender) return result;
    const now = clock();
    const batch = await claimDueMail(db, now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
    for (const mail of batch) {
      try {
        await sender.send(mail);
        await markMailSent(db, mail.id, clock());
        result.sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const nextAttemptAt = new Date(clock().getTime() + backoffMs(attempts));
        await markMailFailed(db, mail.id, attempts, message, nextAttemptAt);
        log.warn(
          { mailId: mail.id, attempts, nextAttemptAt, error: message },
          'Mail delivery failed; will retry',
        );
        result.failed += 1;
      }
    }
    return result;
  };

  const tick = async () => {
    try {
      await deliverDue();
    } catch (error) {
      log.error({ error: error instanceof Error ? error.message : String(error) }, 'Outbox pass failed');
    }
    if (!stopped) timer = setTimeout(schedule, deps.pollMs);
  };
  const schedule = () => {
    running = tick();
  };

  return {
    deliverDue,
    start() {
      if (!stopped) return;
      stopped = false;
      if (!sender) log.warn({}, 'SMTP_URL is not set: mail stays in the outbox until it is configured');
      schedule();
    },
    /** Stops polling and waits for the pass in flight, so shutdown never cuts a send in half. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender?.close();
    },
  };
};

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
