import { matrixConstants, tokenLifetimes } from '@portal/contract';
import type { Executor } from '../../db/client.ts';
import { issuePersonLinks } from '../persons/person-links.repository.ts';
import { findPersonsSuppressingListMail } from '../persons/persons.repository.ts';
import type { Clock } from '../runtime.ts';
import type { MailEnvelope } from './outbox.repository.ts';
import type { Outbox } from './outbox.service.ts';
import type { MailContent } from './templates.ts';

/** The links a list mail carries, built into its footer by the caller's template (templates.ts `listMail`). */
export interface ListMailLinks {
  /** the visible footer link: the unsubscribe page, which redeems the token */
  unsubscribeUrl: string;
  /** RFC 8058: what a mail client POSTs for its own unsubscribe button */
  oneClickUrl: string;
  /** the reader's preference page, opened without signing in (a reusable link of its own) */
  preferencesUrl: string;
}

/** One list mail: to a person's address, its content built from the links the list adds. */
export interface ListMailInput {
  personId: number;
  to: string;
  content: (links: ListMailLinks) => MailContent;
  envelope?: MailEnvelope;
}

/**
 * The one way every list mail to a reader goes out (notifications, publish alerts; CONNECT's meeting and booking
 * mails and their reminders are not list mail: they are about a registration or booking the reader made, sent as
 * account mail with their invitation), so that none can forget the rules: nothing to a person whose
 * psnRWSuppressEmails is '1', and each mail carries a reusable unsubscribe link of its own (90 days) in its footer
 * and in List-Unsubscribe / List-Unsubscribe-Post. Account mails (verification, reset...) do not come here.
 * `enqueueMany` queues any number at once with a few multi-row statements (publish alerts to thousands of
 * readers); `enqueue` is the same path for one mail.
 */
export const createListMail = (deps: {
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
  firmEmail: string;
}) => {
  /** The ones of these recipients list mail may reach (their person does not suppress it), in their order. */
  const reachable = async <T extends { personId: number }>(db: Executor, recipients: readonly T[]) => {
    const suppressed = await findPersonsSuppressingListMail(
      db,
      recipients.map((r) => r.personId),
    );
    return recipients.filter((r) => !suppressed.has(r.personId));
  };

  /**
   * Queues list mails in the caller's transaction; answers, in the order given, each mail's outbox id and content,
   * or null for a person who suppresses list mail.
   */
  const enqueueMany = async (
    db: Executor,
    mails: readonly ListMailInput[],
  ): Promise<({ id: number; mail: MailContent } | null)[]> => {
    const sending = await reachable(db, mails);
    const now = deps.clock();
    const link = (personId: number, purpose: 'unsubscribe' | 'preferences') => ({
      personId,
      purpose,
      productId: matrixConstants.mailListProductId,
      singleUse: false,
      lifetimeSeconds: tokenLifetimes.listMailLinkSeconds,
      now,
    });
    // two reusable links per mail: [unsubscribe, preferences] of the first mail, then of the second...
    const tokens = await issuePersonLinks(
      db,
      sending.flatMap((mail) => [link(mail.personId, 'unsubscribe'), link(mail.personId, 'preferences')]),
    );
    const outgoing = sending.map((mail, i) => {
      const query = `token=${encodeURIComponent(tokens[2 * i]!)}`;
      const links: ListMailLinks = {
        unsubscribeUrl: `${deps.publicUrl}/unsubscribe/${matrixConstants.mailListProductId}?${query}`,
        oneClickUrl: `${deps.publicUrl}/api/unsubscribe/oneClick?${query}`,
        preferencesUrl: `${deps.publicUrl}/subscriptionPreference/home?token=${encodeURIComponent(tokens[2 * i + 1]!)}`,
      };
      const envelope = mail.envelope ?? {};
      return {
        to: mail.to,
        mail: mail.content(links),
        links: [links.unsubscribeUrl],
        envelope: {
          ...envelope,
          headers: {
            ...envelope.headers,
            'List-Unsubscribe': `<${links.oneClickUrl}>, <mailto:${deps.firmEmail}?subject=unsubscribe>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
      };
    });
    const ids = await deps.outbox.enqueueMany(db, outgoing);
    const queued = new Map(sending.map((mail, i) => [mail, { id: ids[i]!, mail: outgoing[i]!.mail }]));
    return mails.map((mail) => queued.get(mail) ?? null);
  };

  return {
    reachable,
    enqueueMany,
    /** One list mail: its outbox id and the mail as queued, or null when the person is suppressed. */
    async enqueue(db: Executor, mail: ListMailInput) {
      return (await enqueueMany(db, [mail]))[0] ?? null;
    },
  };
};

export type ListMail = ReturnType<typeof createListMail>;
