import { type ApiRoute, apiRoutes, mayCall, messages, type Role, roles } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../seed/accounts.ts';
import { TestClient } from '../test/client.ts';
import { countWrites, createTestApp, type TestApp } from '../test/test-app.ts';

// Generated from the contract's route table: every route x role x CSRF header x path variant.
const variants = ['as listed', 'upper case', 'trailing slash', 'double slash'] as const;
type Variant = (typeof variants)[number];
type Refusal = 'signInRequired' | 'forbidden' | 'csrfMissing';

const urlOf = (route: ApiRoute, variant: Variant) => {
  let path = `/api${route.path}`;
  if (variant === 'upper case') path = path.toUpperCase();
  for (const [name, value] of Object.entries(route.sample?.params ?? {})) {
    path = path.replace(new RegExp(`:${name}`, 'i'), encodeURIComponent(value));
  }
  if (variant === 'trailing slash') path = `${path}/`;
  if (variant === 'double slash') path = path.replace('/api/', '/api//');
  const query = new URLSearchParams(route.sample?.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
};

const refusalOf = (response: LightMyRequestResponse): Refusal | null => {
  const message = (response.json() as { message?: string }).message;
  if (response.statusCode === 401 && message === messages.auth.signInRequired) return 'signInRequired';
  if (response.statusCode === 403 && message === messages.auth.forbidden) return 'forbidden';
  if (response.statusCode === 403 && message === messages.auth.csrfMissing) return 'csrfMissing';
  return null;
};

const expectedRefusal = (route: ApiRoute, role: Role, withCsrf: boolean): Refusal | null => {
  if (!mayCall(route, role)) return role === 'anonymous' ? 'signInRequired' : 'forbidden';
  // A tokenOnly route (RFC 8058 one-click unsubscribe) is authorised by the token in its URL alone, no CSRF.
  if (route.changesState && !route.tokenOnly && !withCsrf) return 'csrfMissing';
  return null;
};

const emailOf = (role: Exclude<Role, 'anonymous'>) => demoAccounts.find((a) => a.type === role)!.email;

describe('authorization generated from the API route table', () => {
  let t: TestApp;
  // Rows written since the suite began: a refusal writes none (not even one put back as it was).
  let rowsWritten: () => Promise<number>;
  const signedIn = new Map<Role, TestClient>();

  beforeAll(async () => {
    t = await createTestApp({
      register: (app) => {
        // Registered but deliberately absent from the table: must be refused (default deny).
        app.get('/api/test-only/unlisted', async () => ({ reached: true }));
        app.post('/api/test-only/unlisted', async () => ({ reached: true }));
      },
    });
    rowsWritten = await countWrites(t.db);
  });
  afterAll(() => t?.close());

  const clientFor = async (role: Role) => {
    if (role === 'anonymous') return new TestClient(t.app).start();
    let client = signedIn.get(role);
    if (!client) {
      client = new TestClient(t.app);
      await client.login(emailOf(role), demoPassword);
      signedIn.set(role, client);
    }
    return client;
  };

  const cases = apiRoutes.flatMap((route) =>
    roles.flatMap((role) =>
      [true, false].flatMap((withCsrf) => variants.map((variant) => ({ route, role, withCsrf, variant }))),
    ),
  );

  it('covers every route of the table', () => {
    expect(cases).toHaveLength(apiRoutes.length * roles.length * 2 * variants.length);
  });

  it.each(cases)('$route.method $route.path as $role, CSRF header $withCsrf, $variant', async (c) => {
    const client = await clientFor(c.role);
    const expected = expectedRefusal(c.route, c.role, c.withCsrf);
    const before = expected ? await rowsWritten() : '';

    const response = await client.request(c.route.method, urlOf(c.route, c.variant), {
      body: c.route.sample?.body,
      csrf: c.withCsrf,
    });

    expect(refusalOf(response), response.body).toBe(expected);
    if (expected) {
      expect(response.statusCode).toBe(expected === 'signInRequired' ? 401 : 403);
      expect(await rowsWritten()).toBe(before);
    } else {
      // The router's 404 (no such route) fails; a handler's 404 for a record the sample names that this database
      // does not hold (an event, a meeting link) carries the route's own message and means the route was reached.
      const routeMissing =
        response.statusCode === 404 &&
        (response.json() as { message?: string }).message === messages.errors.notFound;
      expect(routeMissing, response.body).toBe(false);
      // An accepted state-changing call may have ended the session (logout): sign in afresh next time.
      if (c.route.changesState) signedIn.delete(c.role);
    }
  });

  it('refuses a registered route that the table does not list, even for an admin with CSRF', async () => {
    const admin = await clientFor('admin');
    const before = await rowsWritten();
    for (const method of ['GET', 'POST'] as const) {
      const response = await admin.request(method, '/api/test-only/unlisted', { body: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: messages.auth.forbidden });
    }
    expect(await rowsWritten()).toBe(before);
  });

  it('answers 404 for paths that match no route', async () => {
    const client = await new TestClient(t.app).start();
    for (const [method, url] of [
      ['GET', '/api/no-such-call'],
      ['POST', '/api/no-such-call'],
      ['POST', '/api/health'],
      ['DELETE', '/api/users/me'],
    ] as const) {
      const response = await client.request(method, url, { body: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, message: messages.errors.notFound });
    }
  });

  it('refuses a CSRF header that does not match the cookie', async () => {
    const client = await new TestClient(t.app).start();
    client.csrfToken = 'A'.repeat(43);
    const response = await client.post('/api/users/login', {
      email: 'client@demo.test',
      password: demoPassword,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(messages.auth.csrfMissing);
  });

  it('echoes the CSRF token on every API response, errors included', async () => {
    const client = new TestClient(t.app);
    const first = await client.get('/api/no-such-call');
    expect(first.statusCode).toBe(404);
    const token = first.headers['x-csrf-token'];
    expect(token).toMatch(/^[\w-]{43}$/);
    // The cookie is the browser's nonce, not the token, and no script needs it.
    expect(client.cookies.get('csrf_token')).toMatch(/^[\w-]{43}$/);
    expect(client.cookies.get('csrf_token')).not.toBe(token);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const refused = await client.post('/api/users/changePassword', {});
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-csrf-token']).toBe(token);
  });

  it("binds the token to the session: it changes at sign-in and sign-out, and one session's token fits no other", async () => {
    const browser = await new TestClient(t.app).start();
    const anonymousToken = browser.csrfToken;
    await browser.login(emailOf('client'), demoPassword);
    const sessionToken = browser.csrfToken;
    expect(sessionToken).not.toBe(anonymousToken);
    // The signed-in browser's calls need the session's token; the one it had before is refused.
    browser.csrfToken = anonymousToken;
    const stale = await browser.post('/api/reports/save/', { id: 1, status: 0 });
    expect(refusalOf(stale)).toBe('csrfMissing');
    // The refusal carries the right token (the web app makes the call once more with it).
    expect(stale.headers['x-csrf-token']).toBe(sessionToken);
    // Another signed-in reader's token does not fit this session.
    const other = new TestClient(t.app);
    await other.login(emailOf('npi'), demoPassword);
    browser.csrfToken = other.csrfToken;
    expect(refusalOf(await browser.post('/api/reports/save/', { id: 1, status: 0 }))).toBe('csrfMissing');
    browser.csrfToken = sessionToken;
    const out = await browser.post('/api/users/logout');
    expect(out.statusCode).toBe(200);
    expect(browser.csrfToken).not.toBe(sessionToken);
    expect(browser.csrfToken).toBe(anonymousToken);
  });

  it("accepts state-changing calls from the portal's own origin and the configured public address", async () => {
    for (const origin of ['http://localhost:80', 'http://portal.test']) {
      const browser = await new TestClient(t.app).start();
      const response = await browser.request('POST', '/api/users/login', {
        body: { email: emailOf('client'), password: demoPassword },
        headers: { origin },
      });
      expect(response.statusCode, origin).toBe(200);
    }
    const browser = await new TestClient(t.app).start();
    const response = await browser.request('POST', '/api/users/login', {
      body: { email: emailOf('client'), password: demoPassword },
      headers: { referer: 'http://portal.test/login?redirectUrl=%2Fhome' },
    });
    expect(response.statusCode).toBe(200);
  });

  // Generated: every state-changing route of the table, called by a signed-in admin (who may call them all).
  // (tokenOnly routes read no cookie: a foreign origin gains nothing there; their own tests cover them)
  const stateChanging = apiRoutes.filter((route) => route.changesState && !('tokenOnly' in route));
  it.each(stateChanging)(
    '$method $path refuses a foreign Origin or Referer and a forged cookie/header pair, changing nothing',
    async (route) => {
      const admin = new TestClient(t.app);
      await admin.login(emailOf('admin'), demoPassword);
      const before = await rowsWritten();
      const call = (client: TestClient, headers: Record<string, string> = {}) =>
        client.request(route.method, urlOf(route, 'as listed'), { body: route.sample?.body, headers });

      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page.html' },
      ];
      for (const headers of foreign) {
        const response = await call(admin, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toEqual({ success: false, message: messages.auth.foreignOrigin });
      }

      // An attacker's own valid pair (their nonce cookie and its token), planted in the admin's browser.
      const attacker = await new TestClient(t.app).start();
      const victim = new TestClient(t.app);
      for (const [name, value] of admin.cookies) victim.cookies.set(name, value);
      victim.cookies.set('csrf_token', attacker.cookies.get('csrf_token') ?? '');
      victim.csrfToken = attacker.csrfToken;
      expect(refusalOf(await call(victim))).toBe('csrfMissing');

      expect(await rowsWritten()).toBe(before);
    },
  );
});
