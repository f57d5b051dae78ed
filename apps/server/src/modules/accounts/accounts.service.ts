import {
  type ChangePasswordForm,
  type CurrentUser,
  isCommonEmailDomain,
  type ResetPasswordForm,
  type SignupForm,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import {
  accountExistsMail,
  type Firm,
  passwordChangedMail,
  resetMail,
  verifyMail,
} from '../mail/templates.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { Clock } from '../runtime.ts';
import { deleteUserSessions } from '../sessions/sessions.repository.ts';
import type { SessionMeta, SessionsService } from '../sessions/sessions.service.ts';
import type { ThrottleCheck, ThrottlesService } from '../throttles/throttles.service.ts';
import { consumeToken, issueToken, isTokenUsable, retireTokens } from '../tokens/tokens.repository.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setLastLogin,
  setPasswordHash,
} from './accounts.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import { userStatusOf } from './user-status.ts';

/** Signup and login run on validated forms: e-mail trimmed and lower-cased by the contract schema. */
type ParsedSignup = Omit<SignupForm, 'acceptTandC'>;
export interface RequestMeta extends SessionMeta {
  /** The throttle subject for per-IP limits. */
  ip: string | null;
}

export type LoginResult =
  | { kind: 'ok'; user: CurrentUser; token: string }
  | { kind: 'invalidCredentials' }
  | { kind: 'emailNotVerified' };

export const toCurrentUser = (user: User): CurrentUser => ({
  id: user.id,
  full_name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  type: user.type,
  sEntity: user.entity,
  returnUrl: '',
  status: userStatusOf(user),
  companyName: user.companyName,
});

export const createAccountsService = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  sessions: SessionsService;
  throttles: ThrottlesService;
  outbox: Outbox;
  parameters: ParametersService;
}) => {
  const { db, clock, firm, sessions, throttles, outbox } = deps;
  const links = {
    verify: (token: string) => `${deps.publicUrl}/verify?token=${encodeURIComponent(token)}`,
    reset: (token: string) => `${deps.publicUrl}/resetpassword?p=${encodeURIComponent(token)}`,
    login: `${deps.publicUrl}/login`,
    // The login page has the forgot-password dialog.
    forgot: `${deps.publicUrl}/login`,
  };
  const nameOf = (user: Pick<User, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();
  const ipSubject = (meta: RequestMeta) => meta.ip ?? 'unknown';

  // Token and mail are written together: a link is never issued without its mail, nor the reverse.
  const sendVerification = async (tx: Executor, user: User) => {
    const token = await issueToken(tx, user.id, 'verify', clock());
    const url = links.verify(token);
    await outbox.enqueue(tx, user.email, verifyMail(firm, { name: nameOf(user), url }), [url]);
  };
  const sendVerificationNow = (user: User) => db.transaction((tx) => sendVerification(tx, user));

  const sendPasswordChanged = (tx: Executor, user: User) =>
    outbox.enqueue(
      tx,
      user.email,
      passwordChangedMail(firm, { name: nameOf(user), loginUrl: links.login }),
      [],
    );

  return {
    async signup(form: ParsedSignup): Promise<{ kind: 'ok' } | { kind: 'publicEmailDomain' }> {
      const commonDomains = (await deps.parameters.get('sCommonEmailDomain')) ?? '';
      if (isCommonEmailDomain(form.email, commonDomains)) return { kind: 'publicEmailDomain' };
      // Hashed even when the account exists, so the answer time does not reveal it.
      const passwordHash = await hashPassword(form.password);
      const created = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          email: form.email,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          companyName: form.companyName.trim(),
          passwordHash,
          type: 'client',
          createdAt: clock(),
        });
        if (user) await sendVerification(tx, user);
        return user;
      });
      if (created) return { kind: 'ok' };
      // The same answer as a new signup (no enumeration); the owner of the address is told by mail instead.
      const existing = await findUserByEmail(db, form.email);
      if (!existing || existing.hidden) return { kind: 'ok' };
      if (!(await throttles.tryTake([['verifyPerEmail', existing.email]]))) return { kind: 'ok' };
      if (!existing.emailVerifiedAt) {
        await sendVerificationNow(existing);
      } else {
        const mail = accountExistsMail(firm, {
          name: nameOf(existing),
          loginUrl: links.login,
          resetUrl: links.forgot,
        });
        await outbox.enqueue(db, existing.email, mail, [links.login]);
      }
      return { kind: 'ok' };
    },

    async login(
      form: { email: string; password: string },
      meta: RequestMeta,
      previousSessionId?: string,
    ): Promise<LoginResult> {
      const checks: ThrottleCheck[] = [
        ['loginPerEmail', form.email],
        ['loginPerIp', ipSubject(meta)],
      ];
      await throttles.assertOpen(checks);
      const user = await findUserByEmail(db, form.email);
      const passwordOk =
        user && !user.hidden
          ? await verifyPassword(user.passwordHash, form.password)
          : await verifyAgainstDummy(form.password);
      if (!user || !passwordOk) {
        await throttles.hit(checks);
        return { kind: 'invalidCredentials' };
      }
      if (!user.emailVerifiedAt) {
        if (await throttles.tryTake([['verifyPerEmail', user.email]])) await sendVerificationNow(user);
        return { kind: 'emailNotVerified' };
      }
      await throttles.clear(['loginPerEmail', form.email]);
      // Rotation: whatever session the browser had before signing in is dropped.
      if (previousSessionId) await sessions.revoke(previousSessionId);
      const token = await sessions.create(user.id, meta);
      await setLastLogin(db, user.id, clock());
      return { kind: 'ok', user: toCurrentUser(user), token };
    },

    logout: (sessionId: string | undefined) => (sessionId ? sessions.revoke(sessionId) : Promise.resolve()),

    /** Returns the token of the new session: the current one is rotated, all others are revoked. */
    async changePassword(
      user: User,
      form: ChangePasswordForm,
      meta: RequestMeta,
    ): Promise<{ kind: 'ok'; token: string } | { kind: 'oldPasswordWrong' }> {
      const checks: ThrottleCheck[] = [['loginPerEmail', user.email]];
      await throttles.assertOpen(checks);
      if (!(await verifyPassword(user.passwordHash, form.oldPassword))) {
        await throttles.hit(checks);
        return { kind: 'oldPasswordWrong' };
      }
      const passwordHash = await hashPassword(form.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await deleteUserSessions(tx, user.id);
        await sendPasswordChanged(tx, user);
      });
      sessions.forgetUser(user.id);
      return { kind: 'ok', token: await sessions.create(user.id, meta) };
    },

    async forgotPassword(email: string, meta: RequestMeta) {
      await throttles.take([
        ['forgotPerEmail', email],
        ['forgotPerIp', ipSubject(meta)],
      ]);
      const user = await findUserByEmail(db, email);
      if (!user || user.hidden) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'reset', clock());
        const url = links.reset(token);
        await outbox.enqueue(tx, user.email, resetMail(firm, { name: nameOf(user), url }), [url]);
      });
    },

    async resendVerification(email: string, meta: RequestMeta) {
      await throttles.take([
        ['verifyPerEmail', email],
        ['verifyPerIp', ipSubject(meta)],
      ]);
      const user = await findUserByEmail(db, email);
      if (!user || user.hidden || user.emailVerifiedAt) return;
      await sendVerificationNow(user);
    },

    isVerifyTokenUsable: (token: string) => isTokenUsable(db, token, 'verify', clock()),

    /** Consumes the token (POST only: mail scanners prefetch GET links). */
    verifyEmail: (token: string) =>
      db.transaction(async (tx) => {
        const userId = await consumeToken(tx, token, 'verify', clock());
        if (userId === null) return false;
        await markEmailVerified(tx, userId, clock());
        sessions.forgetUser(userId);
        return true;
      }),

    isResetTokenUsable: (token: string) => isTokenUsable(db, token, 'reset', clock()),

    /** Sets the new password and signs the user out everywhere. */
    async resetPassword(form: ResetPasswordForm): Promise<boolean> {
      // Checked before hashing so that junk tokens cost no hashing time; consumed atomically below.
      if (!(await isTokenUsable(db, form.token, 'reset', clock()))) return false;
      const passwordHash = await hashPassword(form.newpassword);
      const reset = await db.transaction(async (tx) => {
        const now = clock();
        const userId = await consumeToken(tx, form.token, 'reset', now);
        if (userId === null) return false;
        await setPasswordHash(tx, userId, passwordHash);
        await retireTokens(tx, userId, 'reset', now);
        // Opening the mailed link proves the mailbox, the same proof verification asks for.
        await markEmailVerified(tx, userId, now);
        await deleteUserSessions(tx, userId);
        const user = await findUserById(tx, userId);
        if (user) await sendPasswordChanged(tx, user);
        return userId;
      });
      if (reset === false) return false;
      sessions.forgetUser(reset);
      return true;
    },
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
