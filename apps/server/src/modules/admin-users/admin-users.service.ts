import {
  type AdminFirm,
  type AdminPerson,
  adminUsersConstants,
  type FirmSummary,
  messagesAdminUsers,
  type SpyderUserRow,
  type UsersType,
  type WebsiteUserRow,
} from '@portal/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { findUserById } from '../accounts/accounts.repository.ts';
import { type AuditAction, writeAudit } from '../audit/audit.ts';
import { type ChangeFeed, type NoteChange, writeTransaction } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import { userStatusOf } from '../users/user-status.ts';
import {
  type AuditRecord,
  type Dir,
  findAuditOfPerson,
  findFirm,
  findFirmMembers,
  findMatrixWithNames,
  findNames,
  findPersonFirmId,
  findPersonSource,
  findPersonWithUser,
  findSpyderUsers,
  findWebsiteUsers,
  firmExists,
  hideUser,
  importPerson,
  isSpyderSort,
  isWebsiteSort,
  lockFirm,
  lockFirmOfPerson,
  lockUser,
  searchFirms,
  setActivated,
} from './admin-users.repository.ts';

/**
 * Users management (issue 13; spec 2 sections 2-7): the lists, the row actions, the import into the external
 * system, and the admin's views of a person and a firm. Every rule is decided here against the stored records
 * (the body's e-mail must be the user's, status rules, firm seats); every action writes its audit entry in the
 * transaction that makes the change. Routes only parse and reply.
 */

const m = messagesAdminUsers;
const errors = m.errors;

export type AdminRefusal = {
  ok: false;
  status: 400 | 403 | 404 | 409;
  message: string;
  errors?: Record<string, string>;
};
export type AdminOutcome<T> = { ok: true; data: T } | AdminRefusal;

const refuse = (status: AdminRefusal['status'], message: string): AdminRefusal => ({
  ok: false,
  status,
  message,
});
const done = <T>(data: T): AdminOutcome<T> => ({ ok: true, data });
/** Thrown inside a transaction to roll it back with a refusal; caught right outside it. */
class Refused extends Error {
  constructor(readonly refusal: AdminRefusal) {
    super(refusal.message);
  }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const statusOf = (row: { email_verified_at: Date | string | null; activated_at: Date | string | null }) =>
  userStatusOf({
    emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    activatedAt: row.activated_at === null ? null : new Date(row.activated_at),
  });
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface ListInput {
  page: number;
  q: string;
  sort?: string | undefined;
  dir: Dir;
  suggestion?: '0' | '1' | undefined;
}

export interface ActorRef {
  id: number;
}

/** The refusal of a full firm, naming it and its limit. */
const firmFullText = (firm: { name: string; seatLimit: number }) =>
  errors.firmFull.replace('{firm}', firm.name).replace('{limit}', String(firm.seatLimit));

export const createAdminUsersService = (deps: {
  db: Db;
  clock: Clock;
  changes: ChangeFeed;
  sessions: { endForChangedUser(tx: Tx, userId: number): Promise<unknown> };
  accounts: {
    queueVerificationMail(tx: Tx, user: User): Promise<void>;
    queueResetLink(tx: Tx, user: User): Promise<void>;
  };
}) => {
  const { db, clock, changes, sessions, accounts } = deps;
  const pageSize = adminUsersConstants.pageSize;

  /**
   * Runs an action on a website user in one transaction, with the user's row locked: the user must exist, not be
   * removed, and the body's e-mail must be theirs. `act` returns the audit action, or throws Refused; what it
   * notes is published on the change feed once the transaction has committed.
   */
  const onUser = async (
    actor: ActorRef,
    usersType: UsersType,
    userId: number,
    email: string,
    act: (
      tx: Tx,
      user: NonNullable<Awaited<ReturnType<typeof lockUser>>>,
      note: NoteChange,
    ) => Promise<{ action: AuditAction; detail?: Record<string, unknown> } | null>,
  ): Promise<AdminOutcome<null>> => {
    if (usersType !== 'website') return refuse(400, errors.notWebsiteUser);
    try {
      await writeTransaction(db, changes, async (tx, note) => {
        const user = await lockUser(tx, userId);
        if (!user || user.hidden) throw new Refused(refuse(404, errors.userNotFound));
        if (!sameEmail(user.email, email)) throw new Refused(refuse(400, errors.emailMismatch));
        const audit = await act(tx, user, note);
        if (audit) {
          await writeAudit(tx, {
            actorUserId: actor.id,
            action: audit.action,
            targetUserId: user.id,
            targetPersonId: user.personId,
            detail: { email: user.email, ...audit.detail },
            at: clock(),
          });
        }
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      throw error;
    }
    return done(null);
  };

  /** The full row the accounts module's mails take. */
  const userRow = async (tx: Tx, id: number) => {
    const user = await findUserById(tx, id);
    if (!user) throw new Refused(refuse(404, errors.userNotFound));
    return user;
  };

  const firmSummary = (row: {
    id: number;
    name: string;
    seat_limit: number;
    seats_used: number;
  }): FirmSummary => ({
    id: row.id,
    sName: row.name,
    seatLimit: row.seat_limit,
    seatsUsed: row.seats_used,
  });

  const describeAudit = (row: AuditRecord, names: Awaited<ReturnType<typeof findNames>>): string => {
    const detail = row.detail ?? {};
    if (row.action === 'matrix' && Array.isArray(detail.changes)) {
      const status = (id: unknown) =>
        typeof id === 'number' ? (names.statuses.get(id) ?? String(id)) : 'none';
      return (detail.changes as { itemId: number; from: number | null; to: number | null }[])
        .map((c) => `${names.items.get(c.itemId) ?? c.itemId}: ${status(c.from)} → ${status(c.to)}`)
        .join('; ');
    }
    if (row.action === 'import' && typeof detail.firmName === 'string') {
      return `${String(detail.firstName ?? '')} ${String(detail.familyName ?? '')}, ${detail.firmName}`.trim();
    }
    return typeof detail.email === 'string' ? detail.email : '';
  };

  return {
    /** GET /admin/users/{usersType}: one page of 15, searched, sorted (one column, id breaks ties). */
    async list(
      usersType: UsersType,
      input: ListInput,
    ): Promise<
      AdminOutcome<
        | { kind: 'website'; rows: WebsiteUserRow[]; total: number; page: number }
        | { kind: 'spyder'; rows: SpyderUserRow[]; total: number; page: number }
      >
    > {
      if (input.sort !== undefined) {
        const fits = usersType === 'website' ? isWebsiteSort(input.sort) : isSpyderSort(input.sort);
        if (!fits) return refuse(400, errors.badSort);
      }
      if (input.suggestion === '1' && usersType !== 'website') return refuse(400, errors.notWebsiteUser);
      const options = {
        q: input.q,
        sort: input.sort,
        dir: input.dir,
        offset: (input.page - 1) * pageSize,
        limit: pageSize,
      };
      if (usersType === 'website') {
        const { rows, total } = await findWebsiteUsers(db, {
          ...options,
          suggestionsOnly: input.suggestion === '1',
        });
        return done({
          kind: 'website' as const,
          total,
          page: input.page,
          rows: rows.map(
            (row): WebsiteUserRow => ({
              iTempUser_ID: row.id,
              sFull_Name: fullName(row.first_name, row.last_name),
              sEmail: row.email,
              bVerifiedEmail: row.email_verified_at !== null,
              bActivated: row.activated_at !== null,
              tLoingRecord_Time: iso(row.last_login_at),
              tCreatedAt: iso(row.created_at) ?? '',
              status: statusOf(row),
              iPSN_Id: row.person_id,
              bImported: row.source === 'crm',
              firm: row.firm_id === null ? null : { id: row.firm_id, sName: row.firm_name ?? '' },
              sCompanyName: row.firm_name ?? row.company_name,
            }),
          ),
        });
      }
      const { rows, total } = await findSpyderUsers(db, options);
      return done({
        kind: 'spyder' as const,
        total,
        page: input.page,
        rows: rows.map(
          (row): SpyderUserRow => ({
            iPSN_Id: row.id,
            sPFN_FullName: fullName(row.first_name, row.last_name),
            sCompanyName: row.firm_name ?? '',
            sNCY_FullNo: row.email ?? '',
            bPassword: row.has_password,
            tLogin_Time: iso(row.last_login_at),
            status: row.has_password ? 'Activated' : 'No Password',
            firmId: row.firm_id,
          }),
        ),
      });
    },

    /**
     * POST .../{id}/activateUser: only a verified user. Activation takes a seat of the person's firm: the firm
     * row is locked and its seats counted in the same transaction, so concurrent activations cannot overfill it.
     * Deactivation ends the user's sessions; activation drops the cached session and entitlement so that their
     * next request reads as the new status.
     */
    async setActivation(
      actor: ActorRef,
      usersType: UsersType,
      userId: number,
      body: { email: string; status: boolean },
    ): Promise<AdminOutcome<{ message: string }>> {
      const outcome = await onUser(actor, usersType, userId, body.email, async (tx, user, note) => {
        if (!user.emailVerifiedAt) throw new Refused(refuse(409, errors.notVerified));
        if (!body.status) {
          if (!user.activatedAt) return null;
          await setActivated(tx, user.id, null);
          // Deactivated: signed out everywhere at once (issue 21).
          await sessions.endForChangedUser(tx, user.id);
          note({ kind: 'user', ids: [user.id] });
          return { action: 'deactivate' };
        }
        if (user.activatedAt) return null;
        const firm = user.personId === null ? null : await lockFirmOfPerson(tx, user.personId);
        if (firm && firm.seatsUsed >= firm.seatLimit) throw new Refused(refuse(409, firmFullText(firm)));
        await setActivated(tx, user.id, clock());
        // Activated: the next request reads the new status.
        note({ kind: 'user', ids: [user.id] });
        return { action: 'activate', detail: firm ? { firmId: firm.id, firmName: firm.name } : {} };
      });
      if (!outcome.ok) return outcome;
      return done({ message: body.status ? m.done.activated : m.done.deactivated });
    },

    /** POST .../{id}/verifyEmail: a fresh sign-up verification mail, only while the e-mail is not verified. */
    async resendVerification(
      actor: ActorRef,
      usersType: UsersType,
      userId: number,
      body: { email: string },
    ): Promise<AdminOutcome<{ message: string }>> {
      const outcome = await onUser(actor, usersType, userId, body.email, async (tx, user) => {
        if (user.emailVerifiedAt) throw new Refused(refuse(409, errors.alreadyVerified));
        await accounts.queueVerificationMail(tx, await userRow(tx, user.id));
        return { action: 'verificationMail' };
      });
      return outcome.ok ? done({ message: m.done.verificationSent }) : outcome;
    },

    /** POST .../{id}/newPassword: never a password, only the forgot-password flow's reset link. */
    async sendPasswordLink(
      actor: ActorRef,
      usersType: UsersType,
      userId: number,
      body: { email: string },
    ): Promise<AdminOutcome<{ message: string }>> {
      const outcome = await onUser(actor, usersType, userId, body.email, async (tx, user) => {
        await accounts.queueResetLink(tx, await userRow(tx, user.id));
        return { action: 'passwordLink' };
      });
      return outcome.ok ? done({ message: m.done.passwordLinkSent }) : outcome;
    },

    /**
     * GET /users/{id}/removeUser: hides the user and ends all their sessions at once. Not yourself; a user
     * already removed is refused (409) and nothing is written again.
     */
    async remove(actor: ActorRef, userId: number): Promise<AdminOutcome<{ message: string }>> {
      if (userId === actor.id) return refuse(403, errors.removeSelf);
      try {
        await writeTransaction(db, changes, async (tx, note) => {
          const user = await lockUser(tx, userId);
          if (!user) throw new Refused(refuse(404, errors.userNotFound));
          if (user.hidden) throw new Refused(refuse(409, errors.alreadyRemoved));
          await hideUser(tx, user.id);
          // The rows go with the user's; once committed every process forgets them: the next request is anonymous.
          await sessions.endForChangedUser(tx, user.id);
          note({ kind: 'user', ids: [user.id] });
          await writeAudit(tx, {
            actorUserId: actor.id,
            action: 'remove',
            targetUserId: user.id,
            targetPersonId: user.personId,
            detail: { email: user.email },
            at: clock(),
          });
        });
      } catch (error) {
        if (error instanceof Refused) return error.refusal;
        throw error;
      }
      return done({ message: m.done.removed });
    },

    /**
     * POST /admin/users/{usersType}/{id}: imports a website user's person into the external system (names, the
     * firm, source 'crm', entity 'U'). The e-mail must be the user's; a person already imported is refused.
     */
    async importUser(
      actor: ActorRef,
      usersType: UsersType,
      userId: number,
      body: { firstName: string; familyName: string; email: string; firmId: number },
    ): Promise<AdminOutcome<{ message: string }>> {
      const outcome = await onUser(actor, usersType, userId, body.email, async (tx, user, note) => {
        if (user.personId === null) throw new Refused(refuse(404, errors.personNotFound));
        if ((await findPersonSource(tx, user.personId)) !== 'web') {
          throw new Refused(refuse(409, errors.alreadyImported));
        }
        if (!(await firmExists(tx, body.firmId))) throw new Refused(refuse(404, errors.firmNotFound));
        // An activated user takes a seat at the firm they join: a full firm refuses them as activation does.
        if (user.activatedAt && (await findPersonFirmId(tx, user.personId)) !== body.firmId) {
          const firm = await lockFirm(tx, body.firmId);
          if (firm && firm.seatsUsed >= firm.seatLimit) throw new Refused(refuse(409, firmFullText(firm)));
        }
        const firstName = body.firstName.trim();
        const familyName = body.familyName.trim();
        await importPerson(tx, user.personId, { firstName, lastName: familyName, firmId: body.firmId });
        // The person's firm and entity (the user's type) changed: every session of theirs ends at once (issue 21).
        await sessions.endForChangedUser(tx, user.id);
        note({ kind: 'user', ids: [user.id] });
        const firm = await findFirm(tx, body.firmId);
        return {
          action: 'import',
          detail: { firstName, familyName, firmId: body.firmId, firmName: firm?.name ?? '' },
        };
      });
      if (!outcome.ok) return outcome;
      return done({ message: m.done.imported });
    },

    /** GET /admin/firms?sMatch=: name contains the text, at most 20, with their seats. */
    async searchFirms(text: string): Promise<FirmSummary[]> {
      return (await searchFirms(db, text, adminUsersConstants.firmSearchMax)).map(firmSummary);
    },

    /** GET /admin/persons/{id}: the person, firm and seats, website user, matrix and the audit log. */
    async person(personId: number): Promise<AdminOutcome<AdminPerson>> {
      const person = await findPersonWithUser(db, personId);
      if (!person) return refuse(404, errors.personNotFound);
      const [firm, matrix, audit, names] = await Promise.all([
        person.firm_id === null ? null : findFirm(db, person.firm_id),
        findMatrixWithNames(db, personId),
        findAuditOfPerson(db, personId, adminUsersConstants.auditMax),
        findNames(db),
      ]);
      return done({
        iPSN_Id: person.id,
        sPFN_FullName: fullName(person.first_name, person.last_name),
        email: person.email ?? '',
        entity: person.entity,
        imported: person.source === 'crm',
        firm: firm ? firmSummary(firm) : null,
        websiteUser: person.user_id === null ? null : { id: person.user_id, status: statusOf(person) },
        matrix: matrix.map((e) => ({
          itemId: e.item_id,
          name: e.item_name,
          statusId: e.status_id,
          statusName: e.status_name,
        })),
        audit: audit.map((row) => ({
          id: row.id,
          at: iso(row.created_at) ?? '',
          actor: fullName(row.actor_first, row.actor_last),
          // the stored code named in the contract's words (a code of a later version shows as it is)
          action: (m.auditActions as Record<string, string>)[row.action] ?? row.action,
          detail: describeAudit(row, names),
        })),
      });
    },

    /** GET /admin/firms/{id}: the firm with its domains, seats and people. */
    async firm(firmId: number): Promise<AdminOutcome<AdminFirm>> {
      const firm = await findFirm(db, firmId);
      if (!firm) return refuse(404, errors.firmNotFound);
      const members = await findFirmMembers(db, firmId, 500);
      return done({
        ...firmSummary(firm),
        domains: firm.domains,
        members: members.map((row) => ({
          iPSN_Id: row.person_id,
          sPFN_FullName: fullName(row.first_name, row.last_name),
          email: row.email ?? '',
          websiteUser: row.user_id === null ? null : { id: row.user_id, status: statusOf(row) },
        })),
      });
    },
  };
};

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
