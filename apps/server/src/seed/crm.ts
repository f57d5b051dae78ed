import { matrixConstants, subscriptionConfig } from '@portal/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Executor } from '../db/client.ts';
import {
  firms,
  mailEvents,
  matrixItems,
  parameters,
  personRelationships,
  persons,
  users,
} from '../db/schema/index.ts';
import { findEntries, writeEntries } from '../modules/persons/matrix.repository.ts';
import { findPersonByEmail } from '../modules/persons/persons.repository.ts';
import { type personIdParameters, usableSubscriptionValue, writeParameters } from './crm-parameters.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';

/**
 * The demo CRM (issue 12): client firms, the demo readers' persons and their colleagues, the firm's own staff
 * (account managers, senders), the products above the catalogue's sectors, the chips' configuration and a matrix
 * with subscriptions, requests and lapsed entries. Every id is fixed, so a fresh seed always gives the same ones
 * (the web's configuration JSON and the tests name them). Runs after the accounts and the catalogue.
 */

const DAY = 86_400_000;
const { subscriberZ, requestZ } = matrixConstants;
const trialEndedZ = 2120300020;
const lapsedZ = 2120300030;

/** The firm of the demo readers: demo.test is its domain (the client and npi readers are colleagues there). */
export const demoFirmId = 8100001;

/** Institutional clients of an Asia-focused research firm; reserved example domains only. */
export const demoFirms = [
  { id: demoFirmId, name: 'Northgate Capital', domains: ['demo.test', 'northgate-capital.example'] },
  { id: 8100002, name: 'Straits Meridian Investors', domains: ['straits-meridian.example'] },
  { id: 8100003, name: 'Kaiyo Pension Fund Association', domains: ['kaiyo-pension.example'] },
  { id: 8100004, name: 'Sakuragawa Mutual Life Insurance', domains: ['sakuragawa-life.example'] },
  { id: 8100005, name: 'Tai Tam Capital Partners', domains: ['taitam-capital.example'] },
  {
    id: 8100006,
    name: 'Thames Ridge Asset Management',
    domains: ['thamesridge-am.example', 'thamesridge.example'],
  },
  { id: 8100007, name: 'Fenwick Square Investors', domains: ['fenwick-square.example'] },
  { id: 8100008, name: 'Hudson Lantern Capital', domains: ['hudsonlantern.example'] },
  { id: 8100009, name: 'Lexington Arch Advisors', domains: ['lexington-arch.example'] },
  { id: 8100010, name: 'Merlion Public Pension Trust', domains: ['merlion-pension.example'] },
  { id: 8100011, name: 'Banyan Mutual Assurance', domains: ['banyan-assurance.example'] },
  { id: 8100012, name: 'Han River Asset Management', domains: ['hanriver-am.example'] },
] as const;

/** The firm's own people, at the firm's own mail domain (config.firm.email's), so their mail goes somewhere. */
export const demoStaff = {
  accountManagers: [6100001, 6100002],
  sales: 6100003,
  clientServices: 6100004,
} as const;
const staffSeeds = [
  { id: 6100001, firstName: 'Grace', lastName: 'Leung', jobTitle: 'Account Manager, Hong Kong' },
  { id: 6100002, firstName: 'Daniel', lastName: 'Whitfield', jobTitle: 'Account Manager, London' },
  { id: 6100003, firstName: 'Sophie', lastName: 'Tan', jobTitle: 'Head of Institutional Sales' },
  { id: 6100004, firstName: 'Mei Ling', lastName: 'Ho', jobTitle: 'Client Services Manager' },
] as const;
const [hongKongManager, londonManager] = demoStaff.accountManagers;

/** Products: the matrix's parents, each above a few of the catalogue's sectors (ids in their own range). */
export const demoProducts = [
  {
    id: 9100001,
    name: 'Asia Technology',
    sectorIds: [10000131, 10000128, 10000132],
    description:
      'Our technology franchise: semiconductors, hardware, internet platforms and telecoms across Asia, with company models and supply-chain checks.',
  },
  {
    id: 9100002,
    name: 'Asia Consumer & Healthcare',
    sectorIds: [10000123, 10000126],
    description:
      'Consumer, retail, travel and healthcare research on the Asian consumer, from staples to biotech pipelines.',
  },
  {
    id: 9100003,
    name: 'Asia Financials & Property',
    sectorIds: [10000121, 10000130],
    description:
      'Banks, insurers, brokers, developers and REITs: credit cycles, rates and property markets across the region.',
  },
  {
    id: 9100004,
    name: 'Asia Industrials & Resources',
    sectorIds: [10000127, 10000124, 10000129, 10000134],
    description:
      'Capital goods, energy, materials and the electric-vehicle supply chain, with commodity and capex trackers.',
  },
  {
    id: 9100005,
    name: 'Asia Macro & Strategy',
    sectorIds: [10000136],
    description:
      'Economics, asset allocation and equity strategy for Asia: our house views, monthly portfolio and event calls.',
  },
] as const;

/** GetMatrixDescription of each sector: what a reader of it receives. */
export const demoSectorDescriptions: Record<number, string> = {
  10000121:
    'Company and sector notes on Asian banks, insurers and brokers, with quarterly results reviews and asset-quality trackers.',
  10000123:
    'Coverage of consumer staples, discretionary, travel and retail names, with monthly sales data and channel checks.',
  10000124:
    'Oil and gas, power and renewables research, with tariff, fuel-cost and capacity models for the energy transition.',
  10000126:
    'Hospitals, pharmaceuticals, CROs and medical devices, with pipeline calendars and reimbursement updates.',
  10000127:
    'Capital goods, logistics, shipping and construction notes, with order-book trackers and supply-chain shifts.',
  10000128:
    'E-commerce, platforms, gaming and digital advertising, with monthly traffic and gross merchandise value data.',
  10000129:
    'Metals, mining, chemicals and cement research, with commodity price decks and cost-curve analysis.',
  10000130:
    'Developers, landlords and REITs, with presales, vacancy and cap-rate data for the main Asian markets.',
  10000131:
    'Foundry, memory, equipment and hardware research, with key charts on semiconductor sales and memory pricing.',
  10000132:
    'Mobile and fixed operators, towers and data centres, with subscriber, pricing and capex tracking.',
  10000134:
    'Carmakers, batteries and components, with monthly EV sales, battery pricing and supply-chain notes.',
  10000136:
    'Our economists and strategists on growth, rates, currencies and asset allocation, with a model portfolio.',
};

/** The chips: one category per product, the product first; dark tones that white text reads on (WCAG AA). */
const categorySeeds = [
  { label: 'Technology, Internet & Telecoms', product: 9100001, color: '#0e6170' },
  { label: 'Consumer & Healthcare', product: 9100002, color: '#8c2f39' },
  { label: 'Financials & Property', product: 9100003, color: '#1e5e3b' },
  { label: 'Industrials, Energy & Resources', product: 9100004, color: '#6b4a12' },
  { label: 'Macro & Strategy', product: 9100005, color: '#4b3b8f' },
] as const;

/** The sector the demo client has asked for (Requested) and does not read yet; Property is left free to ask. */
export const clientRequestedSectorId = 10000129;

interface ContactSeed {
  id: number;
  firmId: number;
  firstName: string;
  lastName: string;
  jobTitle: string;
  manager: number;
  matrix: { itemId: number; statusId: number; daysAgo: number }[];
}

/** Contacts of the external system (entity 'C', no website login) at client firms, the demo firm first. */
const contactSeeds: ContactSeed[] = [
  {
    id: 6200001,
    firmId: demoFirmId,
    firstName: 'Wing Yan',
    lastName: 'Chow',
    jobTitle: 'Portfolio Manager, Asia Equities',
    manager: hongKongManager,
    matrix: [
      { itemId: 9100001, statusId: subscriberZ, daysAgo: 420 },
      { itemId: 10000136, statusId: subscriberZ, daysAgo: 420 },
      { itemId: 10000130, statusId: lapsedZ, daysAgo: 200 },
    ],
  },
  {
    id: 6200002,
    firmId: demoFirmId,
    firstName: 'Marcus',
    lastName: 'Lee',
    jobTitle: 'Equity Analyst',
    manager: hongKongManager,
    matrix: [
      { itemId: 10000121, statusId: subscriberZ, daysAgo: 300 },
      { itemId: 10000129, statusId: requestZ, daysAgo: 9 },
    ],
  },
  {
    id: 6200003,
    firmId: demoFirmId,
    firstName: 'Rachel',
    lastName: 'Osei',
    jobTitle: 'Head of Risk',
    manager: hongKongManager,
    matrix: [],
  },
  {
    id: 6200004,
    firmId: 8100002,
    firstName: 'Farah',
    lastName: 'Ismail',
    jobTitle: 'Chief Investment Officer',
    manager: hongKongManager,
    matrix: [
      { itemId: 9100002, statusId: subscriberZ, daysAgo: 500 },
      { itemId: 10000128, statusId: trialEndedZ, daysAgo: 60 },
      { itemId: 9100001, statusId: requestZ, daysAgo: 5 },
    ],
  },
  {
    id: 6200005,
    firmId: 8100003,
    firstName: 'Kenji',
    lastName: 'Morimoto',
    jobTitle: 'Senior Fund Manager',
    manager: hongKongManager,
    matrix: [
      { itemId: 10000136, statusId: subscriberZ, daysAgo: 700 },
      { itemId: 9100005, statusId: lapsedZ, daysAgo: 150 },
    ],
  },
  {
    id: 6200006,
    firmId: 8100004,
    firstName: 'Yuki',
    lastName: 'Hayashi',
    jobTitle: 'Credit Analyst',
    manager: hongKongManager,
    matrix: [{ itemId: 10000121, statusId: subscriberZ, daysAgo: 250 }],
  },
  {
    id: 6200007,
    firmId: 8100005,
    firstName: 'Vincent',
    lastName: 'Lau',
    jobTitle: 'Partner',
    manager: hongKongManager,
    matrix: [{ itemId: 9100001, statusId: subscriberZ, daysAgo: 380 }],
  },
  {
    id: 6200008,
    firmId: 8100006,
    firstName: 'Oliver',
    lastName: 'Grant',
    jobTitle: 'Emerging Markets Fund Manager',
    manager: londonManager,
    matrix: [
      { itemId: 9100004, statusId: subscriberZ, daysAgo: 330 },
      { itemId: 10000134, statusId: requestZ, daysAgo: 3 },
    ],
  },
  {
    id: 6200009,
    firmId: 8100007,
    firstName: 'Charlotte',
    lastName: 'Ainsworth',
    jobTitle: 'Global Equities Analyst',
    manager: londonManager,
    matrix: [{ itemId: 9100005, statusId: subscriberZ, daysAgo: 220 }],
  },
  {
    id: 6200010,
    firmId: 8100008,
    firstName: 'Ethan',
    lastName: 'Brooks',
    jobTitle: 'Portfolio Manager',
    manager: londonManager,
    matrix: [
      { itemId: 10000131, statusId: subscriberZ, daysAgo: 450 },
      { itemId: 10000123, statusId: lapsedZ, daysAgo: 90 },
    ],
  },
  {
    id: 6200011,
    firmId: 8100010,
    firstName: 'Siew Ling',
    lastName: 'Goh',
    jobTitle: 'Investment Director',
    manager: hongKongManager,
    matrix: [{ itemId: 9100003, statusId: subscriberZ, daysAgo: 610 }],
  },
  {
    id: 6200012,
    firmId: 8100012,
    firstName: 'Ji-ho',
    lastName: 'Park',
    jobTitle: 'Head of Asia Research',
    manager: hongKongManager,
    matrix: [{ itemId: 10000131, statusId: requestZ, daysAgo: 12 }],
  },
];

/** The demo accounts' persons (made by the users trigger): their names, firm and account managers. */
const demoReaderSeeds = [
  {
    email: 'client@demo.test',
    jobTitle: 'Portfolio Manager, Greater China',
    managers: [hongKongManager, londonManager],
  },
  { email: 'npi@demo.test', jobTitle: 'Research Associate', managers: [hongKongManager] },
] as const;

const emailLocal = (first: string, last: string) =>
  `${first}.${last}`
    .toLowerCase()
    .replace(/[^a-z.]+/g, '-')
    .replace(/-?\.-?/g, '.');

/** The chips' configuration, naming only items this database has (a test database may lack the catalogue). */
const demoSubscriptionConfig = (existing: ReadonlySet<number>) =>
  subscriptionConfig.parse({
    categories: categorySeeds.map((c) => ({
      label: c.label,
      items: [c.product, ...demoProducts.find((p) => p.id === c.product)!.sectorIds].filter((id) =>
        existing.has(id),
      ),
    })),
    colors: categorySeeds.flatMap((c) =>
      [c.product, ...demoProducts.find((p) => p.id === c.product)!.sectorIds]
        .filter((id) => existing.has(id))
        .map((item) => ({ item, color: c.color })),
    ),
  });

/** Demo values replace the configuration's empty defaults (no categories, no staff ids), never a usable value. */
const usableDemoValue = (name: string, value: string) => {
  if (!usableSubscriptionValue(name, value)) return false;
  if (name === 'sRWClientSubConfigJSON')
    return subscriptionConfig.parse(JSON.parse(value)).categories.length > 0;
  return value.trim() !== '';
};

const ids = (...values: number[]) => values.join(',');

const writeMatrix = async (
  db: Executor,
  personId: number,
  entries: readonly { itemId: number; statusId: number; daysAgo: number }[],
  existing: ReadonlySet<number>,
  now: Date,
  byUserId: number | null,
) => {
  const written: number[] = [];
  // oldest first, each on its own day, as the CRM recorded them
  for (const entry of [...entries].sort((a, b) => b.daysAgo - a.daysAgo)) {
    if (!existing.has(entry.itemId)) continue;
    const changes = await writeEntries(db, personId, {
      upsert: [{ itemId: entry.itemId, statusId: entry.statusId }],
      remove: [],
      byUserId,
      at: new Date(now.getTime() - entry.daysAgo * DAY),
    });
    if (changes.length > 0) written.push(entry.itemId);
  }
  return written;
};

export const seedCrm = async (ctx: SeedContext) => {
  const { db, config } = ctx;
  const now = ctx.clock();
  const staffDomain = config.firm.email.split('@')[1]!.toLowerCase();

  await db
    .insert(firms)
    .values(
      demoFirms.map((f, i) => ({
        ...f,
        domains: [...f.domains],
        createdAt: new Date(now.getTime() - (900 - i * 30) * DAY),
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(persons)
    .values([
      ...staffSeeds.map((s) => ({
        ...s,
        email: `${emailLocal(s.firstName, s.lastName)}@${staffDomain}`,
        entity: 'C' as const,
        staff: true,
        source: 'crm' as const,
        createdAt: new Date(now.getTime() - 1200 * DAY),
      })),
      ...contactSeeds.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        jobTitle: c.jobTitle,
        email: `${emailLocal(c.firstName, c.lastName)}@${demoFirms.find((f) => f.id === c.firmId)!.domains.at(-1)}`,
        firmId: c.firmId,
        entity: 'C' as const,
        source: 'crm' as const,
        createdAt: new Date(now.getTime() - 800 * DAY),
      })),
    ])
    .onConflictDoNothing();

  // The demo accounts' persons exist since the accounts seed (the users trigger made them as web sign-ups):
  // they are the CRM's users at the demo firm. The admin is one of the firm's own staff, with no matrix.
  const readers: { email: string; personId: number; userId: number | null; managers: readonly number[] }[] =
    [];
  for (const reader of demoReaderSeeds) {
    const person = await findPersonByEmail(db, reader.email);
    if (!person) continue;
    const [user] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.personId, person.id));
    await db
      .update(persons)
      .set({
        ...(user ? { firstName: user.firstName, lastName: user.lastName } : {}),
        firmId: demoFirmId,
        entity: 'U',
        source: 'crm',
        hasPassword: true,
        jobTitle: reader.jobTitle,
      })
      .where(eq(persons.id, person.id));
    readers.push({
      email: reader.email,
      personId: person.id,
      userId: user?.id ?? null,
      managers: reader.managers,
    });
  }
  const admin = await findPersonByEmail(db, 'admin@demo.test');
  if (admin)
    await db
      .update(persons)
      .set({
        entity: 'U',
        source: 'crm',
        hasPassword: true,
        staff: true,
        firmId: null,
        jobTitle: 'Research Portal Administrator',
      })
      .where(eq(persons.id, admin.id));

  const at = new Date(now.getTime() - 365 * DAY);
  await db
    .insert(personRelationships)
    .values([
      ...readers.flatMap((r) =>
        r.managers.map((m) => ({
          personId: r.personId,
          relatedPersonId: m,
          relType: 'Account Manager',
          createdAt: at,
        })),
      ),
      ...contactSeeds.map((c) => ({
        personId: c.id,
        relatedPersonId: c.manager,
        relType: 'Account Manager',
        createdAt: at,
      })),
    ])
    .onConflictDoNothing();

  // Products above the sectors; a sector keeps a parent an administrator gave it.
  await db
    .insert(matrixItems)
    .values(demoProducts.map((p, i) => ({ id: p.id, name: p.name, description: p.description, sort: i + 1 })))
    .onConflictDoNothing();
  for (const product of demoProducts)
    await db
      .update(matrixItems)
      .set({ parentId: product.id })
      .where(and(inArray(matrixItems.id, [...product.sectorIds]), isNull(matrixItems.parentId)));
  // A sector's item starts with the sector's own description (what it covers); say what its reader gets instead,
  // unless someone wrote another one.
  for (const [id, description] of Object.entries(demoSectorDescriptions))
    await db.execute(sql`update matrix_items y set description = ${description}
      from sectors s where y.id = ${Number(id)} and s.id = y.sector_id
        and (y.description = '' or y.description = coalesce(s.description, ''))`);

  const existing = new Set((await db.select({ id: matrixItems.id }).from(matrixItems)).map((row) => row.id));

  // The matrix: colleagues' subscriptions, requests and lapsed entries; the client's one open request (their
  // subscriptions are the catalogue seed's). A request grants nothing until an administrator makes it Subscriber.
  for (const contact of contactSeeds) await writeMatrix(db, contact.id, contact.matrix, existing, now, null);
  const client = readers.find((r) => r.email === 'client@demo.test');
  if (client) {
    const held = new Map((await findEntries(db, client.personId)).map((e) => [e.itemId, e.statusId]));
    const requested = held.has(clientRequestedSectorId)
      ? []
      : await writeMatrix(
          db,
          client.personId,
          [{ itemId: clientRequestedSectorId, statusId: requestZ, daysAgo: 12 }],
          existing,
          now,
          client.userId,
        );
    if (requested.length > 0)
      await recordRequestMail(db, client, requested, {
        at: new Date(now.getTime() - 12 * DAY + 60_000),
        preferencesUrl: `${config.publicUrl}/subscriptionPreference/settings`,
      });
  }

  await writeParameters(
    db,
    {
      sRWClientSubConfigJSON: JSON.stringify(demoSubscriptionConfig(existing)),
      sRWClientSubEmailSenderID: ids(demoStaff.sales),
      sRWClientUnsubRsnEmailSenderID: ids(demoStaff.clientServices),
      sRWClientUnsubEmailSenderID: ids(demoStaff.clientServices),
      // sales hears of every reader who wants to pay; client services keeps a copy of every notification
      sRWClientSubEmailPublicYesCCIDs: ids(demoStaff.sales),
      sRWClientSubEmailPublicYesBccIDs: ids(demoStaff.clientServices),
      sRWClientSubEmailPublicNoCCIDs: '',
      sRWClientSubEmailPublicNoBccIDs: ids(demoStaff.clientServices),
      // an existing client's account managers are copied already (the mail code adds them)
      sRWClientSubEmailExstClientCCIDs: '',
      sRWClientSubEmailExstClientBccIDs: ids(demoStaff.clientServices),
    } satisfies Record<(typeof personIdParameters)[number] | 'sRWClientSubConfigJSON', string>,
    usableDemoValue,
  );
};

/**
 * The CRM's record of the notification the client's request produced at the time (mail_events), so that the
 * history reads like a real one and the seeded request is not taken for one still to be mailed.
 */
const recordRequestMail = async (
  db: Executor,
  client: { personId: number; userId: number | null; managers: readonly number[] },
  itemIds: number[],
  { at, preferencesUrl }: { at: Date; preferencesUrl: string },
) => {
  const values = new Map(
    (
      await db
        .select({ name: parameters.name, value: parameters.value })
        .from(parameters)
        .where(inArray(parameters.name, ['sSubEmlTMPLTSubject', 'sWebEmlTMPLTExstClient']))
    ).map((p) => [p.name, p.value]),
  );
  const template = values.get('sWebEmlTMPLTExstClient');
  if (!template) return;
  const [person] = await db
    .select({ firstName: persons.firstName, lastName: persons.lastName, email: persons.email })
    .from(persons)
    .where(eq(persons.id, client.personId));
  const items = await db
    .select({ name: matrixItems.name })
    .from(matrixItems)
    .where(inArray(matrixItems.id, itemIds));
  const fill: Record<string, string> = {
    '@@FirstName@@': person?.firstName ?? '',
    '@@LastName@@': person?.lastName ?? '',
    '@@FullName@@': `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim(),
    '@@Email@@': person?.email ?? '',
    '@@FirmName@@': demoFirms[0].name,
    '@@Products@@': items.map((i) => i.name).join(', '),
    '@@RemovedProducts@@': '',
    '@@PreferencesUrl@@': preferencesUrl,
    '@@Date@@': at.toISOString().slice(0, 10),
  };
  await db.insert(mailEvents).values({
    personId: client.personId,
    template: 'sWebEmlTMPLTExstClient',
    subject: values.get('sSubEmlTMPLTSubject') ?? '',
    body: template.replace(/@@\w+@@/g, (p) => escapeHtml(fill[p] ?? '')),
    senderId: demoStaff.sales,
    toIds: [client.personId],
    ccIds: [...client.managers],
    bccIds: [demoStaff.clientServices],
    sectorIds: itemIds,
    byUserId: client.userId,
    createdAt: at,
  });
};

export const crmSeed: SeedModule = {
  name: 'crm',
  run: seedCrm,
};
