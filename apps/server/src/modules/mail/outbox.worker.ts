import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { OutboxMail } from '../../db/schema/index.ts';
import type { Clock, Log } from '../runtime.ts';
import { claimDueMail, markMailFailed, markMailsSent } from './outbox.repository.ts';

// Mails claimed per pass, sent side by side over a pool of SMTP connections (each connection sends one at a time).
const BATCH_SIZE = 50;
const SMTP_CONNECTIONS = 5;
const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 60_000;
// Longer than a whole pass can take when every send runs into the SMTP timeouts (the batch's mails queue for the
// pool's connections), so a lease never runs out while a send of it is still in flight: about 16 minutes.
const LEASE_MS =
  Math.ceil(BATCH_SIZE / SMTP_CONNECTIONS) *
    (CONNECTION_TIMEOUT_MS + GREETING_TIMEOUT_MS + SOCKET_TIMEOUT_MS) +
  60_000;
const BACKOFF_BASE_MS = 5000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** Delay before the next attempt after `attempts` failures: 10 s, 20 s, 40 s ... capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(2 ** attempts * BACKOFF_BASE_MS, BACKOFF_MAX_MS);

export interface MailSender {
  send(mail: OutboxMail): Promise<void>;
  close(): void;
}

export const smtpSender = (smtpUrl: string, from: string): MailSender => {
  // Pooled: connections stay open between mails (a connection per mail capped delivery at a few dozen a second).
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 500,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
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
 * Delivers the outbox. `deliverDue` does one pass (tests call it directly with their own clock): it claims up to
 * BATCH_SIZE due mails (SKIP LOCKED: several workers and processes share the table, each mail claimed by one) and
 * sends them side by side, marking each sent or failed as soon as its send ends. `start` repeats it at once while
 * passes come back full and every `pollMs` otherwise, until `stop`. Failed mail is retried with back-off, never
 * dropped.
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
    // Sent mail is marked as soon as possible, the sends that ended while the previous mark ran together in one
    // statement (one at a time): a process that dies between a send and its mark sends that mail again after the
    // lease, as before, and at 200 mails a second the database sees a handful of updates, not 200.
    const delivered: number[] = [];
    let marking: Promise<void> = Promise.resolve();
    const markDelivered = () => {
      marking = marking.then(async () => {
        const ids = delivered.splice(0);
        if (ids.length === 0) return;
        try {
          await markMailsSent(db, ids, clock());
        } catch (error) {
          // the database is gone: these mails keep their lease and are taken over (sent again) when it runs out
          log.error({ mailIds: ids, error: String(error) }, 'Delivered mail could not be marked sent');
        }
      });
    };
    const deliverOne = async (mail: OutboxMail) => {
      try {
        await sender.send(mail);
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
        return;
      }
      delivered.push(mail.id);
      markDelivered();
      result.sent += 1;
    };
    const outcomes = await Promise.allSettled(batch.map(deliverOne));
    await marking;
    for (const outcome of outcomes) {
      // marking a failure failed (database gone): the mail keeps its lease and is taken over when it runs out
      if (outcome.status === 'rejected')
        log.error({ error: String(outcome.reason) }, 'Failed mail could not be marked');
    }
    return result;
  };

  const tick = async () => {
    let full = false;
    try {
      const { sent, failed } = await deliverDue();
      // a full batch: more mail is probably due, take it now rather than after the poll interval
      full = sent + failed >= BATCH_SIZE;
    } catch (error) {
      log.error({ error: error instanceof Error ? error.message : String(error) }, 'Outbox pass failed');
    }
    if (!stopped) timer = setTimeout(schedule, full ? 0 : deps.pollMs);
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
