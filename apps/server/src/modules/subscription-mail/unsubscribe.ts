/**
 * The reader's way out of our mail: unsubscribe reasons (one for the e-mail list also stops list mail), the
 * unsubscribe mail's last-sent date, the e-mailed person links (asked for by address on the Enter Email page,
 * redeemed for the grant cookie) and one-click unsubscribe (RFC 8058).
 */
import {
  matrixConstants,
  type RedeemMailLinkReply,
  subscriptionMessages,
  tokenLifetimes,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { type Firm, unsubscribeLinkMail } from '../mail/templates.ts';
import { personGrantSecret, sealPersonGrant } from '../persons/caller.ts';
import { findListMailLink, issuePersonLink, redeemPersonLink } from '../persons/person-links.repository.ts';
import {
  findPerson,
  findPersonByEmail,
  fullNameOf,
  readPersonField,
  writePersonField,
} from '../persons/persons.repository.ts';
import type { Clock } from '../runtime.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import { type MailRefusal, refuse } from './refusal.ts';
import {
  findPickListValue,
  firstPickListValue,
  insertUnsubscribeReason,
  knownItemIds,
  setUnsubMailLastSent,
} from './subscription-mail.repository.ts';

const errors = subscriptionMessages.errors;

export const createUnsubscribe = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  outbox: Outbox;
  throttles: ThrottlesService;
  deferred: { run(name: string, work: () => Promise<unknown>): void };
  secrets: (name: string) => Promise<Buffer>;
}) => {
  const { db, clock, throttles } = deps;

  return {
    /**
     * GET /users/SaveUnsubscribeReason: a reason of the sUnsubRsns pick list, for our e-mail list (product 0,
     * which also stops list mail) or a known product or sector.
     */
    async saveUnsubscribeReason(
      input: { personId: number; productId: number; otherText: string; reasonId: number },
      byUserId: number | null,
    ): Promise<MailRefusal | { ok: true }> {
      if (!(await findPerson(db, input.personId))) return refuse(404, errors.personNotFound);
      if (!(await findPickListValue(db, matrixConstants.unsubscribeReasonsMnemonic, input.reasonId))) {
        return refuse(400, errors.unknownReason);
      }
      const toMailList = input.productId === matrixConstants.mailListProductId;
      if (!toMailList && (await knownItemIds(db, [input.productId])).length === 0) {
        return refuse(400, errors.unknownItem);
      }
      const otherText = input.otherText.trim() || matrixConstants.emptyReasonText;
      const now = clock();
      await db.transaction(async (tx) => {
        await insertUnsubscribeReason(tx, { ...input, otherText, byUserId, at: now });
        if (toMailList)
          await writePersonField(tx, input.personId, matrixConstants.suppressEmailsField, '1', now);
      });
      return { ok: true };
    },

    async unsubLastSent(personId: number): Promise<MailRefusal | { dLastSent: string | null }> {
      const person = await findPerson(db, personId);
      if (!person) return refuse(404, errors.personNotFound);
      return { dLastSent: person.unsubMailLastSentAt?.toISOString() ?? null };
    },

    async markUnsubSent(personId: number): Promise<MailRefusal | { ok: true }> {
      if (!(await findPerson(db, personId))) return refuse(404, errors.personNotFound);
      await setUnsubMailLastSent(db, personId, clock());
      return { ok: true };
    },

    /** POST /mailLinks/redeem: the person the link names, and the grant cookie that lets this browser act for them. */
    async redeemLink(
      token: string,
    ): Promise<MailRefusal | { data: RedeemMailLinkReply['data']; cookie: string }> {
      const now = clock();
      const link = await redeemPersonLink(db, token, now);
      const person = link ? await findPerson(db, link.personId) : null;
      if (!link || !person) return refuse(400, errors.linkInvalid);
      return {
        data: {
          purpose: link.purpose,
          iPSN_Id: person.id,
          sEntity: person.entity,
          userFullName: fullNameOf(person),
          productId: link.productId,
        },
        cookie: sealPersonGrant(await deps.secrets(personGrantSecret), person.id, now),
      };
    },

    /**
     * POST /unsubscribe/requestLink: the same answer and the same work on the request's path for any address;
     * the lookup and the mail happen after the answer, and over the limits the mail is skipped silently.
     */
    async requestUnsubscribeLink(
      input: { email: string; productId: number },
      ip: string,
    ): Promise<MailRefusal | { ok: true }> {
      if (
        input.productId !== matrixConstants.mailListProductId &&
        (await knownItemIds(db, [input.productId])).length === 0
      ) {
        return refuse(400, errors.unknownItem);
      }
      const allowed = await throttles.tryTake([
        ['unsubscribeLinkPerIp', ip],
        ['unsubscribeLinkPerEmail', input.email],
      ]);
      if (!allowed) return { ok: true };
      deps.deferred.run('unsubscribe link', async () => {
        const person = await findPersonByEmail(db, input.email);
        if (!person?.email) return;
        await db.transaction(async (tx) => {
          const token = await issuePersonLink(tx, {
            personId: person.id,
            purpose: 'unsubscribe',
            productId: input.productId,
            singleUse: true,
            lifetimeSeconds: tokenLifetimes.unsubscribeLinkSeconds,
            now: clock(),
          });
          const url = `${deps.publicUrl}/unsubscribe/${input.productId}?token=${encodeURIComponent(token)}`;
          await deps.outbox.enqueue(
            tx,
            person.email!,
            unsubscribeLinkMail(deps.firm, { name: fullNameOf(person) || person.email!, url }),
            [url],
          );
        });
      });
      return { ok: true };
    },

    /**
     * POST /unsubscribe/oneClick (RFC 8058): a list mail's link stops list mail for its person and records why;
     * a repeated click changes nothing more.
     */
    async oneClickUnsubscribe(token: string): Promise<MailRefusal | { ok: true }> {
      const now = clock();
      const link = await findListMailLink(db, token, now);
      if (!link) return refuse(400, errors.linkInvalid);
      await db.transaction(async (tx) => {
        const field = matrixConstants.suppressEmailsField;
        if ((await readPersonField(tx, link.personId, field)) === '1') return;
        await writePersonField(tx, link.personId, field, '1', now);
        const reason = await firstPickListValue(tx, matrixConstants.unsubscribeReasonsMnemonic);
        await insertUnsubscribeReason(tx, {
          personId: link.personId,
          productId: matrixConstants.mailListProductId,
          reasonId: reason?.valueId ?? 0,
          otherText: subscriptionMessages.mail.oneClickReason,
          byUserId: null,
          at: now,
        });
      });
      return { ok: true };
    },
  };
};
