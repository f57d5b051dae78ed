import { matrixConstants, tokenLifetimes } from '@portal/contract';
import type { Executor } from '../../db/client.ts';
import { issuePersonLink } from '../persons/person-links.repository.ts';
import { suppressesListMail } from '../persons/persons.repository.ts';
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

/**
 * The one way every list mail to a reader goes out (notifications now, alerts later; CONNECT's meeting and booking mails and their reminders are not list mail:
 * they are about a registration or booking the reader made, sent as account mail with their invitation), so
 * that none can forget the rules: nothing to a person whose psnRWSuppressEmails is '1', and each mail carries a
 * reusable unsubscribe link of its own (90 days) in its footer and in List-Unsubscribe / List-Unsubscribe-Post.
 * Account mails (verification, reset...) do not come here. Answers the outbox id and the mail as queued, or null
 * when the person is suppressed.
 */
export const createListMail = (deps: {
  clock: Clock;
  outbox: Outbox;
  publicUrl: string;
  firmEmail: string;
}) => ({
  async enqueue(
    db: Executor,
    mail: {
      personId: number;
      to: string;
      content: (links: ListMailLinks) => MailContent;
      envelope?: MailEnvelope;
    },
  ) {
    if (await suppressesListMail(db, mail.personId)) return null;
    const token = await issuePersonLink(db, {
      personId: mail.personId,
      purpose: 'unsubscribe',
      productId: matrixConstants.mailListProductId,
      singleUse: false,
      lifetimeSeconds: tokenLifetimes.listMailLinkSeconds,
      now: deps.clock(),
    });
    const preferencesToken = await issuePersonLink(db, {
      personId: mail.personId,
      purpose: 'preferences',
      productId: matrixConstants.mailListProductId,
      singleUse: false,
      lifetimeSeconds: tokenLifetimes.listMailLinkSeconds,
      now: deps.clock(),
    });
    const query = `token=${encodeURIComponent(token)}`;
    const links: ListMailLinks = {
      unsubscribeUrl: `${deps.publicUrl}/unsubscribe/${matrixConstants.mailListProductId}?${query}`,
      oneClickUrl: `${deps.publicUrl}/api/unsubscribe/oneClick?${query}`,
      preferencesUrl: `${deps.publicUrl}/subscriptionPreference/home?token=${encodeURIComponent(preferencesToken)}`,
    };
    const envelope = mail.envelope ?? {};
    const content = mail.content(links);
    const id = await deps.outbox.enqueue(db, mail.to, content, [links.unsubscribeUrl], {
      ...envelope,
      headers: {
        ...envelope.headers,
        'List-Unsubscribe': `<${links.oneClickUrl}>, <mailto:${deps.firmEmail}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return { id, mail: content };
  },
});

export type ListMail = ReturnType<typeof createListMail>;
