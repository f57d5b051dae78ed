import type { Db } from '../db/client.ts';
import { createPrng, type Prng } from './prng.ts';
import { rawConnection } from './scale.ts';

// Synthetic client base for the users-management benchmark (issue 13): firms with their e-mail domains, website
// users with their persons in every state, and contacts of the external system without a login. Like the
// catalogue's scale generator (scale.ts), rows go in as multi-row INSERT ... SELECT FROM unnest(arrays) batches.

const DAY = 86_400_000;
/** Synthetic firms take ids from here on: clear of the demo firms (8100001...) and of persons' ids. */
export const syntheticFirmIdBase = 8_200_001;
/** No password verifies against it (not an argon2 hash): synthetic users cannot sign in. */
const unusableHash = '!synthetic-user';

export interface UsersScaleOptions {
  /** website users (each with a person) */
  users: number;
  firms: number;
  /** persons of the external system without a website login (entity 'C') */
  contacts?: number;
  batchSize?: number;
  clock: () => Date;
  seed?: number;
  onProgress?: (done: number, total: number, ms: number) => void;
}

const firstNames = [
  'Aiko',
  'Akira',
  'Alexander',
  'Alice',
  'Amelia',
  'Ananya',
  'Andrew',
  'Anh',
  'Arjun',
  'Benjamin',
  'Bo-ra',
  'Catherine',
  'Charlotte',
  'Chen',
  'Chloe',
  'Daniel',
  'David',
  'Deepa',
  'Dong-hyun',
  'Elena',
  'Emily',
  'Ethan',
  'Fatima',
  'Felix',
  'Grace',
  'Hannah',
  'Haruto',
  'Hiroshi',
  'Hui Min',
  'Isabel',
  'James',
  'Jia Hui',
  'Ji-woo',
  'Jonathan',
  'Julia',
  'Kai',
  'Karan',
  'Kenji',
  'Laura',
  'Li Wei',
  'Lucas',
  'Mai',
  'Maria',
  'Matthew',
  'Mei Ling',
  'Michael',
  'Min-jun',
  'Nadia',
  'Naoki',
  'Nathan',
  'Nikhil',
  'Olivia',
  'Oliver',
  'Priya',
  'Rahul',
  'Rebecca',
  'Ren',
  'Rohan',
  'Sakura',
  'Samuel',
  'Sarah',
  'Seo-yeon',
  'Siddharth',
  'Sofia',
  'Sophie',
  'Suresh',
  'Takeshi',
  'Thomas',
  'Tuan',
  'Victoria',
  'Vikram',
  'Wei Jie',
  'William',
  'Xin Yi',
  'Yuki',
  'Yusuf',
  'Zhang Wei',
  'Zoe',
] as const;
const lastNames = [
  'Abe',
  'Agarwal',
  'Ahmed',
  'Bae',
  'Banerjee',
  'Brooks',
  'Campbell',
  'Chan',
  'Chang',
  'Chen',
  'Cheung',
  'Choi',
  'Chua',
  'Clarke',
  'Das',
  'Davies',
  'Evans',
  'Fernandes',
  'Fujita',
  'Goh',
  'Gupta',
  'Hall',
  'Han',
  'Harris',
  'Hayashi',
  'Ho',
  'Hughes',
  'Ito',
  'Iyer',
  'Jang',
  'Kang',
  'Kapoor',
  'Kato',
  'Kim',
  'Kobayashi',
  'Koh',
  'Kwok',
  'Lai',
  'Lam',
  'Lau',
  'Lee',
  'Leung',
  'Lim',
  'Liu',
  'Lopez',
  'Mehta',
  'Menon',
  'Mitchell',
  'Morgan',
  'Nakamura',
  'Ng',
  'Nguyen',
  'Ong',
  'Park',
  'Patel',
  'Pham',
  'Rao',
  'Reddy',
  'Roberts',
  'Saito',
  'Santos',
  'Sato',
  'Shah',
  'Sharma',
  'Singh',
  'Suzuki',
  'Tan',
  'Tanaka',
  'Tay',
  'Teo',
  'Thompson',
  'Tran',
  'Tsang',
  'Walker',
  'Wang',
  'Watanabe',
  'Wong',
  'Wu',
  'Yamamoto',
  'Yang',
  'Yeo',
  'Yoon',
  'Zhang',
  'Zhao',
  'Zhou',
] as const;
const firmFirstWords = [
  'Aberdeen',
  'Amber',
  'Anchorage',
  'Ashford',
  'Azure',
  'Bayview',
  'Blackwater',
  'Bluestone',
  'Brightwater',
  'Camden',
  'Cedar',
  'Clearwater',
  'Coral',
  'Crescent',
  'Crown',
  'Eastbridge',
  'Emerald',
  'Falcon',
  'Granite',
  'Greenwich',
  'Harbour',
  'Hartwell',
  'Highgate',
  'Horizon',
  'Ironbridge',
  'Jade',
  'Juniper',
  'Kestrel',
  'Kingsway',
  'Kowloon',
  'Lantau',
  'Lotus',
  'Marina',
  'Meridian',
  'Monsoon',
  'Northbank',
  'Oakmont',
  'Orchid',
  'Pacific',
  'Pagoda',
  'Pearl',
  'Peninsula',
  'Queensway',
  'Redwood',
  'Riverside',
  'Sapphire',
  'Silverleaf',
  'Stonebridge',
  'Summit',
  'Sunrise',
  'Tamarind',
  'Teak',
  'Tidewater',
  'Victoria',
  'Westbury',
  'Willow',
  'Yarra',
  'Zenith',
] as const;
const firmSecondWords = [
  'Bay',
  'Bridge',
  'Cove',
  'Crest',
  'Field',
  'Gate',
  'Grove',
  'Hill',
  'Lake',
  'Park',
  'Peak',
  'Point',
  'Ridge',
  'Rock',
  'Square',
  'Street',
  'Tower',
  'Vale',
  'View',
  'Wharf',
] as const;
const firmKinds = [
  'Capital',
  'Asset Management',
  'Investors',
  'Partners',
  'Advisors',
  'Pension Fund',
  'Securities',
  'Life Insurance',
  'Investment Management',
  'Holdings',
  'Wealth Management',
  'Family Office',
] as const;
/** Addresses outside any firm (reserved example domains): sign-ups that match no firm. */
const otherDomains = ['mail.example', 'inbox.example', 'post.example.net', 'fastmail.example.org'] as const;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface SyntheticFirm {
  id: number;
  name: string;
  domain: string;
}

const makeFirms = (prng: Prng, count: number): SyntheticFirm[] => {
  const names = new Set<string>();
  const domains = new Set<string>();
  const out: SyntheticFirm[] = [];
  const combinations = firmFirstWords.length * firmSecondWords.length * firmKinds.length;
  if (count > combinations) throw new Error(`At most ${combinations} synthetic firms`);
  while (out.length < count) {
    const first = prng.pick(firmFirstWords);
    const second = prng.pick(firmSecondWords);
    const kind = prng.pick(firmKinds);
    const name = `${first} ${second} ${kind}`;
    if (names.has(name)) continue;
    names.add(name);
    // the short form firms use for mail (e.g. kowloon-ridge.example), longer when that is taken
    let domain = `${slug(`${first}${second}`)}.example`;
    if (domains.has(domain)) domain = `${slug(`${first}-${second}-${kind}`)}.example`;
    domains.add(domain);
    out.push({ id: syntheticFirmIdBase + out.length, name, domain });
  }
  return out;
};

/** Address styles firms use; a number is appended when the address is taken. */
const localPart = (prng: Prng, first: string, last: string) => {
  const f = slug(first).replace(/-/g, '');
  const l = slug(last).replace(/-/g, '');
  switch (prng.int(0, 4)) {
    case 0:
      return `${f}.${l}`;
    case 1:
      return `${f[0]}${l}`;
    case 2:
      return `${f}${l[0]}`;
    case 3:
      return `${f}_${l}`;
    default:
      return `${l}.${f}`;
  }
};

/**
 * Adds `firms` firms (ids from 8200001, one domain each) and `users` website users with their persons: most at a
 * firm's domain (big firms have many users, most firms a few), some at other domains. States: about 8% e-mail not
 * verified, 22% pending activation, 70% activated, 1% removed (hidden); most activated users and some pending ones
 * are imported into the external system (person source 'crm'), the rest are sign-ups (source 'web'), matched to
 * the firm of their domain as the users trigger would. Sign-ups over three years, last logins over the last two.
 * A firm's seat limit covers its activated users (at least the default 50). `contacts`: persons of the external
 * system without a login. Needs the migrations applied; users and persons go in with their links set, so the
 * users trigger has nothing to do.
 */
export const addSyntheticUsers = async (db: Db, options: UsersScaleOptions) => {
  const connection = await rawConnection(db);
  const { query } = connection;
  try {
    const prng = createPrng(options.seed ?? 0x05e75);
    const now = options.clock().getTime();
    const batchSize = options.batchSize ?? 2000;
    const contacts = options.contacts ?? 0;
    const taken = (await query('select 1 from firms where id >= $1 limit 1', [syntheticFirmIdBase])).rows;
    if (taken.length > 0) throw new Error('This database already has synthetic firms');
    const firms = makeFirms(prng, options.firms);
    const emails = new Set(
      (
        (await query('select lower(email) as e from persons where email is not null', [])).rows as {
          e: string;
        }[]
      )
        .map((r) => r.e)
        .concat(
          ((await query('select lower(email) as e from users', [])).rows as { e: string }[]).map((r) => r.e),
        ),
    );
    const uniqueEmail = (local: string, domain: string) => {
      let email = `${local}@${domain}`;
      for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
      emails.add(email);
      return email;
    };
    // Skewed firm sizes: u^3 puts most people at the first firms (a few big clients, a long tail of small ones).
    const pickFirm = () => firms[Math.floor(prng.next() ** 3 * firms.length)]!;
    const activatedPerFirm = new Map<number, number>();

    const started = performance.now();
    const total = options.users + contacts;
    const personIds = async (n: number) =>
      (
        (
          await query(
            "select nextval(pg_get_serial_sequence('persons', 'id'))::int as id from generate_series(1, $1)",
            [n],
          )
        ).rows as { id: number }[]
      ).map((r) => r.id);

    await query('begin', []);
    try {
      await query(
        `insert into firms (id, name, domains, seat_limit, created_at)
         select id, name, array[domain], 50, $4::timestamptz from unnest($1::int[], $2::text[], $3::text[]) as t(id, name, domain)`,
        [
          firms.map((f) => f.id),
          firms.map((f) => f.name),
          firms.map((f) => f.domain),
          new Date(now - 5 * 365 * DAY),
        ],
      );
      for (let done = 0; done < total; done += batchSize) {
        const n = Math.min(batchSize, total - done);
        const ids = await personIds(n);
        const p = {
          id: [] as number[],
          first: [] as string[],
          last: [] as string[],
          email: [] as string[],
          firm: [] as (number | null)[],
          entity: [] as string[],
          hasPassword: [] as boolean[],
          lastLogin: [] as (string | null)[],
          source: [] as string[],
          created: [] as string[],
        };
        const u = {
          email: [] as string[],
          first: [] as string[],
          last: [] as string[],
          company: [] as string[],
          verified: [] as (string | null)[],
          activated: [] as (string | null)[],
          hidden: [] as boolean[],
          created: [] as string[],
          lastLogin: [] as (string | null)[],
          person: [] as number[],
        };
        for (let i = 0; i < n; i++) {
          const isUser = done + i < options.users;
          const first = prng.pick(firstNames);
          const last = prng.pick(lastNames);
          const atFirm = !isUser || prng.chance(0.9);
          const firm = atFirm ? pickFirm() : null;
          const email = uniqueEmail(localPart(prng, first, last), firm?.domain ?? prng.pick(otherDomains));
          const created = now - prng.next() * 3 * 365 * DAY;
          p.id.push(ids[i]!);
          p.first.push(first);
          p.last.push(last);
          p.email.push(email);
          p.firm.push(firm?.id ?? null);
          p.created.push(new Date(created).toISOString());
          if (!isUser) {
            p.entity.push('C');
            p.hasPassword.push(false);
            p.lastLogin.push(null);
            p.source.push('crm');
            continue;
          }
          const state = prng.next();
          const verified = state >= 0.08;
          const activated = state >= 0.3;
          // last logins over the last two years, never before the sign-up; some verified users never came back
          const lastLogin =
            verified && prng.chance(0.95)
              ? new Date(Math.max(created, now - prng.next() * 2 * 365 * DAY)).toISOString()
              : null;
          const imported = firm !== null && (activated ? prng.chance(0.9) : verified && prng.chance(0.2));
          const hidden = prng.chance(0.01);
          if (activated && firm && !hidden)
            activatedPerFirm.set(firm.id, (activatedPerFirm.get(firm.id) ?? 0) + 1);
          p.entity.push('U');
          p.hasPassword.push(true);
          p.lastLogin.push(lastLogin);
          p.source.push(imported ? 'crm' : 'web');
          u.email.push(email);
          u.first.push(first);
          u.last.push(last);
          u.company.push(firm?.name ?? '');
          u.verified.push(verified ? new Date(created + prng.int(1, 60) * 60_000).toISOString() : null);
          u.activated.push(activated ? new Date(created + prng.int(1, 10) * DAY).toISOString() : null);
          u.hidden.push(hidden);
          u.created.push(new Date(created).toISOString());
          u.lastLogin.push(lastLogin);
          u.person.push(ids[i]!);
        }
        await query(
          `insert into persons (id, first_name, last_name, email, firm_id, entity, has_password, last_login_at, source, created_at)
           select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::bool[],
             $8::timestamptz[], $9::text[], $10::timestamptz[])`,
          [p.id, p.first, p.last, p.email, p.firm, p.entity, p.hasPassword, p.lastLogin, p.source, p.created],
        );
        if (u.email.length > 0) {
          await query(
            `insert into users (email, first_name, last_name, company_name, password_hash, type, email_verified_at,
               activated_at, hidden, created_at, last_login_at, person_id)
             select email, first, last, company, $11, 'client', verified, activated, hidden, created, last_login, person
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
               $7::bool[], $8::timestamptz[], $9::timestamptz[], $10::int[])
               as t(email, first, last, company, verified, activated, hidden, created, last_login, person)`,
            [
              u.email,
              u.first,
              u.last,
              u.company,
              u.verified,
              u.activated,
              u.hidden,
              u.created,
              u.lastLogin,
              u.person,
              unusableHash,
            ],
          );
        }
        options.onProgress?.(done + n, total, performance.now() - started);
      }
      // Seats as the Terms allow: a firm's limit covers the users already activated there, in steps of 50.
      const grown = [...activatedPerFirm].filter(([, used]) => used > 50);
      await query(
        'update firms f set seat_limit = t.seats from unnest($1::int[], $2::int[]) as t(id, seats) where f.id = t.id',
        [grown.map(([id]) => id), grown.map(([, used]) => Math.ceil(used / 50) * 50)],
      );
      await query('commit', []);
    } catch (error) {
      await query('rollback', []);
      throw error;
    }
    return { firms: firms.length, users: options.users, contacts, ms: performance.now() - started };
  } finally {
    connection.release();
  }
};
