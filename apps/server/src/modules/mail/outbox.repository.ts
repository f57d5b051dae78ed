import { and, asc, eq, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

export const insertMail = async (
  db: Executor,
  to: string,
  mail: MailContent,
  now: Date,
  envelope: MailEnvelope = {},
) => {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to,
      ...mail,
      cc: [...(envelope.cc ?? [])],
      bcc: [...(envelope.bcc ?? [])],
      headers: { ...(envelope.headers ?? {}) },
      calendar: envelope.calendar ?? null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
};

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

export const markMailSent = (db: Executor, id: number, now: Date) =>
  db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(eq(emailOutbox.id, id));

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
