import { matrixConstants, messages, subscriptionMessages } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firms,
  matrixChanges,
  matrixItems,
  personFieldValues,
  personMatrix,
  personRelationships,
  persons,
  pickListValues,
  users,
} from '../db/schema/index.ts';
import { personGrantCookie, personGrantSecret, sealPersonGrant } from '../modules/persons/caller.ts';
import { demoPassword } from '../seed/accounts.ts';
import { catalogueFixtures, fixturePassword } from '../test/catalogue-fixtures.ts';
import { TestClient } from '../test/client.ts';
import { createTestApp, databaseDigest, type TestApp } from '../test/test-app.ts';

// The person and matrix calls of spec 3 section 7 (issue 12): owner and admin rules, the XML limits, and the rule
// that only an admin turns a request into a subscription, applied on the reader's very next request.
const e = subscriptionMessages.errors;
const SUBSCRIBER = matrixConstants.subscriberZ;
const REQUEST = matrixConstants.requestZ;
const LAPSED = 2120300030;

const insertXml = (...ys: string[]) => `<matrix><x id="300001">${ys.join('')}</x></matrix>`;
const y = (id: number, z?: number) =>
  z === undefined ? `<y id="${id}"/>` : `<y id="${id}"><z value="${z}"/></y>`;

describe('person and matrix calls', () => {
  let t: TestApp;
  let reader: TestClient;
  let other: TestClient;
  let admin: TestClient;
  let anonymous: TestClient;
  let readerUserId: number;
  let readerPsn: number;
  let otherPsn: number;
  let managerPsn: number;
  let product: number;
  let semis: number;
  let banks: number;
  let energy: number;
  let report: number;

  const personOf = async (userId: number) =>
    (await t.db.select({ p: users.personId }).from(users).where(eq(users.id, userId)))[0]!.p!;
  const entries = async (personId: number) =>
    Object.fromEntries(
      (
        await t.db
          .select({ item: personMatrix.itemId, status: personMatrix.statusId })
          .from(personMatrix)
          .where(eq(personMatrix.personId, personId))
      ).map((r) => [r.item, r.status]),
    );
  const setEntry = (personId: number, itemId: number, statusId: number | null) =>
    statusId === null
      ? t.db
          .delete(personMatrix)
          .where(and(eq(personMatrix.personId, personId), eq(personMatrix.itemId, itemId)))
      : t.db
          .insert(personMatrix)
          .values({ personId, itemId, statusId, createdAt: t.clock(), updatedAt: t.clock() })
          .onConflictDoUpdate({ target: [personMatrix.personId, personMatrix.itemId], set: { statusId } });
  const update = (
    client: TestClient,
    query: { psnId?: number; psnEntity?: string; insertXml?: string; deleteXml?: string } & Record<
      string,
      unknown
    >,
  ) => {
    const params = new URLSearchParams(
      Object.entries({ psnId: readerPsn, psnEntity: 'U', ...query }).map(
        ([k, v]) => [k, String(v)] as [string, string],
      ),
    );
    return client.get(`/api/Repository/UpdateMatrix?${params}`);
  };
  const expectRefused = (
    response: { statusCode: number; json(): unknown },
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
  };

  beforeAll(async () => {
    // The entitlement cache is on: a matrix write must drop the reader's cached entitlement itself.
    t = await createTestApp({ env: { CACHE_TTL_MS: '60000' } });
    const fx = await catalogueFixtures(t.db);
    semis = await fx.sector('Semiconductors');
    banks = await fx.sector('Banks');
    energy = await fx.sector('R&D <Energy> "Labs"');
    product = 9_100_001;
    await t.db
      .insert(matrixItems)
      .values({ id: product, name: 'Asia Technology', description: 'Chips and more' });
    await t.db.update(matrixItems).set({ parentId: product }).where(eq(matrixItems.id, semis));
    await t.db.update(matrixItems).set({ description: 'Bank research' }).where(eq(matrixItems.id, banks));
    report = await fx.report({ title: 'Bank margins', publishedAt: '2029-12-01T00:00:00Z', sectorId: banks });

    readerUserId = await fx.user('reader@persons.test');
    const otherUserId = await fx.user('other@persons.test');
    readerPsn = await personOf(readerUserId);
    otherPsn = await personOf(otherUserId);
    await t.db.insert(firms).values({ id: 5001, name: 'Pacific & Partners', createdAt: t.clock() });
    await t.db.update(persons).set({ firmId: 5001 }).where(eq(persons.id, readerPsn));
    const [manager] = await t.db
      .insert(persons)
      .values({
        firstName: 'Mei "Mae"',
        lastName: 'Ong & Co',
        email: 'mei@harbourline.example',
        entity: 'U',
        staff: true,
        createdAt: t.clock(),
      })
      .returning({ id: persons.id });
    managerPsn = manager!.id;
    await t.db.insert(personRelationships).values({
      personId: readerPsn,
      relatedPersonId: managerPsn,
      relType: 'Account Manager',
      createdAt: t.clock(),
    });
    await t.db.delete(pickListValues);
    await t.db.insert(pickListValues).values([
      { mnemonic: 'sUnsubRsns', valueId: 3, sort: 2, text: 'Too many e-mails' },
      { mnemonic: 'sUnsubRsns', valueId: 1, sort: 1, text: 'Not relevant to my work' },
      { mnemonic: 'sUnsubRsns', valueId: 9, sort: 9, text: 'Other' },
      { mnemonic: 'sInternalNotes', valueId: 1, sort: 1, text: 'Not for readers' },
    ]);

    reader = await TestClient.signedIn(t.app, 'reader@persons.test', fixturePassword);
    other = await TestClient.signedIn(t.app, 'other@persons.test', fixturePassword);
    admin = await TestClient.signedIn(t.app, 'admin@demo.test', demoPassword);
    anonymous = await new TestClient(t.app).start();
  });
  afterAll(() => t?.close());

  describe('GET /getMatrixData', () => {
    it('gives the axes to anyone, parentId only where there is one, names escaped', async () => {
      const response = await anonymous.get('/api/getMatrixData');
      expect(response.statusCode).toBe(200);
      const xml: string = response.json().data;
      expect(xml).toMatch(/^<matrix><x id="300001" name="[^"]+"\/>/);
      expect(xml).toContain(`<y id="${product}" name="Asia Technology"/>`);
      expect(xml).toContain(`<y id="${semis}" name="Semiconductors" parentId="${product}"/>`);
      expect(xml).toContain(`<y id="${energy}" name="R&amp;D &lt;Energy&gt; &quot;Labs&quot;"/>`);
      expect(xml).toContain(`<z id="${SUBSCRIBER}" name="Subscriber"/>`);
      expect(xml).toContain(`<z id="${REQUEST}" name="Requested"/>`);
      expect(xml.endsWith('</matrix>')).toBe(true);
    });
  });

  describe('GET /overall/GetMatrixDescription/:id', () => {
    it('answers one item, every item for 0, 404 for an unknown one, 400 for a non-number', async () => {
      expect((await anonymous.get(`/api/overall/GetMatrixDescription/${banks}`)).json()).toEqual({
        success: true,
        data: [{ iPBV_Id: banks, sDescription: 'Bank research' }],
      });
      const all = (await anonymous.get('/api/overall/GetMatrixDescription/0')).json().data;
      expect(all).toEqual(
        expect.arrayContaining([
          { iPBV_Id: product, sDescription: 'Chips and more' },
          { iPBV_Id: banks, sDescription: 'Bank research' },
        ]),
      );
      expect(all).toHaveLength(4);
      expectRefused(await anonymous.get('/api/overall/GetMatrixDescription/424242'), 404, e.unknownItem);
      expect((await anonymous.get('/api/overall/GetMatrixDescription/-1')).statusCode).toBe(400);
    });
  });

  describe('GET /PickList/GetPickLists/:mnemonic', () => {
    it('gives the unsubscribe reasons in their order and no other list', async () => {
      const response = await anonymous.get('/api/PickList/GetPickLists/sUnsubRsns');
      expect(response.json().data.map((v: { ValueId: number }) => v.ValueId)).toEqual([1, 3, 9]);
      expect(response.json().data[0]).toEqual({
        Mnemonic: 'sUnsubRsns',
        ValueId: 1,
        Sort: 1,
        text: 'Not relevant to my work',
      });
      for (const name of ['sInternalNotes', 'nothing'])
        expectRefused(await admin.get(`/api/PickList/GetPickLists/${name}`), 404, e.unknownPickList);
    });
  });

  describe('the owner rule', () => {
    it('gives a reader their own firm, refuses another person (403) and a caller without a person (401)', async () => {
      expect((await reader.get(`/api/overall/GetParentFirmName/${readerPsn}`)).json()).toEqual({
        success: true,
        data: { id: 5001, sName: 'Pacific & Partners' },
      });
      expect((await other.get(`/api/overall/GetParentFirmName/${otherPsn}`)).json().data).toBeNull();
      expectRefused(await other.get(`/api/overall/GetParentFirmName/${readerPsn}`), 403, e.notYourPerson);
      expectRefused(
        await anonymous.get(`/api/overall/GetParentFirmName/${readerPsn}`),
        401,
        e.personRequired,
      );
      expect((await admin.get(`/api/overall/GetParentFirmName/${readerPsn}`)).json().data.id).toBe(5001);
      expectRefused(await admin.get('/api/overall/GetParentFirmName/1'), 404, e.personNotFound);
    });

    it('applies to every call that names a person', async () => {
      for (const url of [
        `/api/overall/getSchemaFieldValue/${readerPsn}/psnRWSuppressEmails`,
        `/api/users/loadPersonMatrixDetails/${readerPsn}/U`,
        `/api/Relationships/GetAccountManager?pid=${readerPsn}&format=xml`,
      ]) {
        expectRefused(await other.get(url), 403, e.notYourPerson);
        expectRefused(await anonymous.get(url), 401, e.personRequired);
        expect((await admin.get(url)).statusCode, url).toBe(200);
        expect((await reader.get(url)).statusCode, url).toBe(200);
      }
    });
    it("lets an e-mailed link's holder act for that person only, with a reader's rights", async () => {
      const holder = await new TestClient(t.app).start();
      holder.cookies.set(
        personGrantCookie,
        sealPersonGrant(await t.app.services.secrets(personGrantSecret), readerPsn, t.clock()),
      );
      expect((await holder.get(`/api/overall/GetParentFirmName/${readerPsn}`)).json().data.id).toBe(5001);
      expectRefused(await holder.get(`/api/overall/GetParentFirmName/${otherPsn}`), 403, e.notYourPerson);
      const before = await databaseDigest(t.db);
      expectRefused(
        await update(holder, { insertXml: insertXml(y(banks, SUBSCRIBER)) }),
        403,
        e.subscriberNotAllowed,
      );
      expect(await databaseDigest(t.db)).toBe(before);
      const requested = await update(holder, { insertXml: insertXml(y(banks)) });
      expect(requested.json().data).toEqual({ inserted: [banks], deleted: [] });
      const [change] = await t.db
        .select()
        .from(matrixChanges)
        .where(eq(matrixChanges.personId, readerPsn))
        .orderBy(matrixChanges.id);
      expect(change?.byUserId).toBeNull();
      await setEntry(readerPsn, banks, null);
      await t.db.delete(matrixChanges).where(eq(matrixChanges.personId, readerPsn));
      // A forged or expired grant is no caller at all.
      holder.cookies.set(personGrantCookie, 'forged');
      expectRefused(await holder.get(`/api/overall/GetParentFirmName/${readerPsn}`), 401, e.personRequired);
    });
  });

  describe('GET /overall/GetPersonIdFromEmail', () => {
    it('asks an anonymous caller to sign in', async () => {
      expectRefused(
        await anonymous.get('/api/overall/GetPersonIdFromEmail?email=reader@persons.test'),
        401,
        messages.auth.signInRequired,
      );
    });

    it("gives a reader their own person, whatever the address's case", async () => {
      const response = await reader.get('/api/overall/GetPersonIdFromEmail?email=Reader@Persons.TEST');
      expect(response.json()).toEqual({
        success: true,
        data: { iPSN_Id: readerPsn, userFullName: 'Fixture reader' },
      });
    });

    it('refuses another address alike whether it is known or not', async () => {
      const known = await reader.get('/api/overall/GetPersonIdFromEmail?email=other@persons.test');
      const unknown = await reader.get('/api/overall/GetPersonIdFromEmail?email=nobody@persons.test');
      expectRefused(known, 403, e.lookupOwnOnly);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
    });

    it('lets an admin look up any address, 0 and an empty name when unknown', async () => {
      expect(
        (await admin.get('/api/overall/GetPersonIdFromEmail?email=other@persons.test')).json().data,
      ).toEqual({
        iPSN_Id: otherPsn,
        userFullName: 'Fixture other',
      });
      expect(
        (await admin.get('/api/overall/GetPersonIdFromEmail?email=nobody@persons.test')).json().data,
      ).toEqual({
        iPSN_Id: 0,
        userFullName: '',
      });
      expect((await admin.get('/api/overall/GetPersonIdFromEmail?email=not-an-address')).statusCode).toBe(
        400,
      );
    });
  });

  describe('GET /overall/getSchemaFieldValue/:psnId/:fieldName', () => {
    it("answers '' when unset, the value when set, and no other field", async () => {
      const url = `/api/overall/getSchemaFieldValue/${readerPsn}/psnRWSuppressEmails`;
      expect((await reader.get(url)).json().data).toEqual({ fieldName: 'psnRWSuppressEmails', value: '' });
      await t.db
        .insert(personFieldValues)
        .values({ personId: readerPsn, fieldName: 'psnRWSuppressEmails', value: '1', updatedAt: t.clock() });
      expect((await reader.get(url)).json().data.value).toBe('1');
      await t.db.insert(personFieldValues).values({
        personId: readerPsn,
        fieldName: 'psnPrivateNote',
        value: 'secret',
        updatedAt: t.clock(),
      });
      expectRefused(
        await reader.get(`/api/overall/getSchemaFieldValue/${readerPsn}/psnPrivateNote`),
        404,
        e.unknownField,
      );
      await t.db.delete(personFieldValues).where(eq(personFieldValues.personId, readerPsn));
    });
  });

  describe('GET /users/loadPersonMatrixDetails/:id/:userEntity', () => {
    it("gives the person's entries with their status names, and refuses another entity", async () => {
      await setEntry(readerPsn, semis, SUBSCRIBER);
      await setEntry(readerPsn, energy, REQUEST);
      const response = await reader.get(`/api/users/loadPersonMatrixDetails/${readerPsn}/U`);
      const [first, second] = [semis, energy].sort((a, b) => a - b);
      const zOf = (id: number) =>
        id === semis
          ? `<z value="${SUBSCRIBER}" name="Subscriber"/>`
          : `<z value="${REQUEST}" name="Requested"/>`;
      expect(response.json().data).toBe(
        `<matrix psnId="${readerPsn}" entity="U"><y value="${first}">${zOf(first!)}</y><y value="${second}">${zOf(second!)}</y></matrix>`,
      );
      expectRefused(
        await reader.get(`/api/users/loadPersonMatrixDetails/${readerPsn}/C`),
        400,
        e.entityMismatch,
      );
      expect((await reader.get(`/api/users/loadPersonMatrixDetails/${readerPsn}/X`)).statusCode).toBe(400);
      await setEntry(readerPsn, semis, null);
      await setEntry(readerPsn, energy, null);
    });
  });

  describe('GET /Relationships/GetAccountManager', () => {
    it('lists the account managers with their person records, escaped', async () => {
      const response = await reader.get(
        `/api/Relationships/GetAccountManager?pid=${readerPsn}&format=xml&hierarchy=0&bulletin=0&language=1&user=1`,
      );
      expect(response.json().data).toBe(
        `<relationships><rel type="Account Manager" person1-id="${readerPsn}" person2-id="${managerPsn}"/>` +
          `<psn id="${managerPsn}" ent="U" name="Mei &quot;Mae&quot; Ong &amp; Co" email="mei@harbourline.example"/></relationships>`,
      );
      expect((await other.get(`/api/Relationships/GetAccountManager?pid=${otherPsn}`)).json().data).toBe(
        '<relationships/>',
      );
    });
  });

  describe('GET /Repository/UpdateMatrix', () => {
    it('lets a reader ask for a product (default z) and records who did', async () => {
      const response = await update(reader, { insertXml: insertXml(y(energy)) });
      expect(response.json()).toEqual({ success: true, data: { inserted: [energy], deleted: [] } });
      expect(await entries(readerPsn)).toEqual({ [energy]: REQUEST });
      const [change] = await t.db
        .select()
        .from(matrixChanges)
        .where(eq(matrixChanges.personId, readerPsn))
        .orderBy(matrixChanges.id);
      expect(change).toMatchObject({
        byUserId: readerUserId,
        changes: [{ itemId: energy, from: null, to: REQUEST }],
      });
      // The same request again writes nothing.
      expect((await update(reader, { insertXml: insertXml(y(energy, REQUEST)) })).json().data).toEqual({
        inserted: [],
        deleted: [],
      });
      await setEntry(readerPsn, energy, null);
    });

    it('never lets a reader write Subscriber (or any status but a request), in any shape', async () => {
      const attempts: Array<[string, string, number, string]> = [
        ['z attribute', insertXml(y(banks, SUBSCRIBER)), 403, e.subscriberNotAllowed],
        ['another status', insertXml(y(banks, LAPSED)), 403, e.subscriberNotAllowed],
        ['Subscriber among requests', insertXml(y(semis), y(banks, SUBSCRIBER)), 403, e.subscriberNotAllowed],
        ['z as text', insertXml(`<y id="${banks}"><z>${SUBSCRIBER}</z></y>`), 400, e.xmlInvalid],
        ['y text', insertXml(`<y id="${banks}">${SUBSCRIBER}</y>`), 400, e.xmlInvalid],
        [
          'two z',
          insertXml(`<y id="${banks}"><z value="${REQUEST}"/><z value="${SUBSCRIBER}"/></y>`),
          400,
          e.xmlInvalid,
        ],
        ['repeated y', insertXml(y(banks), y(banks, SUBSCRIBER)), 400, e.xmlInvalid],
        [
          'second x',
          `<matrix><x id="300001">${y(banks)}</x><x id="300001">${y(banks, SUBSCRIBER)}</x></matrix>`,
          400,
          e.xmlInvalid,
        ],
        ['other x', `<matrix><x id="300002">${y(banks, SUBSCRIBER)}</x></matrix>`, 400, e.xmlInvalid],
        ['y outside x', `<matrix>${y(banks, SUBSCRIBER)}</matrix>`, 400, e.xmlInvalid],
        ['second root', `${insertXml(y(banks))}<matrix>${y(banks, SUBSCRIBER)}</matrix>`, 400, e.xmlInvalid],
        [
          'entity',
          `<!DOCTYPE matrix [<!ENTITY s "${SUBSCRIBER}">]><matrix><x id="300001"><y id="${banks}"><z value="&s;"/></y></x></matrix>`,
          400,
          e.xmlInvalid,
        ],
        [
          'character reference',
          insertXml(`<y id="${banks}"><z value="&#50;120300001"/></y>`),
          400,
          e.xmlInvalid,
        ],
        // Attribute values are trimmed by the parser: the padded Subscriber is still a Subscriber, and refused.
        [
          'padded value',
          insertXml(`<y id="${banks}"><z value=" ${SUBSCRIBER} "/></y>`),
          403,
          e.subscriberNotAllowed,
        ],
        [
          'CDATA',
          insertXml(`<y id="${banks}"><z value="${REQUEST}"><![CDATA[${SUBSCRIBER}]]></z></y>`),
          400,
          e.xmlInvalid,
        ],
        ['stylesheet', `<?xml-stylesheet href="x"?>${insertXml(y(banks, SUBSCRIBER))}`, 400, e.xmlInvalid],
        ['malformed', `<matrix><x id="300001"><y id="${banks}"></x></matrix>`, 400, e.xmlInvalid],
        ['not XML', 'Subscriber', 400, e.xmlInvalid],
        ['prototype', `<matrix><__proto__ id="1"/></matrix>`, 400, e.xmlInvalid],
        [
          `over ${matrixConstants.xmlMaxItems} y`,
          insertXml(...Array.from({ length: matrixConstants.xmlMaxItems + 1 }, () => y(banks, SUBSCRIBER))),
          400,
          e.xmlTooLarge,
        ],
      ];
      const before = await databaseDigest(t.db);
      for (const [name, xml, status, message] of attempts) {
        const response = await update(reader, { insertXml: xml });
        expect(response.statusCode, name).toBe(status);
        expect(response.json().message, name).toBe(message);
      }
      // Over the size limit the query itself is refused (the schema caps it), as a 400 too.
      const huge = await update(reader, {
        insertXml: insertXml(
          `<y id="${banks}"><z value="${SUBSCRIBER}"/></y>`,
          ' '.repeat(matrixConstants.xmlMaxChars),
        ),
      });
      expectRefused(huge, 400, e.xmlTooLarge);
      expect(huge.json().errors).toEqual({ insertXml: e.xmlTooLarge });
      // The same shapes through deleteXml write nothing either.
      expect((await update(reader, { deleteXml: insertXml(y(banks), y(banks)) })).statusCode).toBe(400);
      expect(await databaseDigest(t.db)).toBe(before);
      expect(await entries(readerPsn)).toEqual({});
    });

    it('keeps a subscription when a reader asks for it again (no downgrade)', async () => {
      await setEntry(readerPsn, semis, SUBSCRIBER);
      const response = await update(reader, { insertXml: insertXml(y(semis), y(energy)) });
      expect(response.json().data).toEqual({ inserted: [energy], deleted: [] });
      expect(await entries(readerPsn)).toEqual({ [semis]: SUBSCRIBER, [energy]: REQUEST });
    });

    it('lets a reader remove their own requests and subscriptions, not other statuses', async () => {
      await setEntry(readerPsn, banks, LAPSED);
      const before = await databaseDigest(t.db);
      // All or nothing: the valid insert of the same call is not written either.
      expectRefused(
        await update(reader, { insertXml: insertXml(y(product)), deleteXml: insertXml(y(banks)) }),
        403,
        e.notYourEntry,
      );
      expect(await databaseDigest(t.db)).toBe(before);
      const removed = await update(reader, {
        deleteXml: insertXml(y(semis, LAPSED), y(energy)),
        insertXml: insertXml(y(product)),
      });
      expect(removed.json().data).toEqual({ inserted: [product], deleted: [semis, energy] });
      expect(await entries(readerPsn)).toEqual({ [banks]: LAPSED, [product]: REQUEST });
      await setEntry(readerPsn, banks, null);
      await setEntry(readerPsn, product, null);
    });

    it('refuses unknown items and statuses, entity and schema mismatches, and empty changes, writing nothing', async () => {
      const fieldId = await t.app.services.parameters.get('scUsrMatrixFieldId');
      const before = await databaseDigest(t.db);
      const cases: Array<[Parameters<typeof update>[1], number, string]> = [
        [{ insertXml: insertXml(y(semis), y(424242)) }, 400, e.unknownItem],
        [{ deleteXml: insertXml(y(424242)) }, 400, e.unknownItem],
        [{ insertXml: insertXml(y(semis, 2120399999)) }, 400, e.unknownStatus],
        [{ psnEntity: 'C', insertXml: insertXml(y(semis)) }, 400, e.entityMismatch],
        [{ schemaId: 'scCntMatrix', insertXml: insertXml(y(semis)) }, 400, e.entityMismatch],
        [
          { schemaId: 'scUsrMatrix', schemaFieldId: 'other', insertXml: insertXml(y(semis)) },
          400,
          e.entityMismatch,
        ],
        [{ insertXml: '', deleteXml: '' }, 400, e.nothingToChange],
        [{ insertXml: '<matrix><x id="300001"/></matrix>' }, 400, e.nothingToChange],
        [{ insertXml: insertXml(y(semis)), deleteXml: insertXml(y(semis)) }, 400, e.xmlInvalid],
        [{ psnId: otherPsn, insertXml: insertXml(y(semis)) }, 403, e.notYourPerson],
      ];
      for (const [query, status, message] of cases)
        expectRefused(await update(reader, query), status, message);
      expectRefused(
        await update(admin, { insertXml: insertXml(y(semis, 2120399999)) }),
        400,
        e.unknownStatus,
      );
      expectRefused(await update(admin, { psnId: 1, insertXml: insertXml(y(semis)) }), 404, e.personNotFound);
      expectRefused(await update(anonymous, { insertXml: insertXml(y(semis)) }), 401, e.personRequired);
      expect(await databaseDigest(t.db)).toBe(before);
      // The entity's own schema and field are accepted.
      const accepted = await update(reader, {
        schemaId: 'scUsrMatrix',
        schemaFieldId: fieldId,
        insertXml: insertXml(y(semis)),
      });
      expect(accepted.json().data).toEqual({ inserted: [semis], deleted: [] });
      await setEntry(readerPsn, semis, null);
    });

    it('needs the CSRF header (a state-changing GET)', async () => {
      const response = await reader.request(
        'GET',
        `/api/Repository/UpdateMatrix?psnId=${readerPsn}&psnEntity=U&insertXml=${encodeURIComponent(insertXml(y(semis)))}`,
        { csrf: false },
      );
      expectRefused(response, 403, messages.auth.csrfMissing);
      expect(await entries(readerPsn)).toEqual({});
    });
  });

  describe('the entitlement rule end to end, with the entitlement cache on', () => {
    it('a request grants nothing; an admin grant opens the report on the next request; a revocation closes it', async () => {
      const open = async () => (await reader.get(`/api/report/S-${report}`)).statusCode;
      // Refused, and the reader's entitlement is now in the cache.
      expect(await open()).toBe(403);
      expect((await update(reader, { insertXml: insertXml(y(banks)) })).json().data.inserted).toEqual([
        banks,
      ]);
      expect(await open()).toBe(403);

      const granted = await update(admin, { insertXml: insertXml(y(banks, SUBSCRIBER)) });
      expect(granted.json().data).toEqual({ inserted: [banks], deleted: [] });
      expect(await open()).toBe(200);
      const [last] = await t.db
        .select()
        .from(matrixChanges)
        .where(eq(matrixChanges.personId, readerPsn))
        .orderBy(matrixChanges.id)
        .then((rows) => rows.slice(-1));
      expect(last?.changes).toEqual([{ itemId: banks, from: REQUEST, to: SUBSCRIBER }]);

      const revoked = await update(admin, { deleteXml: insertXml(y(banks)) });
      expect(revoked.json().data).toEqual({ inserted: [], deleted: [banks] });
      expect(await open()).toBe(403);

      // A reader removing their own subscription also applies at once.
      await update(admin, { insertXml: insertXml(y(banks, SUBSCRIBER)) });
      expect(await open()).toBe(200);
      expect((await update(reader, { deleteXml: insertXml(y(banks)) })).json().data.deleted).toEqual([banks]);
      expect(await open()).toBe(403);
    });
  });
});
