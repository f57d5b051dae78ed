import {
  mailMessages,
  messages,
  messagesVerification,
  sessionCookie,
  tokenLifetimes,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../db/schema/index.ts';
import { demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('account flows', () => {
  let t: TestApp;
  const browser = () => new TestClient(t.app).start();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const mailsTo = (to: string) =>
    t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.id);
  const lastToken = async (to: string, pattern: RegExp) => {
    const mails = await mailsTo(to);
    const match = mails.at(-1)?.text.match(pattern);
    if (!match?.[1]) throw new Error(`no link in the last mail to ${to}`);
    return decodeURIComponent(match[1]);
  };
  const verifyToken = (to: string) => lastToken(to, /\/verify\?token=([\w%-]+)/);
  const resetToken = (to: string) => lastToken(to, /\/resetpassword\?p=([\w%-]+)/);

  const signup = (email: string, password = 'first-password-1') => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    companyName: 'Compilers Inc',
    email,
    password,
    confirmPassword: password,
    acceptTandC: true,
  });

  it('signs up, verifies by POST only, signs in as Pending Activate, changes password, signs out', async () => {
    const email = 'grace@compilers.example';
    const anon = await browser();
    const created = await anon.post('/api/users/signup', signup('Grace@Compilers.Example'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ success: true, message: messages.auth.signupSuccess });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ subject: mailMessages.verifySubject, status: 'pending' });
    expect(mail!.html).toContain('http://portal.test/verify?token=');

    // Unverified: the right password gets 403 emailNotVerified and a fresh link; a wrong one the usual 401.
    const early = await anon.post('/api/users/login', { email, password: 'first-password-1' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      success: false,
      message: messages.auth.emailNotVerified,
      code: 'emailNotVerified',
    });
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await anon.post('/api/users/login', { email, password: 'wrong-password' })).statusCode).toBe(401);

    const token = await verifyToken(email);
    for (let i = 0; i < 2; i++) {
      expect((await anon.get(`/api/verify?token=${token}`)).json()).toEqual({ success: true });
    }
    const verified = await anon.post('/api/verify', { token });
    expect(verified.json()).toEqual({ success: true, message: messagesVerification.emailVerified });
    const again = await anon.post('/api/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: messagesVerification.tokenInvalid });
    expect((await anon.get(`/api/verify?token=${token}`)).json()).toEqual({ success: false });

    const login = await anon.post('/api/users/login', { email, password: 'first-password-1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      email,
      full_name: 'Grace Hopper',
      type: 'client',
      sEntity: 'U',
      status: 'Pending Activate',
      companyName: 'Compilers Inc',
    });
    const sid = login.cookies.find((c) => c.name === sessionCookie)!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await anon.get('/api/users/me');
    expect(me.json()).toMatchObject({ success: true, data: { email, status: 'Pending Activate' } });

    // A second device; changing the password signs it out and rotates this session.
    const other = new TestClient(t.app);
    await other.login(email, 'first-password-1');
    // Used once first, so that this process remembers the session (the session cache must forget it).
    expect((await other.get('/api/users/me')).json().data.email).toBe(email);
    const before = anon.cookies.get(sessionCookie);
    const changed = await anon.post('/api/users/changePassword', {
      oldPassword: 'first-password-1',
      newPassword: 'second-password-2',
      confirmNewPassword: 'second-password-2',
    });
    expect(changed.json()).toEqual({ success: true, message: messages.auth.passwordChanged });
    expect(anon.cookies.get(sessionCookie)).not.toBe(before);
    expect((await anon.get('/api/users/me')).json().data.email).toBe(email);
    const otherMe = await other.get('/api/users/me');
    expect(otherMe.json()).toEqual({ success: false, data: null });
    expect(other.cookies.has(sessionCookie)).toBe(false);
    expect((await mailsTo(email)).at(-1)!.subject).toBe(mailMessages.passwordChangedSubject);
    const oldPassword = await (await browser()).post('/api/users/login', {
      email,
      password: 'first-password-1',
    });
    expect(oldPassword.statusCode).toBe(401);

    const loggedOut = await anon.post('/api/users/logout');
    expect(loggedOut.json()).toEqual({ success: true, message: messages.auth.signedOut });
    expect((await anon.get('/api/users/me')).json()).toEqual({ success: true, data: null });
    // The revoked token itself is dead, not only forgotten by this browser.
    const replay = new TestClient(t.app);
    replay.cookies.set(sessionCookie, anon.cookies.get(sessionCookie) ?? before!);
    expect((await replay.get('/api/users/me')).json()).toEqual({ success: false, data: null });
  });

  it('resets a forgotten password with a single-use, expiring link and signs out everywhere', async () => {
    const email = 'npi@demo.test';
    const device = new TestClient(t.app);
    await device.login(email, demoPassword);
    expect((await device.get('/api/users/me')).json().data.email).toBe(email);
    const anon = await browser();
    const asked = await anon.post('/api/users/forgotPassword', { email: 'NPI@demo.test' });
    expect(asked.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
    const token = await resetToken(email);
    expect((await anon.get(`/api/users/validateResetToken?token=${token}`)).json()).toEqual({
      success: true,
    });

    const mismatch = await anon.post('/api/users/resetPassword', {
      token,
      newpassword: 'reset-password-1',
      confirmpassword: 'reset-password-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmpassword).toBe(messages.validation.passwordMismatch);

    const body = { token, newpassword: 'reset-password-1', confirmpassword: 'reset-password-1' };
    const reset = await anon.post('/api/users/resetPassword', body);
    expect(reset.json()).toEqual({ success: true, message: messagesVerification.passwordReset });
    const reused = await anon.post('/api/users/resetPassword', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ success: false, message: messagesVerification.resetExpired });
    expect((await device.get('/api/users/me')).json()).toEqual({ success: false, data: null });
    expect(
      (await (await browser()).post('/api/users/login', { email, password: 'reset-password-1' })).statusCode,
    ).toBe(200);

    // An hour later a fresh link has expired.
    await anon.post('/api/users/forgotPassword', { email });
    const late = await resetToken(email);
    t.clock.advance(tokenLifetimes.resetSeconds * 1000 + 1000);
    expect((await anon.get(`/api/users/validateResetToken?token=${late}`)).json()).toEqual({
      success: false,
    });
    const expired = await anon.post('/api/users/resetPassword', { ...body, token: late });
    expect(expired.json()).toEqual({ success: false, message: messagesVerification.resetExpired });
  });

  it('never reveals whether an account exists', async () => {
    const anon = await browser();
    const unknown = await anon.post('/api/users/login', {
      email: 'nobody@nowhere.example',
      password: 'whatever-1',
    });
    const wrong = await anon.post('/api/users/login', { email: 'admin@demo.test', password: 'whatever-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ success: false, message: messages.auth.invalidCredentials });
    expect(wrong.json()).toEqual(unknown.json());

    const forgotUnknown = await anon.post('/api/users/forgotPassword', { email: 'nobody@nowhere.example' });
    expect(forgotUnknown.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
    expect(await mailsTo('nobody@nowhere.example')).toHaveLength(0);

    // Signing up with a taken address answers like a new signup and mails the owner instead.
    const userCount = (await t.db.select().from(users)).length;
    const taken = await anon.post('/api/users/signup', signup('Client@Demo.Test'));
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ success: true, message: messages.auth.signupSuccess });
    expect(await t.db.select().from(users)).toHaveLength(userCount);
    expect((await mailsTo('client@demo.test')).at(-1)!.subject).toBe(mailMessages.accountExistsSubject);
  });

  it('resends a verification link only to accounts waiting for one', async () => {
    const email = 'waiting@resend-flow.example';
    const anon = await browser();
    await anon.post('/api/users/signup', signup(email));
    const resent = await anon.post('/api/users/resendVerify', { email });
    expect(resent.json()).toEqual({ success: true, message: messagesVerification.resent });
    expect(await mailsTo(email)).toHaveLength(2);
    await anon.post('/api/users/resendVerify', { email: 'admin@demo.test' });
    expect(
      (await mailsTo('admin@demo.test')).filter((m) => m.subject === mailMessages.verifySubject),
    ).toHaveLength(0);
  });

  it('rotates the session at sign-in and ends sessions when they expire or the user is removed', async () => {
    const client = new TestClient(t.app);
    await client.login('admin@demo.test', demoPassword);
    const first = client.cookies.get(sessionCookie)!;
    await client.login('admin@demo.test', demoPassword);
    expect(client.cookies.get(sessionCookie)).not.toBe(first);
    const stale = new TestClient(t.app);
    stale.cookies.set(sessionCookie, first);
    expect((await stale.get('/api/users/me')).json()).toEqual({ success: false, data: null });

    t.clock.advance(t.config.sessionTtlHours * 60 * 60 * 1000 + 1000);
    expect((await client.get('/api/users/me')).json()).toEqual({ success: false, data: null });

    await client.login('client@demo.test', demoPassword);
    await t.db.update(users).set({ hidden: true }).where(eq(users.email, 'client@demo.test'));
    expect((await client.get('/api/users/me')).json()).toEqual({ success: false, data: null });
    const removed = await (await browser()).post('/api/users/login', {
      email: 'client@demo.test',
      password: demoPassword,
    });
    expect(removed.statusCode).toBe(401);
    expect(removed.json().message).toBe(messages.auth.invalidCredentials);
    await t.db.update(users).set({ hidden: false }).where(eq(users.email, 'client@demo.test'));
  });

  it('stores only hashes of session tokens', async () => {
    const client = new TestClient(t.app);
    await client.login('npi@demo.test', 'reset-password-1');
    const token = client.cookies.get(sessionCookie)!;
    const stored = await t.db.select({ id: sessions.id }).from(sessions);
    expect(stored.some((s) => s.id === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
    const [hash] = await t.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'npi@demo.test'));
    expect(hash!.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('serves public parameters from the allow-list only', async () => {
    const anon = await browser();
    expect((await anon.get('/api/getParameter/bEnableConnectBookings')).json()).toEqual({
      name: 'bEnableConnectBookings',
      value: '1',
    });
    const domains = (await anon.get('/api/getParameter/sCommonEmailDomain')).json();
    expect(domains.value.split(',')).toContain('gmail.com');
    expect((await anon.get('/api/getParameter/sRshWebContactHTML')).json().value).toContain(
      'Client services',
    );
    // Not allow-listed, allow-listed but absent, and a private value that exists.
    await t.db.execute("insert into parameters (name, value, is_public) values ('sSmtpSecret', 'x', true)");
    // Every parameter of spec 3 section 9 is seeded: make one allow-listed name absent again.
    await t.db.execute("delete from parameters where name = 'rw_SubtitleHintText'");
    for (const name of ['sSmtpSecret', 'rw_SubtitleHintText', 'no-such-parameter']) {
      const response = await anon.get(`/api/getParameter/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.errors.notFound });
    }
  });

  it('reports health after querying the database', async () => {
    const response = await (await browser()).get('/api/health');
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
