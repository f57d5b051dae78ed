import type { Executor } from '../../db/client.ts';
import type { Clock, Log } from '../runtime.ts';
import { insertMails, type MailEnvelope, type NewMail } from './outbox.repository.ts';
import type { MailContent } from './templates.ts';

/** A mail to queue and the links it carries (logged when SMTP is not configured). */
export interface OutgoingMail extends NewMail {
  links: readonly string[];
}

/**
 * Mail is never sent inside a request: it is written to the outbox (in the caller's transaction when
 * given one) and the worker delivers it. Without SMTP the links are logged so a demo still works.
 */
export const createOutbox = (deps: { clock: Clock; log: Log; smtpConfigured: boolean }) => {
  /** Queues many mails with multi-row inserts (publish alerts to thousands of readers); ids in the order given. */
  const enqueueMany = async (db: Executor, mails: readonly OutgoingMail[]) => {
    const ids = await insertMails(db, mails, deps.clock());
    if (!deps.smtpConfigured) {
      mails.forEach(({ to, mail, envelope, links }, i) => {
        // kind: the plain-text log shows this entry as a block of its own (logger.ts), not a line among many.
        deps.log.info(
          { kind: 'mail-links', mailId: ids[i], to, cc: envelope?.cc, subject: mail.subject, links },
          'Mail kept in the outbox (SMTP_URL is not set); its links are logged here',
        );
      });
    }
    return ids;
  };
  return {
    enqueueMany,
    async enqueue(db: Executor, to: string, mail: MailContent, links: string[], envelope: MailEnvelope = {}) {
      return (await enqueueMany(db, [{ to, mail, envelope, links }]))[0]!;
    },
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
