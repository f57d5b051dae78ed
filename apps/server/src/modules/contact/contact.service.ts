import type { AoiType } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { contactMessageMail, type Firm } from '../mail/templates.ts';
import type { Clock } from '../runtime.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import type { CaptchaFailure, CaptchaService } from './captcha.service.ts';

export interface ContactInput {
  type: AoiType;
  name: string;
  email: string;
  message: string;
  captcha: string;
}

export type ContactResult = { kind: 'sent'; id: number } | { kind: 'captcha'; reason: CaptchaFailure };

/**
 * The contact forms: each attempt counts against the sender's IP (throttled), the captcha is accepted once,
 * and the message is stored and its mail to the firm queued in one transaction with the captcha's use.
 */
export const createContactService = (deps: {
  db: Db;
  clock: Clock;
  firm: Firm;
  outbox: Outbox;
  throttles: ThrottlesService;
  captcha: CaptchaService;
}) => {
  const { db, clock, firm, outbox, throttles, captcha } = deps;
  return {
    async send(input: ContactInput, ip: string): Promise<ContactResult> {
      await throttles.take([['contactPerIp', ip]]);
      return db.transaction(async (tx) => {
        const check = await captcha.consume(tx, input.captcha);
        if (!check.ok) return { kind: 'captcha', reason: check.reason } as const;
        const mailId = await outbox.enqueue(tx, firm.email, contactMessageMail(firm, input), []);
        const [row] = await tx
          .insert(contactMessages)
          .values({
            type: input.type,
            name: input.name,
            email: input.email,
            message: input.message,
            mailId,
            createdAt: clock(),
          })
          .returning({ id: contactMessages.id });
        return { kind: 'sent', id: row!.id } as const;
      });
    },

    /** POST /aoi/verifyToken, throttled per IP like every captcha check. */
    async exchange(token: string, ip: string) {
      await throttles.take([['captchaPerIp', ip]]);
      return captcha.exchange(token);
    },
  };
};

export type ContactService = ReturnType<typeof createContactService>;
