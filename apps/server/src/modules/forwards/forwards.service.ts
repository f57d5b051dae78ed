import { adminUsersConstants } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { AccessKeysService } from '../access-keys/access-keys.service.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { type Firm, forwardMail } from '../mail/templates.ts';
import type { OpenDecision } from '../reading/reading.service.ts';
import type { Clock } from '../runtime.ts';
import {
  forwardsUsed,
  giveBackForward,
  insertForward,
  senderFirmDomains,
  takeForward,
} from './forwards.repository.ts';

/** The calendar month a forward counts in: UTC, 'YYYY-MM' (the Terms' "per month"). */
export const forwardMonth = (at: Date) => at.toISOString().slice(0, 7);

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export type ForwardOutcome =
  | { kind: 'sent'; remaining: number; limit: number; accessKeyId: number }
  | { kind: 'toSelf' | 'quotaUsed' | 'unknownReport' | 'notEntitled' | 'noFirm' | 'foreignDomain' };

/**
 * Forward to a colleague (issue 13; the Terms: 5 forwards per user per calendar month). A reader sends a report
 * they may read themselves to one address at their own firm's domains; the colleague gets a personal access key
 * (the e-mailed-link machinery). The forward is counted by one atomic statement before anything else is looked
 * at, and given back when a later step refuses or fails, so no number of parallel requests passes the limit.
 */
export const createForwardsService = (deps: {
  db: Db;
  clock: Clock;
  firm: Firm;
  outbox: Outbox;
  accessKeys: AccessKeysService;
  viewer: OpenDecision;
  limit?: number;
}) => {
  const { db, clock } = deps;
  const limit = deps.limit ?? adminUsersConstants.forwardsPerMonth;

  /** The refusals after the count; null when the forward may go. */
  const refusal = async (user: User, reportId: number, email: string) => {
    const decision = await deps.viewer.mayOpen(user, reportId);
    if (decision !== 'granted') return decision;
    const domains = await senderFirmDomains(db, user.id);
    if (domains === null) return 'noFirm' as const;
    if (!domains.map((d) => d.toLowerCase()).includes(domainOf(email))) return 'foreignDomain' as const;
    return null;
  };

  return {
    limit,

    async remaining(user: User) {
      const used = await forwardsUsed(db, user.id, forwardMonth(clock()));
      return { remaining: Math.max(0, limit - used), limit };
    },

    async forward(
      user: User,
      input: { reportId: number; email: string; note?: string },
    ): Promise<ForwardOutcome> {
      const email = input.email.toLowerCase();
      // Decided from the request alone, so it costs no forward.
      if (email === user.email.toLowerCase()) return { kind: 'toSelf' };
      const month = forwardMonth(clock());
      const used = await takeForward(db, user.id, month, limit);
      if (used === null) return { kind: 'quotaUsed' };
      let sent = false;
      try {
        const refused = await refusal(user, input.reportId, email);
        if (refused) return { kind: refused };
        const title = await deps.accessKeys.reportTitle(input.reportId);
        if (title === null) return { kind: 'unknownReport' };
        const envelope = await deps.accessKeys.researchEnvelope();
        const accessKeyId = await db.transaction(async (tx) => {
          const key = await deps.accessKeys.createKeyIn(tx, {
            reportId: input.reportId,
            title,
            email,
            createdBy: user.id,
          });
          const mail = forwardMail(deps.firm, {
            name: key.name,
            senderName: `${user.firstName} ${user.lastName}`.trim() || user.email,
            senderEmail: user.email,
            reportTitle: title,
            url: key.url,
            expiresAt: key.expiresAt,
            note: input.note,
          });
          await deps.outbox.enqueue(tx, email, mail, [key.url], envelope);
          await insertForward(tx, {
            senderUserId: user.id,
            reportId: input.reportId,
            recipientEmail: email,
            accessKeyId: key.row.id,
            createdAt: clock(),
          });
          return key.row.id;
        });
        sent = true;
        return { kind: 'sent', remaining: Math.max(0, limit - used), limit, accessKeyId };
      } finally {
        // A refusal or a failure gives the forward back (in the month it was taken from).
        if (!sent) await giveBackForward(db, user.id, month);
      }
    },
  };
};

export type ForwardsService = ReturnType<typeof createForwardsService>;
