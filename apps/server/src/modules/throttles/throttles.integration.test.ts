import { messages, messagesVerification, throttles } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, throttles as throttleRows, users } from '../../db/schema/index.ts';
import { demoPassword } from '../../seed/accounts.ts';
import { TestClient } from '../../test/client.ts';
import {
  createTestApp,
  createTestClock,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/test-app.ts';

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): unknown };

const expectThrottled = (response: Answer, message: string = messages.auth.tooManyAttempts) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ success: false, message });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};
const retryAfter = (response: Answer) => Number(response.headers['retry-after']);

describe('throttles stored in the database', () => {
  const clock = createTestClock();
  let database: TestDatabase;
  let t: TestApp;
  const client = () => new TestClient(t.app).start();
  const login = (browser: TestClient, email: string, password: string, remoteAddress?: string) =>
    browser.request('POST', '/api/users/login', { body: { email, password }, remoteAddress });
  const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    t = await createTestApp({ database, clock });
  });
  afterAll(async () => {
    await t?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await t.db.delete(throttleRows);
  });

  it('holds the sign-in limit under 400 parallel guesses: at most the limit checked, the right password refused', async () => {
    const { max } = throttles.loginPerEmail;
    const browser = await client();
    const guesses = Array.from({ length: 400 }, (_, i) =>
      // The right password is the 22nd guess, as in the burst that got through before.
      login(browser, 'client@demo.test', i === 21 ? demoPassword : `wrong-${i}`),
    );
    const answers = await Promise.all(guesses);
    const checked = answers.filter((answer) => answer.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(max);
    expect(checked.every((answer) => answer.statusCode === 401 || answer.statusCode === 200)).toBe(true);
    // The burst is over and the address is blocked: the right password is refused too.
    expectThrottled(
      await login(await client(), 'client@demo.test', demoPassword),
      messages.auth.signInThrottled,
    );
  });

  it('lets an unverified account confirm its password only within the limit', async () => {
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'npi@demo.test'));
    const browser = await client();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(browser, 'npi@demo.test', demoPassword)),
    );
    const confirmed = answers.filter((answer) => answer.statusCode === 403);
    expect(confirmed.length).toBeLessThanOrEqual(throttles.loginPerEmail.max);
    expect(answers.filter((answer) => answer.statusCode !== 403 && answer.statusCode !== 429)).toEqual([]);
    await t.db.update(users).set({ emailVerifiedAt: clock() }).where(eq(users.email, 'npi@demo.test'));
  });

  it('delays sign-in progressively per address instead of locking the owner out, and a restart keeps the delay', async () => {
    const { max, blockSeconds, maxBlockSeconds } = throttles.loginPerEmail;
    const browser = await client();
    for (let i = 0; i < max; i++) {
      expect((await login(browser, 'admin@demo.test', `wrong-${i}`)).statusCode).toBe(401);
    }
    const first = await login(browser, 'admin@demo.test', demoPassword);
    expectThrottled(first, messages.auth.signInThrottled);
    expect(retryAfter(first)).toBe(blockSeconds);

    // Restart: a new app on the same database still delays.
    await t.close();
    t = await createTestApp({ database, clock });
    expectThrottled(
      await login(await client(), 'Admin@Demo.test', demoPassword),
      messages.auth.signInThrottled,
    );

    // Each further failure doubles the wait, up to the ceiling.
    let wait: number = blockSeconds;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      clock.advance(wait * 1000 + 1000);
      expect((await login(await client(), 'admin@demo.test', 'still-wrong')).statusCode).toBe(401);
      const refused = await login(await client(), 'admin@demo.test', demoPassword);
      wait = retryAfter(refused);
      waits.push(wait);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900, 900].map((s) => Math.min(s, maxBlockSeconds)));

    // Once the wait is over the owner signs in, and the count starts again.
    clock.advance(wait * 1000 + 1000);
    expect((await login(await client(), 'admin@demo.test', demoPassword)).statusCode).toBe(200);
    for (let i = 0; i < max - 1; i++) {
      expect((await login(await client(), 'admin@demo.test', 'wrong')).statusCode).toBe(401);
    }
  });

  it('mails the owner an unlock link that lets this browser sign in while the address is blocked', async () => {
    const { max } = throttles.loginPerEmail;
    const attacker = await client();
    for (let i = 0; i < max; i++) await login(attacker, 'client@demo.test', `guess-${i}`, '10.9.0.1');
    const before = (await mailsTo('client@demo.test')).length;
    // A refused attempt: the same answer for an account and for an unknown address; only the owner gets mail.
    for (let i = 0; i < max; i++) await login(attacker, 'nobody@unlock.example', `guess-${i}`, '10.9.0.1');
    const forAccount = await login(attacker, 'client@demo.test', 'guess', '10.9.0.1');
    const forNobody = await login(attacker, 'nobody@unlock.example', 'guess', '10.9.0.1');
    expect(forAccount.json()).toEqual(forNobody.json());
    expect(forAccount.statusCode).toBe(forNobody.statusCode);
    expect(await mailsTo('nobody@unlock.example')).toEqual([]);
    const mails = await mailsTo('client@demo.test');
    expect(mails.length).toBe(before + 1);
    const token = mails.at(-1)?.text.match(/\/unlock\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    // At most one unlock mail an hour, however often the address is tried.
    await login(attacker, 'client@demo.test', 'guess', '10.9.0.1');
    expect((await mailsTo('client@demo.test')).length).toBe(before + 1);
    // A delayed IP trying many addresses: unlock mails are capped per IP (and overall), whoever the addresses are.
    const ipCap = throttles.unlockMailPerIp.max;
    await t.db
      .insert(throttleRows)
      .values({ key: 'unlockMailPerIp:10.9.0.9', windowStart: clock(), count: ipCap })
      .onConflictDoNothing();
    await t.db
      .update(throttleRows)
      .set({ blockedUntil: new Date(clock().getTime() + 3600_000) })
      .where(eq(throttleRows.key, 'unlockMailPerIp:10.9.0.9'));
    const npiBefore = (await mailsTo('npi@demo.test')).length;
    for (let i = 0; i < max + 1; i++) await login(attacker, 'npi@demo.test', `guess-${i}`, '10.9.0.9');
    expect((await mailsTo('npi@demo.test')).length).toBe(npiBefore);

    // The owner's browser: blocked like everyone, until the link is used there (by POST, once).
    const owner = await client();
    expectThrottled(
      await login(owner, 'client@demo.test', demoPassword, '10.9.0.2'),
      messages.auth.signInThrottled,
    );
    const unlocked = await owner.post('/api/users/unlock', { token });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ success: true, message: messages.auth.unlocked });
    expect(owner.cookies.get('login_unlock')).toBeTruthy();
    const again = await (await client()).post('/api/users/unlock', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.auth.unlockInvalid);

    // The grant still asks for the password, with a limit of its own.
    expect((await login(owner, 'client@demo.test', 'wrong-again', '10.9.0.2')).statusCode).toBe(401);
    expect((await login(owner, 'client@demo.test', demoPassword, '10.9.0.2')).statusCode).toBe(200);
    // Other browsers stay blocked; a grant does not open another account, and a forged one is ignored.
    expectThrottled(
      await login(attacker, 'client@demo.test', demoPassword, '10.9.0.1'),
      messages.auth.signInThrottled,
    );
    const other = await client();
    other.cookies.set('login_unlock', owner.cookies.get('login_unlock') ?? '');
    expectThrottled(
      await login(other, 'nobody@unlock.example', 'x', '10.9.0.3'),
      messages.auth.signInThrottled,
    );
    other.cookies.set('login_unlock', 'eyJlIjoiY2xpZW50QGRlbW8udGVzdCJ9.forged');
    expectThrottled(
      await login(other, 'client@demo.test', demoPassword, '10.9.0.3'),
      messages.auth.signInThrottled,
    );
  });

  it('delays sign-in from one IP after 30 failures, but good sign-ins from a shared IP cost nothing', async () => {
    const { max } = throttles.loginPerIp;
    const office = await client();
    // 40 good sign-ins from one office address: none is delayed.
    for (let i = 0; i < max + 10; i++) {
      expect((await login(office, 'npi@demo.test', demoPassword, '10.8.0.1')).statusCode).toBe(200);
    }
    for (let i = 0; i < max; i++) {
      const response = await login(office, `nobody${i}@ip-test.example`, 'wrong', '10.8.0.1');
      expect(response.statusCode).toBe(401);
    }
    expectThrottled(
      await login(office, 'npi@demo.test', demoPassword, '10.8.0.1'),
      messages.auth.signInThrottled,
    );
    // Another address is not affected.
    expect((await login(office, 'npi@demo.test', demoPassword, '10.8.0.2')).statusCode).toBe(200);
  });

  it('limits sign-ups per IP, also under parallel requests, and overall', async () => {
    const { max } = throttles.signupPerIp;
    const browser = await client();
    const form = (i: number) => signupOf(`person${i}@signup-burst.example`);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        browser.request('POST', '/api/users/signup', { body: form(i), remoteAddress: '10.7.0.1' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBe(max);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBe(30 - max);

    // Overall: many addresses together cannot queue more than the global limit of mails an hour.
    await t.db.delete(throttleRows);
    const global = throttles.signupGlobal.max;
    await t.db
      .insert(throttleRows)
      .values({ key: 'signupGlobal:all', windowStart: clock(), count: global - 1 });
    const last = await browser.request('POST', '/api/users/signup', {
      body: form(100),
      remoteAddress: '10.7.1.1',
    });
    expect(last.statusCode).toBe(201);
    expectThrottled(
      await browser.request('POST', '/api/users/signup', { body: form(101), remoteAddress: '10.7.1.2' }),
    );
  });

  it('limits forgot-password per e-mail and requester (3 per hour) without revealing whether the account exists', async () => {
    for (const email of ['client@demo.test', 'unknown@forgot.example']) {
      const browser = await client();
      for (let i = 0; i < throttles.forgotPerEmailIp.max; i++) {
        const response = await browser.post('/api/users/forgotPassword', { email });
        expect(response.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
      }
      expectThrottled(await browser.post('/api/users/forgotPassword', { email }));
    }
  });

  it('lets nobody lock the owner out of a reset: 100 parallel requests for the address, then the owner from another address gets a link', async () => {
    const email = 'client@demo.test';
    const resetLinks = async () =>
      (await mailsTo(email)).filter((mail) => mail.text.includes('/resetpassword?p='));
    const before = (await resetLinks()).length;
    const stranger = await client();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        stranger.request('POST', '/api/users/forgotPassword', {
          body: { email },
          remoteAddress: '10.21.1.1',
        }),
      ),
    );
    // The stranger is held back by their own allowance (per address and requester), and the mails they caused are
    // capped: the owner's inbox is not flooded.
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBe(throttles.forgotPerEmailIp.max);
    const afterStranger = (await resetLinks()).length;
    expect(afterStranger - before).toBeLessThanOrEqual(throttles.forgotPerEmailIp.max);

    const owner = await client();
    const asked = await owner.request('POST', '/api/users/forgotPassword', {
      body: { email: 'Client@demo.test' },
      remoteAddress: '10.21.2.2',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
    expect((await resetLinks()).length).toBe(afterStranger + 1);
  });

  it('caps the reset mails one address gets in all, silently: the answer stays neutral', async () => {
    const email = 'npi@demo.test';
    const { max } = throttles.forgotMailPerEmail;
    const resetLinks = async () =>
      (await mailsTo(email)).filter((mail) => mail.text.includes('/resetpassword?p='));
    const before = (await resetLinks()).length;
    // Requesters from many addresses, each within their own allowance.
    for (let i = 0; i < max + 5; i++) {
      const answer = await (await client()).request('POST', '/api/users/forgotPassword', {
        body: { email },
        remoteAddress: `10.22.0.${i + 1}`,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
    }
    expect((await resetLinks()).length - before).toBe(max);
  });

  it('limits forgot-password per IP address, also under parallel requests', async () => {
    const browser = await client();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        browser.post('/api/users/forgotPassword', { email: `f${i}@ip.example` }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBe(throttles.forgotPerIp.max);
    expectThrottled(await browser.post('/api/users/forgotPassword', { email: 'another@ip.example' }));
  });

  it('limits verification resends per e-mail', async () => {
    const browser = await client();
    for (let i = 0; i < throttles.verifyPerEmail.max; i++) {
      const response = await browser.post('/api/users/resendVerify', { email: 'waiting@resend.example' });
      expect(response.json()).toEqual({ success: true, message: messagesVerification.resent });
    }
    expectThrottled(await browser.post('/api/users/resendVerify', { email: 'waiting@resend.example' }));
  });
});

/** A valid sign-up form for `email`. */
const signupOf = (email: string) => ({
  email,
  password: 'first-password-1',
  confirmPassword: 'first-password-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Engines Ltd',
  acceptTandC: true,
});

describe('SIGNUP_PER_IP_HOUR', () => {
  it('sets how many sign-ups an hour one address may make', async () => {
    const t = await createTestApp({ env: { SIGNUP_PER_IP_HOUR: '3' } });
    try {
      const browser = await new TestClient(t.app).start();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const answer = await browser.request('POST', '/api/users/signup', {
          body: signupOf(`office${i}@onboarding.example`),
          remoteAddress: '10.9.0.1',
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  const signUps = async (env: Record<string, string>, forwardedFor: (i: number) => string) => {
    const t = await createTestApp({ env: { SIGNUP_PER_IP_HOUR: '2', ...env } });
    try {
      const browser = await new TestClient(t.app).start();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const answer = await browser.request('POST', '/api/users/signup', {
          body: signupOf(`proxy${i}@onboarding.example`),
          // every request comes through the same load balancer
          remoteAddress: '10.9.0.1',
          headers: { 'x-forwarded-for': forwardedFor(i) },
        });
        statuses.push(answer.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  };

  it('is off by default: a claimed X-Forwarded-For changes nothing (a client could claim any address)', async () => {
    expect(await signUps({}, (i) => `203.0.113.${i + 1}`)).toEqual([201, 201, 429]);
  });

  it('behind a trusted proxy, throttles count each client address, not the proxy', async () => {
    expect(await signUps({ TRUST_PROXY: '1' }, (i) => `203.0.113.${i + 1}`)).toEqual([201, 201, 201]);
    expect(await signUps({ TRUST_PROXY: '10.0.0.0/8' }, () => '203.0.113.7')).toEqual([201, 201, 429]);
  });
});
