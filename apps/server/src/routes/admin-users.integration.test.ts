import { matrixConstants, messagesAdminUsers } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  emailOutbox,
  firms,
  matrixItems,
  persons,
  sessions,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { demoPassword } from '../seed/accounts.ts';
import { fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../test/test-app.ts';

// Users management (issue 13): admin only, the status rules, e-mails checked against the stored user, removal
// ending sessions, firm seats (10 concurrent activations for the last seat), import, lists and the audit log.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the seat race is a real race).
const e = messagesAdminUsers.errors;
const done = messagesAdminUsers.done;

describe('users management calls', () => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: number;
  let passwordHash: string;
  let userSeq = 0;

  /** A website user; verified and activated as asked, at the given address. */
  const user = async (
    email: string,
    options: {
      verified?: boolean;
      activated?: boolean;
      first?: string;
      last?: string;
      lastLogin?: Date;
    } = {},
  ) => {
    userSeq += 1;
    const at = new Date(Date.UTC(2029, 0, 1, 0, userSeq));
    const [row] = await t.db
      .insert(users)
      .values({
        email,
        firstName: options.first ?? 'Test',
        lastName: options.last ?? `User${userSeq}`,
        passwordHash,
        emailVerifiedAt: options.verified === false ? null : at,
        activatedAt: options.activated ? at : null,
        lastLoginAt: options.lastLogin ?? null,
        createdAt: at,
      })
      .returning({ id: users.id, personId: users.personId });
    return { id: row!.id, personId: row!.personId!, email };
  };
  const firm = async (id: number, name: string, domains: string[], seatLimit = 50) => {
    await t.db.insert(firms).values({ id, name, domains, seatLimit, createdAt: t.clock() });
    return id;
  };
  const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const auditOf = (userId: number) =>
    t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId)).orderBy(adminAuditLog.id);
  const mailsTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const act = (client: TestClient, id: number, action: string, body: unknown, type = 'website') =>
    client.post(`/api/admin/users/${type}/${id}/${action}`, body);
  const expectRefused = (
    response: { statusCode: number; body: string; json(): unknown },
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
  };

  beforeAll(async () => {
    // Caches on: an admin's action must drop the user's cached session and entitlement itself.
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    passwordHash = await hashPassword(fixturePassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    adminId = (await admin.get('/api/users/me')).json().data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has demo website users in every state, import suggestions at firm domains and audit entries', async () => {
    const states = new Set<string>();
    let page = 1;
    let pages = 1;
    do {
      const reply = (await admin.get(`/api/admin/users/website?page=${page}`)).json();
      for (const row of reply.data) states.add(row.status);
      pages = Math.ceil(reply.total / reply.pageSize);
      page += 1;
    } while (page <= pages);
    expect([...states].sort()).toEqual(['Activated', 'Email Not Verified', 'Pending Activate']);
    const suggestions = (await admin.get('/api/admin/users/website?suggestion=1')).json();
    expect(suggestions.total).toBeGreaterThanOrEqual(5);
    expect(suggestions.data.every((r: { firm: unknown; bImported: boolean }) => r.firm && !r.bImported)).toBe(
      true,
    );
    const imported = (await admin.get('/api/admin/users/spyder?q=hiroshi')).json().data[0];
    const view = (await admin.get(`/api/admin/persons/${imported.iPSN_Id}`)).json().data;
    const labels = messagesAdminUsers.auditActions;
    expect(view.audit.map((a: { action: string }) => a.action)).toEqual([labels.activate, labels.import]);
    expect(view.audit[1]).toMatchObject({
      actor: 'Avery Chan',
      detail: 'Hiroshi Tanaka, Kaiyo Pension Fund Association',
    });
  });

  it('answers admins only: anonymous 401, a client 403, and state changes need the CSRF header', async () => {
    const target = await user('target@acl.test');
    const anonymous = await new TestClient(t.app).start();
    const client = await TestClient.signedIn(t.app, 'client@demo.test', demoPassword);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users/website'],
      ['GET', '/api/admin/firms?sMatch=abc'],
      ['GET', `/api/admin/persons/${target.personId}`],
      ['POST', `/api/admin/users/website/${target.id}/activateUser`, { email: target.email, status: true }],
      ['POST', `/api/admin/users/website/${target.id}/newPassword`, { email: target.email }],
      ['GET', `/api/users/${target.id}/removeUser`],
    ];
    const before = await databaseDigest(t.db);
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method as 'GET', url, { body })).statusCode, url).toBe(401);
      expect((await client.request(method as 'GET', url, { body })).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of calls.slice(3)) {
      expect((await admin.request(method as 'GET', url, { body, csrf: false })).statusCode, url).toBe(403);
    }
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('activates and deactivates only verified users; the user reads as Activated on their next request', async () => {
    const unverified = await user('unverified@status.test', { verified: false });
    expectRefused(
      await act(admin, unverified.id, 'activateUser', { email: unverified.email, status: true }),
      409,
      e.notVerified,
    );
    expect((await userRow(unverified.id)).activatedAt).toBeNull();

    const pending = await user('pending@status.test');
    const reader = await TestClient.signedIn(t.app, pending.email, fixturePassword);
    expect((await reader.get('/api/users/me')).json().data.status).toBe('Pending Activate');

    const on = await act(admin, pending.id, 'activateUser', { email: 'PENDING@status.test', status: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ success: true, message: done.activated });
    // The session was cached for a minute: the activation dropped it, so the reader sees it at once.
    expect((await reader.get('/api/users/me')).json().data.status).toBe('Activated');

    const off = await act(admin, pending.id, 'activateUser', { email: pending.email, status: false });
    expect(off.json()).toEqual({ success: true, message: done.deactivated });
    // Deactivation ends the sessions (issue 21): the reader signs in again, as a pending reader.
    expect((await reader.get('/api/users/me')).json().data).toBeNull();
    await reader.login(pending.email, fixturePassword);
    expect((await reader.get('/api/users/me')).json().data.status).toBe('Pending Activate');
    expect((await auditOf(pending.id)).map((a) => [a.action, a.actorUserId])).toEqual([
      ['activate', adminId],
      ['deactivate', adminId],
    ]);
  });

  /** Signed in on two browsers, with every session cached (CACHE_TTL_MS) before the admin acts. */
  const twoBrowsers = async (email: string) => {
    const browsers = [
      await TestClient.signedIn(t.app, email, fixturePassword),
      await TestClient.signedIn(t.app, email, fixturePassword),
    ];
    for (const browser of browsers)
      expect((await browser.get('/api/users/me')).json().data.email).toBe(email);
    return browsers;
  };
  /** Signed out everywhere at once: no user on the next request, a state-changing call refused, no session rows. */
  const expectSignedOutEverywhere = async (browsers: TestClient[], userId: number) => {
    for (const browser of browsers) {
      expect((await browser.get('/api/users/me')).json().data).toBeNull();
      const write = await browser.post('/api/connect/events', { submitEvts: [1] });
      expect(write.statusCode, write.body).toBe(401);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
  };

  it("deactivation ends all the user's sessions at once: the next request is anonymous, a write is refused", async () => {
    const reader = await user('deactivated@sessions.test', { activated: true });
    const browsers = await twoBrowsers(reader.email);
    const off = await act(admin, reader.id, 'activateUser', { email: reader.email, status: false });
    expect(off.json()).toEqual({ success: true, message: done.deactivated });
    await expectSignedOutEverywhere(browsers, reader.id);
    // The admin's own session is untouched.
    expect((await admin.get('/api/users/me')).json().data.id).toBe(adminId);
  });

  it("changing the user's type (import into the external system) ends all their sessions at once", async () => {
    await firm(8121, 'Session Type Bank', ['typebank.test']);
    const reader = await user('typed@typebank.test', { activated: true });
    const browsers = await twoBrowsers(reader.email);
    const imported = await admin.post(`/api/admin/users/website/${reader.id}`, {
      firstName: 'Type',
      familyName: 'Changed',
      email: reader.email,
      firmId: 8121,
    });
    expect(imported.json()).toEqual({ success: true, message: done.imported });
    await expectSignedOutEverywhere(browsers, reader.id);
  });

  it("removal ends all the user's sessions at once, a write refused too", async () => {
    const reader = await user('removed@sessions.test', { activated: true });
    const browsers = await twoBrowsers(reader.email);
    const removed = await admin.get(`/api/users/${reader.id}/removeUser`);
    expect(removed.json()).toEqual({ success: true, message: done.removed });
    await expectSignedOutEverywhere(browsers, reader.id);
  });

  it("refuses a body naming another user's e-mail and changes nothing", async () => {
    const victim = await user('victim@mismatch.test');
    const other = await user('other@mismatch.test', { verified: false });
    const before = await databaseDigest(t.db);
    expectRefused(
      await act(admin, victim.id, 'activateUser', { email: other.email, status: true }),
      400,
      e.emailMismatch,
    );
    expectRefused(await act(admin, other.id, 'verifyEmail', { email: victim.email }), 400, e.emailMismatch);
    expectRefused(await act(admin, victim.id, 'newPassword', { email: other.email }), 400, e.emailMismatch);
    const imported = await admin.post(`/api/admin/users/website/${victim.id}`, {
      firstName: 'A',
      familyName: 'B',
      email: other.email,
      firmId: 1,
    });
    expectRefused(imported, 400, e.emailMismatch);
    expectRefused(
      await act(admin, victim.id, 'activateUser', { email: victim.email, status: true }, 'spyder'),
      400,
      e.notWebsiteUser,
    );
    expectRefused(await act(admin, 999_999, 'newPassword', { email: victim.email }), 404, e.userNotFound);
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('re-sends verification only while unverified, and mails a reset link (never a password)', async () => {
    const fresh = await user('fresh@mail.test', { verified: false });
    const verified = await user('verified@mail.test');
    expectRefused(
      await act(admin, verified.id, 'verifyEmail', { email: verified.email, name: 'V' }),
      409,
      e.alreadyVerified,
    );
    const sent = await act(admin, fresh.id, 'verifyEmail', { email: fresh.email, name: 'Fresh' });
    expect(sent.json()).toEqual({ success: true, message: done.verificationSent });
    const verifyMails = await mailsTo(fresh.email);
    expect(verifyMails).toHaveLength(1);
    expect(verifyMails[0]!.text).toContain('/verify?token=');

    const reset = await act(admin, verified.id, 'newPassword', { email: verified.email });
    expect(reset.json()).toEqual({ success: true, message: done.passwordLinkSent });
    const resetMails = await mailsTo(verified.email);
    expect(resetMails).toHaveLength(1);
    expect(resetMails[0]!.text).toContain('/resetpassword?p=');
    expect((await userRow(verified.id)).passwordHash).toBe(passwordHash);
    expect((await auditOf(fresh.id)).map((a) => a.action)).toEqual(['verificationMail']);
    expect((await auditOf(verified.id)).map((a) => a.action)).toEqual(['passwordLink']);
  });

  it('removal hides the user and ends all their sessions at once; never yourself, never twice', async () => {
    const leaving = await user('leaving@remove.test', { activated: true });
    const phone = await TestClient.signedIn(t.app, leaving.email, fixturePassword);
    const laptop = await TestClient.signedIn(t.app, leaving.email, fixturePassword);
    expect((await phone.get('/api/users/me')).json().data.email).toBe(leaving.email);

    const removed = await admin.get(`/api/users/${leaving.id}/removeUser`);
    expect(removed.json()).toEqual({ success: true, message: done.removed });
    expect((await phone.get('/api/users/me')).json().data).toBeNull();
    expect((await laptop.get('/api/users/me')).json().data).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
    expect((await userRow(leaving.id)).hidden).toBe(true);
    // A removed user is no longer listed.
    const list = await admin.get('/api/admin/users/website?q=leaving@remove');
    expect(list.json().total).toBe(0);

    const before = await databaseDigest(t.db);
    expectRefused(await admin.get(`/api/users/${leaving.id}/removeUser`), 409, e.alreadyRemoved);
    expectRefused(await admin.get(`/api/users/${adminId}/removeUser`), 403, e.removeSelf);
    expect(await databaseDigest(t.db)).toBe(before);
    expect((await auditOf(leaving.id)).map((a) => a.action)).toEqual(['remove']);
  });

  it('refuses activating a user of a full firm, naming the firm and its limit', async () => {
    await firm(8101, 'Tiny Capital', ['tiny.test'], 1);
    await user('first@tiny.test', { activated: true });
    const second = await user('second@tiny.test');
    const refused = await act(admin, second.id, 'activateUser', { email: second.email, status: true });
    expectRefused(refused, 409, e.firmFull.replace('{firm}', 'Tiny Capital').replace('{limit}', '1'));
    expect((await userRow(second.id)).activatedAt).toBeNull();
    expect(await auditOf(second.id)).toEqual([]);

    // An activated sign-up imported into the full firm would take a seat too: refused, nothing changed.
    const outsider = await user('outsider@elsewhere-tiny.test', { activated: true });
    const before = await databaseDigest(t.db);
    const imported = await admin.post(`/api/admin/users/website/${outsider.id}`, {
      firstName: 'Out',
      familyName: 'Sider',
      email: outsider.email,
      firmId: 8101,
    });
    expectRefused(imported, 409, e.firmFull.replace('{firm}', 'Tiny Capital').replace('{limit}', '1'));
    expect(await databaseDigest(t.db)).toBe(before);
  });

  it('10 concurrent activations for the last seat: exactly one wins', async () => {
    await firm(8102, 'Last Seat Partners', ['lastseat.test'], 3);
    await user('a@lastseat.test', { activated: true });
    await user('b@lastseat.test', { activated: true });
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => user(`racer${i}@lastseat.test`)));
    const answers = await Promise.all(
      racers.map((r) => act(admin, r.id, 'activateUser', { email: r.email, status: true })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const firmSearch = await admin.get('/api/admin/firms?sMatch=last seat');
    expect(firmSearch.json().data).toEqual([
      { id: 8102, sName: 'Last Seat Partners', seatLimit: 3, seatsUsed: 3 },
    ]);
  });

  it('imports a sign-up into the external system with the firm; not twice, not into an unknown firm', async () => {
    await firm(8103, 'Harbour Import Bank', ['importbank.test']);
    const signup = await user('newcomer@importbank.test', { first: 'new', last: 'comer' });
    const body = { firstName: ' Nadia ', familyName: 'Comer', email: signup.email, firmId: 8103 };
    expectRefused(
      await admin.post(`/api/admin/users/website/${signup.id}`, { ...body, firmId: 9_999_999 }),
      404,
      e.firmNotFound,
    );
    const missing = await admin.post(`/api/admin/users/website/${signup.id}`, { email: signup.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messagesAdminUsers.import.firstNameRequired);

    const imported = await admin.post(`/api/admin/users/website/${signup.id}`, body);
    expect(imported.json()).toEqual({ success: true, message: done.imported });
    const [person] = await t.db.select().from(persons).where(eq(persons.id, signup.personId));
    expect(person).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Comer',
      firmId: 8103,
      source: 'crm',
      entity: 'U',
    });
    expectRefused(await admin.post(`/api/admin/users/website/${signup.id}`, body), 409, e.alreadyImported);

    const spyder = await admin.get('/api/admin/users/spyder?q=nadia');
    expect(spyder.json().data).toEqual([
      expect.objectContaining({
        iPSN_Id: signup.personId,
        sPFN_FullName: 'Nadia Comer',
        sCompanyName: 'Harbour Import Bank',
        sNCY_FullNo: signup.email,
        status: 'Activated',
      }),
    ]);
    // by company too, on the spyder tab
    const byCompany = await admin.get('/api/admin/users/spyder?q=HARBOUR import');
    expect(byCompany.json().data.map((r: { iPSN_Id: number }) => r.iPSN_Id)).toContain(signup.personId);
  });

  it('searches case-insensitively by e-mail or name words, sorts one column with a stable tie-break, pages by 15', async () => {
    const made = [];
    for (let i = 0; i < 20; i += 1) {
      const n = String(i).padStart(2, '0');
      made.push(
        await user(`pager${n}@paging.test`, {
          first: i % 2 === 0 ? 'Ada' : 'Bo',
          last: `Pagewood${n}`,
          lastLogin: i < 10 ? new Date(Date.UTC(2029, 5, 1 + i)) : undefined,
        }),
      );
    }
    const page1 = (await admin.get('/api/admin/users/website?q=PAGER&sort=sEmail&dir=desc')).json();
    expect(page1).toMatchObject({ success: true, total: 20, page: 1, pageSize: 15 });
    expect(page1.data).toHaveLength(15);
    expect(page1.data[0].sEmail).toBe('pager19@paging.test');
    const page2 = (await admin.get('/api/admin/users/website?q=pager&sort=sEmail&dir=desc&page=2')).json();
    expect(page2.data.map((r: { sEmail: string }) => r.sEmail)).toEqual(
      ['04', '03', '02', '01', '00'].map((n) => `pager${n}@paging.test`),
    );
    // name words: the last name's prefix, and first + last
    expect((await admin.get('/api/admin/users/website?q=pagewood1')).json().total).toBe(10);
    expect((await admin.get('/api/admin/users/website?q=bo%20pagewood')).json().total).toBe(10);
    // LIKE's wildcards are literal
    expect((await admin.get('/api/admin/users/website?q=%25')).json().total).toBe(0);
    // last login, newest first, never-logged-in last; ties (same sort value) broken by id
    const byLogin = (
      await admin.get('/api/admin/users/website?q=pager&sort=tLoingRecord_Time&dir=desc')
    ).json();
    expect(byLogin.data[0]).toMatchObject({
      sEmail: 'pager09@paging.test',
      tLoingRecord_Time: '2029-06-10T00:00:00.000Z',
    });
    expect(byLogin.data.slice(10).map((r: { iTempUser_ID: number }) => r.iTempUser_ID)).toEqual(
      made
        .slice(15, 20)
        .map((u) => u.id)
        .reverse(),
    );
    const byName = (await admin.get('/api/admin/users/website?q=pager&sort=sFull_Name&dir=asc')).json();
    expect(byName.data[0]).toMatchObject({
      sFull_Name: 'Ada Pagewood00',
      status: 'Pending Activate',
      bVerifiedEmail: true,
    });
    expect((await admin.get('/api/admin/users/website?q=nobody-here')).json()).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('suggests sign-ups not yet imported whose e-mail domain belongs to a firm, with that firm', async () => {
    await firm(8104, 'Suggestion Securities', ['suggest.test']);
    const signup = await user('maybe@suggest.test');
    await user('nobody@unknown-domain.test');
    const suggestions = (await admin.get('/api/admin/users/website?suggestion=1&q=maybe@')).json();
    expect(suggestions.data).toEqual([
      expect.objectContaining({
        iTempUser_ID: signup.id,
        bImported: false,
        firm: { id: 8104, sName: 'Suggestion Securities' },
      }),
    ]);
    expect((await admin.get('/api/admin/users/website?suggestion=1&q=nobody@')).json().total).toBe(0);
    // once imported, no longer a suggestion
    await admin.post(`/api/admin/users/website/${signup.id}`, {
      firstName: 'May',
      familyName: 'Be',
      email: signup.email,
      firmId: 8104,
    });
    expect((await admin.get('/api/admin/users/website?suggestion=1&q=maybe@')).json().total).toBe(0);
  });

  it("shows a person's record with matrix and audit log (matrix changes by an admin included)", async () => {
    await firm(8105, 'Audit Holdings', ['audit.test']);
    const member = await user('member@audit.test', { first: 'Maria', last: 'Audit' });
    await act(admin, member.id, 'activateUser', { email: member.email, status: true });
    const [item] = await t.db.select().from(matrixItems).limit(1);
    if (item) {
      const xml = `<matrix><x id="300001"><y id="${item.id}"><z value="${matrixConstants.subscriberZ}"/></y></x></matrix>`;
      const q = new URLSearchParams({
        psnId: String(member.personId),
        psnEntity: 'U',
        insertXml: xml,
        deleteXml: '',
      });
      const written = await admin.get(`/api/Repository/UpdateMatrix?${q}`);
      expect(written.statusCode, written.body).toBe(200);
    }
    const view = await admin.get(`/api/admin/persons/${member.personId}`);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data).toMatchObject({
      iPSN_Id: member.personId,
      email: member.email,
      imported: false,
      firm: { id: 8105, sName: 'Audit Holdings', seatLimit: 50, seatsUsed: 1 },
      websiteUser: { id: member.id, status: 'Activated' },
    });
    expect(data.audit.every((a: { actor: string }) => a.actor === 'Avery Chan')).toBe(true);
    expect(data.audit.map((a: { action: string }) => a.action)).toEqual(
      (item ? (['matrix', 'activate'] as const) : (['activate'] as const)).map(
        (a) => messagesAdminUsers.auditActions[a],
      ),
    );
    if (item) {
      expect(data.matrix).toEqual([expect.objectContaining({ itemId: item.id, statusName: 'Subscriber' })]);
      expect(data.audit[0].detail).toContain('Subscriber');
    }
    const firmView = await admin.get('/api/admin/firms/8105');
    expect(firmView.json().data).toMatchObject({
      id: 8105,
      domains: ['audit.test'],
      seatsUsed: 1,
      members: [{ iPSN_Id: member.personId, websiteUser: { id: member.id, status: 'Activated' } }],
    });
    expectRefused(await admin.get('/api/admin/persons/1'), 404, e.personNotFound);
    expectRefused(await admin.get('/api/admin/firms/1'), 404, e.firmNotFound);
  });

  it('answers malformed input with 4xx and its message', async () => {
    const cases: [string, number, string][] = [
      ['/api/admin/users/nobody', 400, e.badUsersType],
      ['/api/admin/users/website?page=0', 400, e.badPage],
      ['/api/admin/users/website?sort=sCompanyName', 400, e.badSort],
      ['/api/admin/users/spyder?sort=sEmail', 400, e.badSort],
      ['/api/admin/users/website?dir=up', 400, e.badSort],
      ['/api/admin/firms?sMatch=ab', 400, e.firmSearchShort],
      ['/api/admin/persons/abc', 400, e.badId],
      ['/api/users/99999999999/removeUser', 400, e.badId],
    ];
    for (const [url, status, message] of cases) expectRefused(await admin.get(url), status, message);
    const bad = await act(admin, 1, 'activateUser', { email: 'a@b.test', status: 'yes' });
    expectRefused(bad, 400, e.badStatus);
    const noBody = await act(admin, 1, 'newPassword', undefined);
    expect(noBody.statusCode).toBe(400);
  });

  it('keeps the audit log of an action in its transaction: a refused action leaves none', async () => {
    const target = await user('noaudit@audit2.test', { verified: false });
    await act(admin, target.id, 'activateUser', { email: target.email, status: true });
    expect(
      await t.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetUserId, target.id), eq(adminAuditLog.action, 'activate'))),
    ).toEqual([]);
  });
});
