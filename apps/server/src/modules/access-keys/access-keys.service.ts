import { type AccessKeySummary, accessKeyLimits } from '@portal/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { ReportAccessKey } from '../../db/schema/index.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import type { MailEnvelope } from '../mail/outbox.repository.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { publicationTypeHeaders, publicationTypeParameter } from '../mail/publication-type.ts';
import { type Firm, reportLinkMail } from '../mail/templates.ts';
import { addSeconds, type Clock } from '../runtime.ts';
import { hashToken, newToken } from '../tokens/token-crypto.ts';
import {
  findReportTitle,
  findUsableKey,
  findUsableKeyById,
  insertAccessKeys,
  revokeAccessKey,
  touchAccessKey,
} from './access-keys.repository.ts';
import { rfsLinkPath } from './rfs-link.ts';

/** A key that opened: the record, its report's title and the rfs link it belongs to. */
export interface ResolvedKey {
  key: ReportAccessKey;
  reportTitle: string;
  /** same-origin rfs link path, rebuilt from the record and the raw key */
  linkPath: string;
}

const DAY_SECONDS = 24 * 60 * 60;

const summaryOf = (key: ReportAccessKey): AccessKeySummary => ({
  id: key.id,
  reportId: key.reportId,
  email: key.recipientEmail,
  userId: key.userId,
  expiresAt: key.expiresAt.toISOString(),
});

/**
 * Per-recipient access keys of e-mailed report links (issue 4). A key names one report and one recipient
 * address; only its sha256 is stored; it expires and can be revoked.
 */
export const createAccessKeysService = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  outbox: Outbox;
  /** reads sWebEmlHdPubType (the parameters service's `get`) */
  parameter: (name: string) => Promise<string | null>;
}) => {
  const { db, clock, outbox } = deps;

  /** What a mail carrying a report adds to its envelope: the publication type header (publication-type.ts). */
  const researchEnvelope = async (): Promise<MailEnvelope> => ({
    headers: publicationTypeHeaders(await deps.parameter(publicationTypeParameter)),
  });

  /**
   * Stores one key per recipient within the caller's transaction (multi-row inserts) and builds their rfs links,
   * in the order given: the one way keys are made, for an admin's e-mailed link, a reader's forward to a colleague
   * (issue 13) and publish alerts (issue 23), whose mails differ.
   */
  const createKeysIn = async (
    tx: Executor,
    input: {
      reportId: number;
      title: string;
      expiresInDays?: number;
      createdBy: number | null;
      recipients: readonly { email: string; userId: number | null }[];
    },
  ) => {
    const now = clock();
    const days = input.expiresInDays ?? accessKeyLimits.defaultDays;
    const expiresAt = addSeconds(now, Math.max(1, Math.round(days * DAY_SECONDS)));
    const rawKeys = input.recipients.map(() => newToken());
    const rows = await insertAccessKeys(
      tx,
      input.recipients.map((recipient, i) => ({
        reportId: input.reportId,
        recipientEmail: recipient.email.toLowerCase(),
        userId: recipient.userId,
        keyHash: hashToken(rawKeys[i]!),
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt,
      })),
    );
    return rows.map((row, i) => ({
      row,
      url: `${deps.publicUrl}${rfsLinkPath({ reportId: input.reportId, title: input.title, keyId: row.id, rawKey: rawKeys[i]! })}`,
      email: row.recipientEmail,
      expiresAt,
    }));
  };

  /** One recipient's key: their account (when visible) is looked up by address and named in the mail. */
  const createKeyIn = async (
    tx: Executor,
    input: { reportId: number; title: string; email: string; expiresInDays?: number; createdBy: number },
  ) => {
    const email = input.email.toLowerCase();
    const account = await findUserByEmail(tx, email);
    const recipient = account && !account.hidden ? account : null;
    const [key] = await createKeysIn(tx, {
      ...input,
      recipients: [{ email, userId: recipient?.id ?? null }],
    });
    const name = recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() : email;
    return { ...key!, name };
  };

  return {
    createKeyIn,
    createKeysIn,
    researchEnvelope,

    /** The report's title, or null when there is no such report. */
    reportTitle: (reportId: number) => findReportTitle(db, reportId),

    /** Issues a key and queues its mail in one transaction. */
    async issue(input: {
      reportId: number;
      email: string;
      expiresInDays?: number;
      createdBy: number;
    }): Promise<{ kind: 'ok'; key: AccessKeySummary } | { kind: 'reportMissing' }> {
      const title = await findReportTitle(db, input.reportId);
      if (title === null) return { kind: 'reportMissing' };
      const envelope = await researchEnvelope();
      const key = await db.transaction(async (tx) => {
        const { row, url, name, email, expiresAt } = await createKeyIn(tx, { ...input, title });
        await outbox.enqueue(
          tx,
          email,
          reportLinkMail(deps.firm, { name, reportTitle: title, url, expiresAt }),
          [url],
          envelope,
        );
        return row;
      });
      return { kind: 'ok', key: summaryOf(key) };
    },

    /** False when no key has this id; revoking twice keeps the first time. */
    revoke: (id: number) => revokeAccessKey(db, id, clock()),

    /** The key if it may be used now (known, not revoked, not expired, report present), else null. */
    async resolve(rawKey: string): Promise<ResolvedKey | null> {
      if (rawKey.length > accessKeyLimits.tokenMax) return null;
      const found = await findUsableKey(db, hashToken(rawKey), clock());
      if (!found) return null;
      const { key, reportTitle } = found;
      return {
        key,
        reportTitle,
        linkPath: rfsLinkPath({ reportId: key.reportId, title: reportTitle, keyId: key.id, rawKey }),
      };
    },

    /** The key record if it may still be used: file URLs issued under it stop working once it may not. */
    usableById: (id: number) => findUsableKeyById(db, id, clock()),

    markUsed: (id: number) => touchAccessKey(db, id, clock()),
  };
};

export type AccessKeysService = ReturnType<typeof createAccessKeysService>;
