import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailPlaceholders, matrixConstants, subscriptionConfig } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { firms, matrixItems, parameters, persons, pickListValues, users } from '../db/schema/index.ts';
import { createLocalChangeFeed } from '../modules/changes/change-feed.ts';
import { createEntitlementsService } from '../modules/entitlements/entitlements.service.ts';
import { mayRead } from '../modules/entitlements/entitlements.ts';
import { findEntries } from '../modules/persons/matrix.repository.ts';
import { findAccountManagers, findPersonByEmail } from '../modules/persons/persons.repository.ts';
import { createStorage } from '../modules/storage/storage.ts';
import {
  createTestClock,
  createTestDatabase,
  databaseDigest,
  silentLog,
  type TestDatabase,
  testConfig,
} from '../test/test-app.ts';
import { clientUnsubscribedSectorIds, seedCatalogue } from './catalogue.ts';
import { clientRequestedSectorId, demoFirmId, demoProducts, seedCrm } from './crm.ts';
import {
  crmParametersSeed,
  mailSubjectParameters,
  mailTemplateParameters,
  personIdParameters,
  placeholdersIn,
} from './crm-parameters.ts';
import { runPendingSeeds, type SeedContext } from './index.ts';

let database: TestDatabase;
let handle: DbHandle;
let dataDir: string;
let ctx: SeedContext;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.open();
  await migrate(handle);
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-crm-'));
  const config = testConfig({ DATA_DIR: dataDir });
  ctx = {
    db: handle.db,
    config,
    clock: createTestClock(),
    log: silentLog,
    storage: createStorage(config),
  };
  // The seeds in their order, with the catalogue's sectors and readers' subscriptions but none of its 300 reports.
  await runPendingSeeds(ctx, { skip: ['catalogue', 'crm'] });
  await seedCatalogue(ctx, { reports: 0 });
  expect(await runPendingSeeds(ctx, { skip: ['catalogue'] })).toEqual(['crm']);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await database?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const parameter = async (name: string) =>
  (await handle.db.select().from(parameters).where(eq(parameters.name, name)))[0];
const idsOf = (value: string) => (value.trim() === '' ? [] : value.split(',').map(Number));
const userOf = async (email: string) =>
  (await handle.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('CRM demo seed', () => {
  it('seeds a dozen firms with their domains, demo.test belonging to the demo firm', async () => {
    const rows = await handle.db.select().from(firms);
    expect(rows).toHaveLength(12);
    for (const firm of rows) {
      expect(firm.domains.length, firm.name).toBeGreaterThan(0);
      for (const domain of firm.domains) expect(domain).toMatch(/^[a-z0-9-]+\.(example|test)$/);
    }
    expect(new Set(rows.flatMap((f) => f.domains)).size).toBe(rows.flatMap((f) => f.domains).length);
    expect(rows.find((f) => f.domains.includes('demo.test'))?.id).toBe(demoFirmId);
  });

  it('links the demo readers to CRM users at the demo firm, with two account managers for the client', async () => {
    for (const email of ['client@demo.test', 'npi@demo.test']) {
      const user = await userOf(email);
      const [person] = await handle.db.select().from(persons).where(eq(persons.id, user.personId!));
      expect(person, email).toMatchObject({
        firmId: demoFirmId,
        entity: 'U',
        source: 'crm',
        hasPassword: true,
        firstName: user.firstName,
        lastName: user.lastName,
      });
    }
    const client = await findPersonByEmail(handle.db, 'client@demo.test');
    const managers = await findAccountManagers(handle.db, client!.id);
    expect(managers).toHaveLength(2);
    const staff = await handle.db
      .select()
      .from(persons)
      .where(
        inArray(
          persons.id,
          managers.map((m) => m.id),
        ),
      );
    const domain = ctx.config.firm.email.split('@')[1];
    for (const manager of staff) {
      expect(manager.staff).toBe(true);
      expect(manager.email?.endsWith(`@${domain}`)).toBe(true);
    }
    // colleagues: contacts of the external system, without a website login, managed too
    const colleagues = await handle.db
      .select()
      .from(persons)
      .where(and(eq(persons.firmId, demoFirmId), eq(persons.entity, 'C')));
    expect(colleagues.length).toBeGreaterThanOrEqual(2);
    for (const c of colleagues) expect(await findAccountManagers(handle.db, c.id)).not.toEqual([]);
  });

  it('gives the client Subscriber entries and exactly one request, which it cannot read', async () => {
    const user = await userOf('client@demo.test');
    const entries = await findEntries(handle.db, user.personId!);
    const requests = entries.filter((e) => e.statusId === matrixConstants.requestZ);
    expect(requests.map((e) => e.itemId)).toEqual([clientRequestedSectorId]);
    expect(clientUnsubscribedSectorIds).toContain(clientRequestedSectorId);
    expect(entries.filter((e) => e.statusId === matrixConstants.subscriberZ).length).toBeGreaterThan(5);

    const entitlement = await createEntitlementsService({
      db: handle.db,
      changes: createLocalChangeFeed(),
    }).entitlementFor(user);
    const report = (sectorId: number) => ({ freeAccess: false, sectorId, sectorIds: [] });
    expect(mayRead(entitlement, report(clientRequestedSectorId))).toBe(false);
    expect(mayRead(entitlement, report(10000131))).toBe(true);

    const admin = await userOf('admin@demo.test');
    expect(await findEntries(handle.db, admin.personId!)).toEqual([]);
  });

  it('hangs every sector under a product and describes every item', async () => {
    const items = await handle.db.select().from(matrixItems);
    const productIds = demoProducts.map((p) => p.id);
    for (const item of items) {
      expect(item.description.length, item.name).toBeGreaterThan(40);
      if (item.sectorId !== null) expect(productIds, item.name).toContain(item.parentId);
    }
  });

  it('configures chips that exist, in colours white text reads on, and staff as senders and copies', async () => {
    const config = subscriptionConfig.parse(JSON.parse((await parameter('sRWClientSubConfigJSON'))!.value));
    const known = new Set(
      (await handle.db.select({ id: matrixItems.id }).from(matrixItems)).map((i) => i.id),
    );
    const listed = config.categories.flatMap((c) => c.items);
    expect(listed.filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(listed)).toEqual(known);
    for (const { item, color } of config.colors) {
      expect(known.has(item)).toBe(true);
      expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
    }
    expect((await parameter('sRWClientSubConfigJSON'))!.isPublic).toBe(true);

    for (const name of personIdParameters) {
      const stored = await parameter(name);
      expect(stored, name).toBeDefined();
      expect(stored!.isPublic, name).toBe(false);
      const ids = idsOf(stored!.value);
      if (name.endsWith('SenderID')) expect(ids, name).toHaveLength(1);
      for (const id of ids) {
        const [person] = await handle.db.select().from(persons).where(eq(persons.id, id));
        expect(person?.staff, `${name}: ${id}`).toBe(true);
      }
    }
  });

  it('stores every mail template, private, with only the placeholders the mail code fills', async () => {
    for (const name of [...mailTemplateParameters, ...mailSubjectParameters]) {
      const stored = await parameter(name);
      expect(stored?.value.trim(), name).toBeTruthy();
      expect(stored!.isPublic, name).toBe(false);
      expect(
        placeholdersIn(stored!.value).filter((p) => !(p in mailPlaceholders)),
        name,
      ).toEqual([]);
    }
    expect((await parameter('sUnsubRsnEmlTmplt'))!.value).toContain('@@Reason@@');
    for (const name of ['sRWClientSubTitle', 'sRWClientSubHeading', 'sRWClientSubPayDialogText'])
      expect((await parameter(name))!.isPublic, name).toBe(true);
    expect((await parameter('sRWClientSubRelevantZAxis'))!.value).toBe(String(matrixConstants.subscriberZ));
  });

  it('lists the unsubscribe reasons in order, Other last', async () => {
    const reasons = await handle.db
      .select()
      .from(pickListValues)
      .where(eq(pickListValues.mnemonic, matrixConstants.unsubscribeReasonsMnemonic))
      .orderBy(pickListValues.sort);
    expect(reasons.length).toBeGreaterThanOrEqual(5);
    expect(reasons.at(-1)?.text).toBe('Other');
  });

  it('replaces values seeded before issue 12 that no longer work, keeps usable ones, and adds nothing twice', async () => {
    const db = handle.db;
    await db
      .update(parameters)
      .set({ value: '<p>Dear @@ClientName@@,</p>' })
      .where(eq(parameters.name, 'sWebEmlTMPLTPublicNo'));
    await db
      .update(parameters)
      .set({ value: 'clientservices@harbourline.example' })
      .where(eq(parameters.name, 'sRWClientSubEmailSenderID'));
    await db
      .update(parameters)
      .set({ value: 'Your research' })
      .where(eq(parameters.name, 'sRWClientSubTitle'));
    await crmParametersSeed.run(ctx);
    expect((await parameter('sWebEmlTMPLTPublicNo'))!.value).toContain('@@FirstName@@');
    expect((await parameter('sRWClientSubEmailSenderID'))!.value).toBe('');
    expect((await parameter('sRWClientSubTitle'))!.value).toBe('Your research');
    await seedCrm(ctx);
    expect(idsOf((await parameter('sRWClientSubEmailSenderID'))!.value)).toHaveLength(1);

    const before = await databaseDigest(db);
    await crmParametersSeed.run(ctx);
    await seedCrm(ctx);
    expect(await databaseDigest(db)).toBe(before);
  });
});

/** WCAG 2.x contrast ratio of a #rrggbb colour against white. */
const contrastWithWhite = (hex: string) => {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
};
