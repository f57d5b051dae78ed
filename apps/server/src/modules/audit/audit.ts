import type { messagesAdminUsers } from '@portal/contract';
import type { Executor } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

/**
 * What an administrator did to a user or person. The codes are stored; the admin's person view names them with
 * the contract's texts (messagesAdminUsers.auditActions), so a text change never rewrites history.
 */
export type AuditAction = keyof typeof messagesAdminUsers.auditActions;

export interface AuditEntryInput {
  /** the administrator (a website user id); null only for work without a signed-in actor */
  actorUserId: number | null;
  action: AuditAction;
  targetUserId?: number | null;
  targetPersonId?: number | null;
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * The one way to write the admin audit log. Pass the transaction that makes the change, so the entry and the
 * change are committed (or rolled back) together: the log never claims an action that did not happen.
 */
export const writeAudit = (tx: Executor, entry: AuditEntryInput) =>
  tx.insert(adminAuditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    targetPersonId: entry.targetPersonId ?? null,
    detail: entry.detail ?? {},
    createdAt: entry.at,
  });
