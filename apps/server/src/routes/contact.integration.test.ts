import { type AltchaChallenge, csrf, messages, messagesSite, throttles } from '@portal/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaUses, contactMessages, emailOutbox, serverSecrets } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A visitor from one address: keeps its cookies and CSRF token like the browser does. */
const visitor = async (t: TestApp, ip: string) => {
  const start = await t.app.inject({ method: 'GET', url: '/api/users/me', remoteAddress: ip });
  const token = String(start.headers[csrf.header]);
  const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { cookie } }),
    post: (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { cookie, [csrf.header]: token },
        payload: body as Record<string, unknown>,
      }),
  };
};
type Visitor = Awaited<ReturnType<typeof visitor>>;

/** What the widget does: fetch a challenge, solve it, and encode the payload it puts in the form. */
const solvedPayload = async (v: Visitor) => {
  const challenge = (await v.get('/api/aoi/challenge')).json() as AltchaChallenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge could not be solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
};

const form = (captcha: string, extra: Record<string, unknown> = {}) => ({
  name: 'Mei Chan',
  email: 'mei.chan@fund.example',
  message: 'Please send me your coverage list for ASEAN banks.\n\nThank you.',
  captcha,
  type: 'Investor',
  ...extra,
});

describe('contact forms with the ALTCHA captcha', () => {
  let t: TestApp;
  let ipCounter = 0;
  const freshVisitor = () => visitor(t, `10.0.0.${++ipCounter}`);
  const messageCount = async () => (await t.db.select({ n: count() }).from(contactMessages))[0]!.n;
  const mailCount = async () => (await t.db.select({ n: count() }).from(emailOutbox))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a signed, expiring challenge and keeps the HMAC key to itself', async () => {
    const v = await freshVisitor();
    const response = await v.get('/api/aoi/challenge');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json() as AltchaChallenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(t.clock().getTime());
    const [secret] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'altchaHmacKey'));
    expect(secret?.value.length).toBeGreaterThanOrEqual(40);
    expect(response.body).not.toContain(secret!.value);
    // The key is made once: a second challenge is signed with the same stored secret.
    await v.get('/api/aoi/challenge');
    expect(await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'altchaHmacKey'))).toEqual([
      secret,
    ]);
  });

  it('accepts a solved challenge once: stores the message and queues a mail to the firm', async () => {
    const v = await freshVisitor();
    const payload = await solvedPayload(v);
    const messagesBefore = await messageCount();
    const response = await v.post('/api/aoi', form(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messagesSite.contactSent });

    const [stored] = await t.db
      .select()
      .from(contactMessages)
      .orderBy(contactMessages.id)
      .limit(1)
      .offset(messagesBefore);
    expect(stored).toMatchObject({
      type: 'Investor',
      name: 'Mei Chan',
      email: 'mei.chan@fund.example',
      message: 'Please send me your coverage list for ASEAN banks.\n\nThank you.',
    });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, stored!.mailId!));
    expect(mail?.to).toBe(t.config.firm.email);
    expect(mail?.subject).toContain(messagesSite.contactMailSubject);
    expect(mail?.text).toContain('mei.chan@fund.example');
    expect(mail?.text).toContain('Please send me your coverage list for ASEAN banks.');
    expect(mail?.html).toContain('Mei Chan');

    // The same proof again (a replay) is refused under the captcha, and nothing is stored or sent.
    const mails = await mailCount();
    const replay = await v.post('/api/aoi', form(payload));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      success: false,
      message: messagesSite.captchaInvalid,
      error: messagesSite.captchaInvalid,
      errors: { captcha: messagesSite.captchaInvalid },
    });
    expect(await messageCount()).toBe(messagesBefore + 1);
    expect(await mailCount()).toBe(mails);
  });

  it('escapes what the visitor wrote in the mail to the firm', async () => {
    const v = await freshVisitor();
    const response = await v.post(
      '/api/aoi',
      form(await solvedPayload(v), { message: '<img src=x onerror=alert(1)>', type: 'Analyst' }),
    );
    expect(response.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .orderBy(emailOutbox.id)
      .limit(1)
      .offset((await mailCount()) - 1);
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&lt;img');
    expect(mail?.subject).toContain('Analyst');
  });

  it('refuses a missing, made-up, tampered or unsolved captcha with the captcha error', async () => {
    const v = await freshVisitor();
    const before = await messageCount();

    const missing = await v.post('/api/aoi', form(''));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ captcha: messagesSite.captchaRequired });
    expect(missing.json().message).toBe(messagesSite.captchaRequired);

    const challenge = (await v.get('/api/aoi/challenge')).json() as AltchaChallenge;
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forged = [
      'not-a-payload',
      encode({ hello: 'world' }),
      // a wrong answer to a real challenge (the key only solving reveals, guessed)
      encode({
        challenge,
        solution: { ...solution, derivedKey: `${challenge.parameters.keyPrefix}${'0'.repeat(32)}` },
      }),
      encode({ challenge, solution: { counter: 1 } }),
      // a challenge the server did not sign (a bot making its own easy one)
      encode({ challenge: { ...challenge, signature: 'f'.repeat(64) }, solution }),
      encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution }),
      // a forged verifyToken token
      `t1.abc.${Math.floor(t.clock().getTime() / 1000) + 60}.forged`,
    ];
    for (const captcha of forged) {
      const response = await v.post('/api/aoi', form(captcha));
      expect(response.statusCode, captcha).toBe(400);
      expect(response.json().errors).toEqual({ captcha: messagesSite.captchaInvalid });
      expect(response.json().error).toBe(messagesSite.captchaInvalid);
    }
    expect(await messageCount()).toBe(before);
    // The genuine solution still works afterwards: refusals did not consume it.
    const genuine = await v.post('/api/aoi', form(encode({ challenge, solution })));
    expect(genuine.statusCode).toBe(200);
  });

  it('refuses a solved challenge after it expired', async () => {
    const v = await freshVisitor();
    const payload = await solvedPayload(v);
    t.clock.advance(11 * 60 * 1000);
    const response = await v.post('/api/aoi', form(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ captcha: messagesSite.captchaInvalid });
  });

  it('exchanges a solved payload for a single-use token on POST /aoi/verifyToken', async () => {
    const v = await freshVisitor();
    const payload = await solvedPayload(v);
    const exchanged = await v.post('/api/aoi/verifyToken', { token: payload });
    expect(exchanged.statusCode).toBe(200);
    const { t: token } = exchanged.json() as { t: string };
    expect(token).toMatch(/^t1\./);

    // The payload is used up by the exchange, both for another exchange and for the form.
    const again = await v.post('/api/aoi/verifyToken', { token: payload });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, error: messagesSite.captchaInvalid });
    expect((await v.post('/api/aoi', form(payload))).statusCode).toBe(400);

    expect((await v.post('/api/aoi', form(token))).statusCode).toBe(200);
    const reused = await v.post('/api/aoi', form(token));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ captcha: messagesSite.captchaInvalid });
  });

  it('refuses a verifyToken token after it expired', async () => {
    const v = await freshVisitor();
    const { t: token } = (await v.post('/api/aoi/verifyToken', { token: await solvedPayload(v) })).json() as {
      t: string;
    };
    t.clock.advance(11 * 60 * 1000);
    const response = await v.post('/api/aoi', form(token));
    expect(response.json().errors).toEqual({ captcha: messagesSite.captchaInvalid });
  });

  it('answers the spec texts for missing fields and ours for bad ones', async () => {
    const v = await freshVisitor();
    const empty = await v.post('/api/aoi', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: messagesSite.nameRequired,
      errors: {
        name: messagesSite.nameRequired,
        email: messagesSite.emailRequired,
        message: messagesSite.messageRequired,
        captcha: messagesSite.captchaRequired,
        type: messagesSite.typeInvalid,
      },
    });
    const blanks = await v.post('/api/aoi', form('x', { name: '  ', email: ' ', message: '\n' }));
    expect(blanks.json().errors).toEqual({
      name: messagesSite.nameRequired,
      email: messagesSite.emailRequired,
      message: messagesSite.messageRequired,
    });
    const bad = await v.post(
      '/api/aoi',
      form('x', { email: 'not-an-address', type: 'Journalist', message: 'x'.repeat(5001) }),
    );
    expect(bad.json().errors).toEqual({
      email: messages.validation.emailInvalid,
      message: messagesSite.messageTooLong,
      type: messagesSite.typeInvalid,
    });
    // A NUL cannot be stored (it used to answer 500): control characters are refused, a message keeps its lines.
    const controls = await v.post(
      '/api/aoi',
      form('x', { name: 'A\u0000B', email: 'a\u0001@b.example', message: 'line one\n\tline two\u0000' }),
    );
    expect(controls.statusCode).toBe(400);
    expect(controls.json().errors).toEqual({
      name: messages.validation.controlCharacters,
      email: messages.validation.controlCharacters,
      message: messages.validation.controlCharacters,
    });
    const lines = await v.post('/api/aoi', form('x', { message: 'line one\n\tline two' }));
    expect(lines.json().errors?.message).toBeUndefined();
    const noToken = await v.post('/api/aoi/verifyToken', {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errors).toEqual({ token: messagesSite.captchaRequired });
  });

  it('needs the CSRF header', async () => {
    const v = await freshVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/aoi',
      remoteAddress: '10.9.9.9',
      payload: form('x'),
    });
    expect(response.statusCode).toBe(403);
    expect((await v.get('/api/aoi/challenge')).statusCode).toBe(200);
  });

  it('throttles the form per address, whatever the captcha', async () => {
    const v = await freshVisitor();
    const other = await freshVisitor();
    const { max } = throttles.contactPerIp;
    for (let i = 0; i < max; i++) {
      expect((await v.post('/api/aoi', form('not-a-payload'))).statusCode).toBe(400);
    }
    const blocked = await v.post('/api/aoi', form(await solvedPayload(v)));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.auth.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await other.post('/api/aoi', form(await solvedPayload(other)))).statusCode).toBe(200);
  });

  it('throttles captcha checks per address', async () => {
    const v = await freshVisitor();
    const { max } = throttles.captchaPerIp;
    for (let i = 0; i < max; i++) {
      expect((await v.post('/api/aoi/verifyToken', { token: 'x' })).statusCode).toBe(400);
    }
    expect((await v.post('/api/aoi/verifyToken', { token: 'x' })).statusCode).toBe(429);
  });

  it('forgets used proofs once they have expired', async () => {
    const v = await freshVisitor();
    const usedProofs = async () => (await t.db.select({ n: count() }).from(captchaUses))[0]!.n;
    expect(await usedProofs()).toBeGreaterThan(0);
    t.clock.advance(60 * 60 * 1000);
    // Any later check sweeps the expired records.
    await v.post('/api/aoi', form(await solvedPayload(v)));
    expect(await usedProofs()).toBe(1);
  });
});
