import type { Executor } from '../../db/client.ts';
import type { Clock, Log } from '../runtime.ts';
import { insertMail, type MailEnvelope } from './outbox.repository.ts';
import type { MailContent } from './templates.ts';

/**
 * Mail is never sent inside a request: it is written to the outbox (in the caller's transaction when
 * given one) and the worker delivers it. Without SMTP the links are logged so a demo still works.
 */
export const createOutbox = (deps: { clock: Clock; log: Log; smtpConfigured: boolean }) => ({
  async enqueue(db: Executor, to: string, mail: MailContent, links: string[], envelope: MailEnvelope = {}) {
    const id = await insertMail(db, to, mail, deps.clock(), envelope);
    if (!deps.smtpConfigured) {
      // kind: the plain-text log shows this entry as a block of its own (logger.ts), not a line among many.
      deps.log.info(
        { kind: 'mail-links', mailId: id, to, cc: envelope.cc, subject: mail.subject, links },
        'Mail kept in the outbox (SMTP_URL is not set); its links are logged here',
      );
    }
    return id;
  },
});

export type Outbox = ReturnType<typeof createOutbox>;
