import { randomBytes } from 'node:crypto';
import {
  type ChangePasswordForm,
  type CurrentUser,
  isCommonEmailDomain,
  messages,
  type ResetPasswordForm,
  type SignupForm,
  tokenLifetimes,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { DeferredWork } from '../deferred/deferred-work.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import {
  accountExistsMail,
  type Firm,
  passwordChangedMail,
  resetMail,
  unlockMail,
  verifyMail,
} from '../mail/templates.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import type { Clock } from '../runtime.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { openValue, sealValue } from '../secrets/signed-values.ts';
import type { SessionMeta, SessionsService } from '../sessions/sessions.service.ts';
import { type ThrottleCheck, ThrottledError, type ThrottlesService } from '../throttles/throttles.service.ts';
import { consumeToken, issueToken, isTokenUsable, retireTokens } from '../tokens/tokens.repository.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  setLastLogin,
  setPasswordHash,
} from './accounts.repository.ts';
import { toCurrentUser } from './current-user.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

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

/** What an unlock grant cookie holds: the address it unlocks, its own id (a throttle key) and its expiry. */
interface UnlockGrant {
  e: string;
  g: string;
  x: number;
}
const UNLOCK_PURPOSE = 'login-unlock';
const isUnlockGrant = (value: unknown): value is UnlockGrant =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UnlockGrant).e === 'string' &&
  typeof (value as UnlockGrant).g === 'string' &&
  typeof (value as UnlockGrant).x === 'number';

export const createAccountsService = (deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  firm: Firm;
  changes: ChangeFeed;
  sessions: SessionsService;
  throttles: ThrottlesService;
  outbox: Outbox;
  parameters: ParametersService;
  deferred: DeferredWork;
  secrets: SecretStore;
}) => {
  const { db, clock, firm, changes, sessions, throttles, outbox, deferred } = deps;
  const links = {
    verify: (token: string) => `${deps.publicUrl}/verify?token=${encodeURIComponent(token)}`,
    unlock: (token: string) => `${deps.publicUrl}/unlock?token=${encodeURIComponent(token)}`,
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

  // The forgot-password flow's link and mail, written together (an admin's "send new password" uses it too).
  const sendResetLink = async (tx: Executor, user: User) => {
    const token = await issueToken(tx, user.id, 'reset', clock());
    const url = links.reset(token);
    await outbox.enqueue(tx, user.email, resetMail(firm, { name: nameOf(user), url }), [url]);
  };

  const sendPasswordChanged = (tx: Executor, user: User) =>
    outbox.enqueue(
      tx,
      user.email,
      passwordChangedMail(firm, { name: nameOf(user), loginUrl: links.login }),
      [],
    );

  const unlockKey = () => deps.secrets('login-unlock');

  /** The grant of a genuine, unexpired unlock cookie for this very address, else null. */
  const readUnlockGrant = async (cookie: string | undefined, email: string) => {
    if (!cookie) return null;
    const grant = openValue(await unlockKey(), UNLOCK_PURPOSE, cookie);
    return isUnlockGrant(grant) && grant.e === email && grant.x > clock().getTime() ? grant : null;
  };

  /**
   * A sign-in refused by the throttle mails the owner of the address (if there is one) an unlock link, at most
   * once an hour; off the request's path, so the answer is the same for every address.
   */
  const offerUnlock = (email: string, meta: RequestMeta) =>
    deferred.run('sign-in unlock mail', async () => {
      const user = await findUserByEmail(db, email);
      if (!user || user.hidden) return;
      const mayMail = await throttles.tryTake([
        ['unlockMailPerEmail', user.email],
        ['unlockMailPerIp', ipSubject(meta)],
        ['unlockMailGlobal', 'all'],
      ]);
      if (!mayMail) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'unlock', clock());
        const url = links.unlock(token);
        const mail = unlockMail(firm, { name: nameOf(user), url, resetUrl: links.forgot });
        await outbox.enqueue(tx, user.email, mail, [url]);
      });
    });

  return {
    async signup(
      form: ParsedSignup,
      meta: RequestMeta,
    ): Promise<{ kind: 'ok' } | { kind: 'publicEmailDomain' }> {
      const commonDomains = (await deps.parameters.get('sCommonEmailDomain')) ?? '';
      if (isCommonEmailDomain(form.email, commonDomains)) return { kind: 'publicEmailDomain' };
      // Each sign-up queues a mail to an address the caller chooses: limited per IP and overall.
      await throttles.take([
        ['signupPerIp', ipSubject(meta)],
        ['signupGlobal', 'all'],
      ]);
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
      deferred.run('signup: existing account', async () => {
        const existing = await findUserByEmail(db, form.email);
        if (!existing || existing.hidden) return;
        if (!(await throttles.tryTake([['verifyPerEmail', existing.email]]))) return;
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
      });
      return { kind: 'ok' };
    },

    /**
     * The attempt is counted before the password is checked (one atomic statement per throttle key), so no
     * number of parallel guesses gets past the limit, and the answer that the address is unverified can only
     * confirm a password within it. A browser holding an unlock grant for this address (see `unlock`) is
     * counted on its own grant instead of the address and IP, so that nobody can keep the owner out.
     */
    async login(
      form: { email: string; password: string },
      meta: RequestMeta,
      previousSessionId?: string,
      unlockCookie?: string,
    ): Promise<LoginResult> {
      const grant = await readUnlockGrant(unlockCookie, form.email);
      const checks: ThrottleCheck[] = grant
        ? [['loginPerUnlock', grant.g]]
        : [
            ['loginPerEmail', form.email],
            ['loginPerIp', ipSubject(meta)],
          ];
      try {
        await throttles.take(checks);
      } catch (error) {
        if (!(error instanceof ThrottledError) || grant) throw error;
        offerUnlock(form.email, meta);
        throw new ThrottledError(error.retryAfterSeconds, messages.auth.signInThrottled);
      }
      const user = await findUserByEmail(db, form.email);
      const passwordOk =
        user && !user.hidden
          ? await verifyPassword(user.passwordHash, form.password)
          : await verifyAgainstDummy(form.password);
      if (!user || !passwordOk) return { kind: 'invalidCredentials' };
      if (!user.emailVerifiedAt) {
        if (await throttles.tryTake([['verifyPerEmail', user.email]])) await sendVerificationNow(user);
        return { kind: 'emailNotVerified' };
      }
      if (grant) await throttles.clear(['loginPerUnlock', grant.g]);
      else {
        await throttles.clear(['loginPerEmail', form.email]);
        // A shared address (an office) is not charged for its users' good sign-ins.
        await throttles.refund(['loginPerIp', ipSubject(meta)]);
      }
      // Rotation: whatever session the browser had before signing in is dropped.
      if (previousSessionId) await sessions.revoke(previousSessionId);
      const token = await sessions.create(user.id, meta);
      await setLastLogin(db, user.id, clock());
      changes.publish({ kind: 'user', ids: [user.id] });
      return { kind: 'ok', user: toCurrentUser(user), token };
    },

    /**
     * Uses up an e-mailed unlock link (POST only: mail scanners prefetch GET links) and returns the grant cookie
     * that lets this browser sign in to that account while sign-in is throttled, or null for a bad link.
     */
    async unlock(token: string): Promise<{ cookie: string; maxAgeSeconds: number } | null> {
      const now = clock();
      const userId = await consumeToken(db, token, 'unlock', now);
      if (userId === null) return null;
      const user = await findUserById(db, userId);
      if (!user || user.hidden) return null;
      const grant: UnlockGrant = {
        e: user.email,
        g: randomBytes(12).toString('base64url'),
        x: now.getTime() + tokenLifetimes.unlockGrantSeconds * 1000,
      };
      return {
        cookie: sealValue(await unlockKey(), UNLOCK_PURPOSE, grant),
        maxAgeSeconds: tokenLifetimes.unlockGrantSeconds,
      };
    },

    logout: (sessionId: string | undefined) => (sessionId ? sessions.revoke(sessionId) : Promise.resolve()),

    /** Returns the token of the new session: the current one is rotated, all others are revoked. */
    async changePassword(
      user: User,
      form: ChangePasswordForm,
      meta: RequestMeta,
    ): Promise<{ kind: 'ok'; token: string } | { kind: 'oldPasswordWrong' }> {
      await throttles.take([['loginPerEmail', user.email]]);
      if (!(await verifyPassword(user.passwordHash, form.oldPassword))) return { kind: 'oldPasswordWrong' };
      await throttles.clear(['loginPerEmail', user.email]);
      const passwordHash = await hashPassword(form.newPassword);
      await writeTransaction(db, changes, async (tx, note) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await sessions.endForChangedUser(tx, user.id);
        await sendPasswordChanged(tx, user);
        note({ kind: 'user', ids: [user.id] });
      });
      return { kind: 'ok', token: await sessions.create(user.id, meta) };
    },

    async forgotPassword(email: string, meta: RequestMeta) {
      // Counted per address *and* requester (and per requester): a stranger asking for the owner's address uses up
      // only their own allowance, never the owner's (issue 21; limits.ts: no lock-out that anyone can impose).
      await throttles.take([
        ['forgotPerEmailIp', `${email.toLowerCase()}|${ipSubject(meta)}`],
        ['forgotPerIp', ipSubject(meta)],
      ]);
      // The same work on the request's path for any address: the mail is queued after the answer, and one over the
      // per-address cap is skipped silently (the answer does not change).
      deferred.run('forgot password', async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.hidden) return;
        if (!(await throttles.tryTake([['forgotMailPerEmail', user.email]]))) return;
        await db.transaction((tx) => sendResetLink(tx, user));
      });
    },

    async resendVerification(email: string, meta: RequestMeta) {
      await throttles.take([
        ['verifyPerEmail', email],
        ['verifyPerIp', ipSubject(meta)],
      ]);
      deferred.run('resend verification', async () => {
        const user = await findUserByEmail(db, email);
        if (!user || user.hidden || user.emailVerifiedAt) return;
        await sendVerificationNow(user);
      });
    },

    /**
     * Queues a fresh sign-up verification link for the user in the caller's transaction (users management: an
     * administrator's re-send, written together with its audit entry). No throttle: only admins reach it.
     */
    queueVerificationMail: (tx: Executor, user: User) => sendVerification(tx, user),

    /** Queues the forgot-password flow's reset link in the caller's transaction (an admin's "send new password"). */
    queueResetLink: (tx: Executor, user: User) => sendResetLink(tx, user),

    isVerifyTokenUsable: (token: string) => isTokenUsable(db, token, 'verify', clock()),

    /** Consumes the token (POST only: mail scanners prefetch GET links). */
    verifyEmail: (token: string) =>
      writeTransaction(db, changes, async (tx, note) => {
        const userId = await consumeToken(tx, token, 'verify', clock());
        if (userId === null) return false;
        await markEmailVerified(tx, userId, clock());
        note({ kind: 'user', ids: [userId] });
        return true;
      }),

    isResetTokenUsable: (token: string) => isTokenUsable(db, token, 'reset', clock()),

    /** Sets the new password and signs the user out everywhere. */
    async resetPassword(form: ResetPasswordForm): Promise<boolean> {
      // Checked before hashing so that junk tokens cost no hashing time; consumed atomically below.
      if (!(await isTokenUsable(db, form.token, 'reset', clock()))) return false;
      const passwordHash = await hashPassword(form.newpassword);
      const reset = await writeTransaction(db, changes, async (tx, note) => {
        const now = clock();
        const userId = await consumeToken(tx, form.token, 'reset', now);
        if (userId === null) return false;
        await setPasswordHash(tx, userId, passwordHash);
        await retireTokens(tx, userId, 'reset', now);
        // Opening the mailed link proves the mailbox, the same proof verification asks for.
        await markEmailVerified(tx, userId, now);
        await sessions.endForChangedUser(tx, userId);
        const user = await findUserById(tx, userId);
        if (user) await sendPasswordChanged(tx, user);
        note({ kind: 'user', ids: [userId] });
        return userId;
      });
      return reset !== false;
    },
  };
};

export type AccountsService = ReturnType<typeof createAccountsService>;
