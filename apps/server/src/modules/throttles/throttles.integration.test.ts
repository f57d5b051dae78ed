import { messages, throttles } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../db/seed/accounts.ts';
import { TestClient } from '../../test/client.ts';
import {
  createTestApp,
  createTestClock,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/test-app.ts';

const expectThrottled = (response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ success: false, message: messages.auth.tooManyAttempts });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
};

describe('throttles stored in the database', () => {
  const clock = createTestClock();
  let database: TestDatabase;
  let t: TestApp;
  const client = () => new TestClient(t.app).start();

  beforeAll(async () => {
    database = await createTestDatabase({ persistent: true });
    t = await createTestApp({ database, clock });
  });
  afterAll(async () => {
    await t?.close();
    await database?.destroy();
  });

  it('blocks sign-in for an e-mail after 5 failures, and the block survives a restart', async () => {
    const { max, blockSeconds } = throttles.loginPerEmail;
    const browser = await client();
    for (let i = 0; i < max; i++) {
      const response = await browser.post('/api/users/login', {
        email: 'client@demo.test',
        password: `wrong-${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await browser.post('/api/users/login', {
      email: 'client@demo.test',
      password: demoPassword,
    });
    expectThrottled(blocked);
    expect(Number(blocked.headers['retry-after'])).toBe(blockSeconds);

    // Restart: a new app on the same database still refuses.
    await t.close();
    t = await createTestApp({ database, clock });
    const afterRestart = await (await client()).post('/api/users/login', {
      email: 'Client@Demo.test',
      password: demoPassword,
    });
    expectThrottled(afterRestart);

    // Other accounts are not affected by this e-mail's block.
    expect(
      (await (await client()).post('/api/users/login', { email: 'npi@demo.test', password: demoPassword }))
        .statusCode,
    ).toBe(200);

    clock.advance(blockSeconds * 1000 + 1000);
    const later = await (await client()).post('/api/users/login', {
      email: 'client@demo.test',
      password: demoPassword,
    });
    expect(later.statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const browser = await client();
    for (let i = 0; i < throttles.loginPerEmail.max - 1; i++) {
      await browser.post('/api/users/login', { email: 'admin@demo.test', password: 'wrong' });
    }
    expect(
      (await browser.post('/api/users/login', { email: 'admin@demo.test', password: demoPassword }))
        .statusCode,
    ).toBe(200);
    const fresh = await client();
    for (let i = 0; i < throttles.loginPerEmail.max - 1; i++) {
      expect(
        (await fresh.post('/api/users/login', { email: 'admin@demo.test', password: 'wrong' })).statusCode,
      ).toBe(401);
    }
  });

  it('blocks sign-in from one IP address after 30 failures across e-mails', async () => {
    clock.advance(throttles.loginPerIp.windowSeconds * 1000 + 1000); // earlier tests' failures leave the window
    const browser = await client();
    const headers = { 'x-forwarded-for': 'ignored' }; // no trustProxy: the socket address counts
    for (let i = 0; i < throttles.loginPerIp.max; i++) {
      const response = await browser.request('POST', '/api/users/login', {
        body: { email: `nobody${i}@ip-test.example`, password: 'wrong' },
        headers,
      });
      expect(response.statusCode).toBe(401);
    }
    expectThrottled(
      await browser.post('/api/users/login', { email: 'npi@demo.test', password: demoPassword }),
    );
    clock.advance(throttles.loginPerIp.blockSeconds * 1000 + 1000);
  });

  it('limits forgot-password per e-mail (3 per hour) without revealing whether the account exists', async () => {
    for (const email of ['client@demo.test', 'unknown@forgot.example']) {
      const browser = await client();
      for (let i = 0; i < throttles.forgotPerEmail.max; i++) {
        const response = await browser.post('/api/users/forgotPassword', { email });
        expect(response.json()).toEqual({ success: 'true', message: messages.forgotPassword.success });
      }
      expectThrottled(await browser.post('/api/users/forgotPassword', { email }));
    }
  });

  it('limits forgot-password per IP address', async () => {
    clock.advance(throttles.forgotPerEmail.blockSeconds * 1000 + 1000);
    const browser = await client();
    for (let i = 0; i < throttles.forgotPerIp.max; i++) {
      expect(
        (await browser.post('/api/users/forgotPassword', { email: `f${i}@ip.example` })).statusCode,
      ).toBe(200);
    }
    expectThrottled(await browser.post('/api/users/forgotPassword', { email: 'another@ip.example' }));
  });

  it('limits verification resends per e-mail', async () => {
    const browser = await client();
    for (let i = 0; i < throttles.verifyPerEmail.max; i++) {
      const response = await browser.post('/api/users/resendVerify', { email: 'waiting@resend.example' });
      expect(response.json()).toEqual({ success: true, message: messages.verification.resent });
    }
    expectThrottled(await browser.post('/api/users/resendVerify', { email: 'waiting@resend.example' }));
  });
});
