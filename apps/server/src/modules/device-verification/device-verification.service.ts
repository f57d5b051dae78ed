import { accessKeyLimits, rfsParams } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import type { AccessKeysService } from '../access-keys/access-keys.service.ts';
import { accessKeyOfLink, withFlag } from '../access-keys/rfs-link.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import type { DeferredWork } from '../deferred/deferred-work.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { deviceVerifyMail, type Firm } from '../mail/templates.ts';
import { addSeconds, type Clock } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { ThrottlesService } from '../throttles/throttles.service.ts';
import { hashToken, newToken } from '../tokens/token-crypto.ts';
import { deviceCookieMaxAgeSeconds } from './device-cookie.ts';
import {
  decryptText,
  deriveLinkKeys,
  encryptText,
  type LinkKeys,
  newDeviceId,
  readDeviceCookie,
  signDeviceCookie,
} from './device-crypto.ts';
import {
  consumeDeviceToken,
  findDeviceToken,
  insertDeviceToken,
  isDeviceVerified,
  recipientsOfDevice,
  upsertVerifiedDevice,
} from './device-verification.repository.ts';

export type ConfirmResult =
  | { kind: 'ok'; cookieValue: string; redirectUrl: string }
  | { kind: 'expired'; redirectUrl: string }
  | { kind: 'invalid' };

/**
 * Device verification of e-mailed report links (spec 1 section 2.5, spec 3 token verification pages): the
 * recipient proves the mailbox from the device, which then holds a signed cookie bound to that recipient.
 */
export const createDeviceVerificationService = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  outbox: Outbox;
  throttles: ThrottlesService;
  secrets: SecretStore;
  accessKeys: AccessKeysService;
  deferred: DeferredWork;
}) => {
  const { db, clock, outbox, throttles, accessKeys, deferred } = deps;
  let keys: Promise<LinkKeys> | undefined;
  const linkKeys = () => {
    keys ??= deps.secrets('external-links').then(deriveLinkKeys);
    keys.catch(() => {
      keys = undefined;
    });
    return keys;
  };

  const sendCheck = async (rawKey: string, email: string, ipSubject: string) => {
    const resolved = await accessKeys.resolve(rawKey);
    if (!resolved || resolved.key.recipientEmail !== email) return;
    const recipient = resolved.key.recipientEmail;
    const mayMail = await throttles.tryTake([
      ['deviceMailPerEmailIp', `${recipient}:${ipSubject}`],
      ['deviceMailPerEmail', recipient],
    ]);
    if (!mayMail) return;
    const token = newToken();
    const now = clock();
    const url = `${deps.publicUrl}/verifyCookieEmail?token=${encodeURIComponent(token)}`;
    const account = await findUserByEmail(db, recipient);
    const name = account && !account.hidden ? `${account.firstName} ${account.lastName}`.trim() : recipient;
    const returnLink = encryptText(await linkKeys(), resolved.linkPath);
    await db.transaction(async (tx) => {
      await insertDeviceToken(tx, {
        tokenHash: hashToken(token),
        accessKeyId: resolved.key.id,
        recipientEmail: recipient,
        returnLink,
        createdAt: now,
        expiresAt: addSeconds(now, accessKeyLimits.deviceTokenSeconds),
      });
      await outbox.enqueue(
        tx,
        recipient,
        deviceVerifyMail(deps.firm, { name, reportTitle: resolved.reportTitle, url }),
        [url],
      );
    });
  };

  /** The way back of a token, or null when it cannot be read (tampered with, or another secret). */
  const returnLinkOf = async (sealed: string) => decryptText(await linkKeys(), sealed);

  return {
    /**
     * Queues a verification mail only when `email` is the recipient of the link's key; the caller gets the same
     * answer, after the same work, either way. Tries are counted per IP and per link and IP before anything is
     * compared (so a 429 says nothing about the address, and a stranger holding the link uses up only their own
     * tries); the comparison and the mail happen off the request's path. Mails are limited per recipient and IP
     * and per recipient overall, and a mail over the limit is skipped silently.
     */
    async requestCheck(input: { email: string; link: string }, ip: string | null) {
      const ipSubject = ip ?? 'unknown';
      const rawKey = accessKeyOfLink(input.link);
      await throttles.take([
        ['deviceCheckPerIp', ipSubject],
        ['deviceCheckPerLink', `${hashToken(rawKey ?? input.link)}:${ipSubject}`],
      ]);
      if (!rawKey) return;
      deferred.run('device check mail', () => sendCheck(rawKey, input.email.toLowerCase(), ipSubject));
    },

    /** Whether the token can be used, without using it; an unusable one names its linkExpired way back. */
    async checkToken(token: string): Promise<{ success: boolean; redirectUrl?: string }> {
      const row = await findDeviceToken(db, hashToken(token));
      if (!row) return { success: false };
      if (!row.usedAt && row.expiresAt > clock()) return { success: true };
      const link = await returnLinkOf(row.returnLink);
      return link
        ? { success: false, redirectUrl: withFlag(link, rfsParams.linkExpired) }
        : { success: false };
    },

    /**
     * Uses the token up and marks the device (the one in `currentCookie` when genuine, else a new one) as
     * verified for the token's recipient.
     */
    async confirm(token: string, currentCookie: string | undefined): Promise<ConfirmResult> {
      const keysNow = await linkKeys();
      const now = clock();
      const deviceId = readDeviceCookie(keysNow, currentCookie) ?? newDeviceId();
      const used = await db.transaction(async (tx) => {
        const row = await consumeDeviceToken(tx, hashToken(token), now);
        if (!row) return null;
        await upsertVerifiedDevice(tx, {
          deviceId,
          recipientEmail: row.recipientEmail,
          verifiedAt: now,
          expiresAt: addSeconds(now, deviceCookieMaxAgeSeconds),
        });
        return row;
      });
      if (used) {
        const link = decryptText(keysNow, used.returnLink);
        if (link) {
          return {
            kind: 'ok',
            cookieValue: signDeviceCookie(keysNow, deviceId),
            redirectUrl: withFlag(link, rfsParams.confirmDevice),
          };
        }
        return { kind: 'invalid' };
      }
      const stale = await findDeviceToken(db, hashToken(token));
      const link = stale ? decryptText(keysNow, stale.returnLink) : null;
      return link
        ? { kind: 'expired', redirectUrl: withFlag(link, rfsParams.linkExpired) }
        : { kind: 'invalid' };
    },

    /** The device id of a genuine device cookie and the recipients it is verified for (none for a forged one). */
    async deviceRecipients(cookieValue: string | undefined) {
      const deviceId = cookieValue ? readDeviceCookie(await linkKeys(), cookieValue) : null;
      if (!deviceId) return null;
      return { deviceId, emails: await recipientsOfDevice(db, deviceId, clock()) };
    },

    /** The device id of a genuine device cookie verified for `recipientEmail`, else null. */
    async verifiedDevice(cookieValue: string | undefined, recipientEmail: string): Promise<string | null> {
      if (!cookieValue) return null;
      const deviceId = readDeviceCookie(await linkKeys(), cookieValue);
      if (!deviceId) return null;
      return (await isDeviceVerified(db, deviceId, recipientEmail, clock())) ? deviceId : null;
    },
  };
};

export type DeviceVerificationService = ReturnType<typeof createDeviceVerificationService>;
