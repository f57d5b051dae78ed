import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client.ts';
import { emailOutbox, type MailCalendar } from '../../db/schema/index.ts';
import type { MailContent } from './templates.ts';

/** Copies and extra headers of a mail (issue 12: account managers copied, List-Unsubscribe on list mail). */
export interface MailEnvelope {
  cc?: readonly string[];
  bcc?: readonly string[];
  headers?: Readonly<Record<string, string>>;
  /** an iCalendar invitation (issue 15), sent as the mail's text/calendar alternative */
  calendar?: MailCalendar;
}

/** One mail to queue: its recipient, content and envelope. */
export interface NewMail {
  to: string;
  mail: MailContent;
  envelope?: MailEnvelope;
}

// Mails per insert statement (one JSON parameter each, a few MB of mail text).
const MAILS_PER_INSERT = 2000;

/**
 * Queues many mails, one statement per 2,000 (their rows as one JSON parameter: a multi-row VALUES of that size
 * costs more to build and bind than to insert); answers their outbox ids in the order given. The rows are inserted
 * in the order of the JSON array (`with ordinality`), so their identity ids increase in that order (other
 * sessions' inserts may take numbers in between, never swap two of ours): the ids are sorted rather than trusting
 * the order of RETURNING.
 */
export const insertMails = async (db: Executor, mails: readonly NewMail[], now: Date) => {
  const ids: number[] = [];
  const at = now.toISOString();
  for (let from = 0; from < mails.length; from += MAILS_PER_INSERT) {
    const rows = mails.slice(from, from + MAILS_PER_INSERT).map(({ to, mail, envelope = {} }) => ({
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      cc: [...(envelope.cc ?? [])],
      bcc: [...(envelope.bcc ?? [])],
      headers: { ...(envelope.headers ?? {}) },
      calendar: envelope.calendar ?? null,
    }));
    const inserted = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into email_outbox
          ("to", subject, text, html, cc, bcc, headers, calendar, status, attempts, next_attempt_at, created_at)
        select v."to", v.subject, v.text, v.html, v.cc, v.bcc, v.headers, v.calendar, 'pending', 0,
          ${at}::timestamptz, ${at}::timestamptz
        from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as ("to" text, subject text,
          text text, html text, cc text[], bcc text[], headers jsonb, calendar jsonb))
          with ordinality as v("to", subject, text, html, cc, bcc, headers, calendar, ord)
        order by v.ord
        returning id`),
    );
    if (inserted.length !== rows.length) throw new Error('Mail was not queued');
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
};

export const insertMail = async (
  db: Executor,
  to: string,
  mail: MailContent,
  now: Date,
  envelope: MailEnvelope = {},
) => (await insertMails(db, [{ to, mail, envelope }], now))[0]!;

/**
 * Leases due mail to this worker: pending mail whose time has come, and mail whose previous lease ran out
 * (a worker died mid-send). SKIP LOCKED lets several workers share the table.
 */
export const claimDueMail = (db: Executor, now: Date, leaseUntil: Date, limit: number) => {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      or(
        and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
        and(
          eq(emailOutbox.status, 'sending'),
          isNotNull(emailOutbox.lockedUntil),
          lt(emailOutbox.lockedUntil, now),
        ),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', lockedUntil: leaseUntil })
    .where(inArray(emailOutbox.id, due))
    .returning();
};

/** Marks delivered mail, any number in one statement (the worker marks the sends that ended meanwhile together). */
export const markMailsSent = (db: Executor, ids: readonly number[], now: Date) =>
  db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(inArray(emailOutbox.id, [...ids]));

export const markMailFailed = (
  db: Executor,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: Date,
) =>
  db
    .update(emailOutbox)
    .set({ status: 'pending', attempts, lastError: error.slice(0, 1000), nextAttemptAt, lockedUntil: null })
    .where(eq(emailOutbox.id, id));
