import { sessionCookie } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { findUsableKeyIdsFor } from '../access-keys/access-keys.repository.ts';
import type { AccessKeysService, ResolvedKey } from '../access-keys/access-keys.service.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import type { Clock } from '../runtime.ts';
import type { ResolvedSession, SessionsService } from '../sessions/sessions.service.ts';
import { deviceCookieName } from './device-cookie.ts';
import type { DeviceVerificationService } from './device-verification.service.ts';

/** Who reads through an access key: the recipient, whose identity the watermark shows. */
export interface KeyReader {
  userId: number | null;
  name: string;
  email: string;
  company: string;
}

export type KeyDecision =
  | { kind: 'invalid' }
  | { kind: 'needsDevice'; key: ResolvedKey }
  | { kind: 'ok'; key: ResolvedKey; reader: KeyReader; binding: string };

export type RequestCookies = Readonly<Record<string, string | undefined>>;

// The file URLs of an access key are bound to one of these; /files accepts a URL while the request still proves it.
const deviceBinding = (keyId: number, deviceId: string) => `rfs:${keyId}:device:${deviceId}`;
const sessionBinding = (keyId: number, sessionId: string) => `rfs:${keyId}:session:${sessionId}`;
// A device verified for many links proves a binding per key; past this many (newest first) older keys need a refresh.
const MAX_BINDINGS = 500;

/**
 * Opening a report through an e-mailed link: the key must be usable, and the browser must either hold a
 * device cookie verified for the key's recipient or be signed in with the recipient's own account (a password
 * sign-in inside the rfs view proves the same person as the mailbox does).
 */
export const createExternalAccessService = (deps: {
  db: Db;
  clock: Clock;
  accessKeys: AccessKeysService;
  devices: DeviceVerificationService;
  sessions: SessionsService;
}) => {
  const { db, accessKeys, devices } = deps;

  const isRecipient = (session: ResolvedSession | null, key: ResolvedKey) =>
    session !== null &&
    (session.user.id === key.key.userId || session.user.email.toLowerCase() === key.key.recipientEmail);

  const readerOf = async (key: Pick<ResolvedKey['key'], 'userId' | 'recipientEmail'>): Promise<KeyReader> => {
    const user = key.userId ? await findUserById(db, key.userId) : null;
    return user && !user.hidden
      ? {
          userId: user.id,
          name: `${user.firstName} ${user.lastName}`.trim(),
          email: key.recipientEmail,
          company: user.companyName,
        }
      : { userId: null, name: key.recipientEmail, email: key.recipientEmail, company: '' };
  };

  return {
    async open(
      rawKey: string,
      request: { cookies: RequestCookies; session: ResolvedSession | null },
    ): Promise<KeyDecision> {
      const key = await accessKeys.resolve(rawKey);
      if (!key) return { kind: 'invalid' };
      let binding: string | null = null;
      if (isRecipient(request.session, key)) {
        binding = sessionBinding(key.key.id, request.session!.sessionId);
      } else {
        const deviceId = await devices.verifiedDevice(
          request.cookies[deviceCookieName],
          key.key.recipientEmail,
        );
        if (deviceId) binding = deviceBinding(key.key.id, deviceId);
      }
      if (!binding) return { kind: 'needsDevice', key };
      await accessKeys.markUsed(key.key.id);
      return { kind: 'ok', key, reader: await readerOf(key.key), binding };
    },

    /** The recipient of a key that may still be used (file URLs check it at delivery), else null. */
    async readerOfKeyId(accessKeyId: number): Promise<KeyReader | null> {
      const key = await accessKeys.usableById(accessKeyId);
      return key ? readerOf(key) : null;
    },

    /**
     * Every binding the request's cookies prove now (for GET /files/:token): its verified device's keys and the
     * signed-in recipient's keys, usable ones only, so a revoked or expired key stops its file URLs at once.
     */
    async requestBindings(cookies: RequestCookies): Promise<string[]> {
      const now = deps.clock();
      const bindings: string[] = [];
      const device = await devices.deviceRecipients(cookies[deviceCookieName]);
      if (device && device.emails.length > 0) {
        for (const id of await findUsableKeyIdsFor(db, device.emails, now, MAX_BINDINGS)) {
          bindings.push(deviceBinding(id, device.deviceId));
        }
      }
      const sid = cookies[sessionCookie];
      const session = sid && sid.length <= 200 ? await deps.sessions.resolve(sid) : null;
      if (session) {
        for (const id of await findUsableKeyIdsFor(
          db,
          [session.user.email.toLowerCase()],
          now,
          MAX_BINDINGS,
        )) {
          bindings.push(sessionBinding(id, session.sessionId));
        }
      }
      return bindings;
    },
  };
};

export type ExternalAccessService = ReturnType<typeof createExternalAccessService>;
