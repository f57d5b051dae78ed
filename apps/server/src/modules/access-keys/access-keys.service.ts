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
  insertAccessKey,
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
   * Stores a key for one recipient within the caller's transaction and builds its rfs link: the one way keys are
   * made, for an admin's e-mailed link and for a reader's forward to a colleague (issue 13), whose mail differs.
   */
  const createKeyIn = async (
    tx: Executor,
    input: { reportId: number; title: string; email: string; expiresInDays?: number; createdBy: number },
  ) => {
    const email = input.email.toLowerCase();
    const account = await findUserByEmail(tx, email);
    const recipient = account && !account.hidden ? account : null;
    const now = clock();
    const days = input.expiresInDays ?? accessKeyLimits.defaultDays;
    const expiresAt = addSeconds(now, Math.max(1, Math.round(days * DAY_SECONDS)));
    const rawKey = newToken();
    const row = await insertAccessKey(tx, {
      reportId: input.reportId,
      recipientEmail: email,
      userId: recipient?.id ?? null,
      keyHash: hashToken(rawKey),
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt,
    });
    const url = `${deps.publicUrl}${rfsLinkPath({ reportId: input.reportId, title: input.title, keyId: row.id, rawKey })}`;
    const name = recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() : email;
    return { row, url, name, email, expiresAt };
  };

  return {
    createKeyIn,
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
