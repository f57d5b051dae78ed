import { eq, inArray } from 'drizzle-orm';
import { firms, persons, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { writeAudit } from '../modules/audit/audit.ts';
import { demoPassword } from './accounts.ts';
import type { SeedModule } from './seed-module.ts';

/**
 * Demo content of users management (issue 13): website users in every state, so the admin's table has something
 * to sort, search and page through. Imported users at the CRM seed's firms (activated, last logins spread over
 * months), sign-ups waiting for activation (some at a firm's domain: the import suggestions), unverified sign-ups,
 * and a few audit entries by the demo admin. Reserved example domains only; the CRM seed's firms must exist.
 */

const DAY = 24 * 60 * 60 * 1000;

interface DemoUser {
  first: string;
  last: string;
  domain: string;
  company: string;
  /** days since sign-up */
  signedUp: number;
  /** days since the last sign-in, or null for never */
  lastLogin: number | null;
  state: 'unverified' | 'pending' | 'activated';
  /** the CRM firm the user is imported to (the external system), or none: still a sign-up */
  importedTo?: number;
}

const demoUsers: readonly DemoUser[] = [
  // imported and activated, at the CRM seed's firms
  {
    first: 'Hiroshi',
    last: 'Tanaka',
    domain: 'kaiyo-pension.example',
    company: 'Kaiyo Pension Fund Association',
    signedUp: 410,
    lastLogin: 2,
    state: 'activated',
    importedTo: 8100003,
  },
  {
    first: 'Mei Ling',
    last: 'Goh',
    domain: 'straits-meridian.example',
    company: 'Straits Meridian Investors',
    signedUp: 380,
    lastLogin: 1,
    state: 'activated',
    importedTo: 8100002,
  },
  {
    first: 'Arjun',
    last: 'Raman',
    domain: 'straits-meridian.example',
    company: 'Straits Meridian Investors',
    signedUp: 350,
    lastLogin: 15,
    state: 'activated',
    importedTo: 8100002,
  },
  {
    first: 'Yuki',
    last: 'Sato',
    domain: 'sakuragawa-life.example',
    company: 'Sakuragawa Mutual Life',
    signedUp: 330,
    lastLogin: 40,
    state: 'activated',
    importedTo: 8100004,
  },
  {
    first: 'Wing Yan',
    last: 'Lau',
    domain: 'taitam-capital.example',
    company: 'Tai Tam Capital Partners',
    signedUp: 300,
    lastLogin: 6,
    state: 'activated',
    importedTo: 8100005,
  },
  {
    first: 'Oliver',
    last: 'Hartley',
    domain: 'thamesridge.example',
    company: 'Thamesridge Asset Management',
    signedUp: 280,
    lastLogin: 75,
    state: 'activated',
    importedTo: 8100006,
  },
  {
    first: 'Charlotte',
    last: 'Ainsworth',
    domain: 'fenwick-square.example',
    company: 'Fenwick Square Investors',
    signedUp: 260,
    lastLogin: 120,
    state: 'activated',
    importedTo: 8100007,
  },
  {
    first: 'Daniel',
    last: 'Okafor',
    domain: 'hudsonlantern.example',
    company: 'Hudson Lantern Capital',
    signedUp: 240,
    lastLogin: 9,
    state: 'activated',
    importedTo: 8100008,
  },
  {
    first: 'Rebecca',
    last: 'Lindqvist',
    domain: 'lexington-arch.example',
    company: 'Lexington Arch Advisors',
    signedUp: 200,
    lastLogin: 160,
    state: 'activated',
    importedTo: 8100009,
  },
  {
    first: 'Wei Jie',
    last: 'Tan',
    domain: 'merlion-pension.example',
    company: 'Merlion Public Pension Trust',
    signedUp: 180,
    lastLogin: 3,
    state: 'activated',
    importedTo: 8100010,
  },
  {
    first: 'Siti',
    last: 'Rahman',
    domain: 'banyan-assurance.example',
    company: 'Banyan Mutual Assurance',
    signedUp: 150,
    lastLogin: 28,
    state: 'activated',
    importedTo: 8100011,
  },
  {
    first: 'Ji-ho',
    last: 'Park',
    domain: 'hanriver-am.example',
    company: 'Han River Asset Management',
    signedUp: 130,
    lastLogin: 55,
    state: 'activated',
    importedTo: 8100012,
  },
  // imported, deactivated again (verified, waiting)
  {
    first: 'Kenji',
    last: 'Morimoto',
    domain: 'kaiyo-pension.example',
    company: 'Kaiyo Pension Fund Association',
    signedUp: 220,
    lastLogin: 190,
    state: 'pending',
    importedTo: 8100003,
  },
  // sign-ups at a firm's domain, not imported: the import suggestions
  {
    first: 'Priya',
    last: 'Nair',
    domain: 'straits-meridian.example',
    company: 'Straits Meridian',
    signedUp: 12,
    lastLogin: 11,
    state: 'pending',
  },
  {
    first: 'Haruka',
    last: 'Ishikawa',
    domain: 'sakuragawa-life.example',
    company: 'Sakuragawa Life',
    signedUp: 9,
    lastLogin: 8,
    state: 'pending',
  },
  {
    first: 'Thomas',
    last: 'Whitfield',
    domain: 'thamesridge-am.example',
    company: 'Thamesridge AM',
    signedUp: 7,
    lastLogin: 7,
    state: 'pending',
  },
  {
    first: 'Min-jun',
    last: 'Choi',
    domain: 'hanriver-am.example',
    company: 'Han River AM',
    signedUp: 5,
    lastLogin: null,
    state: 'pending',
  },
  {
    first: 'Grace',
    last: 'Fitzgerald',
    domain: 'hudsonlantern.example',
    company: 'Hudson Lantern',
    signedUp: 3,
    lastLogin: 2,
    state: 'pending',
  },
  {
    first: 'Ahmad',
    last: 'Faizal',
    domain: 'banyan-assurance.example',
    company: 'Banyan Assurance',
    signedUp: 2,
    lastLogin: null,
    state: 'unverified',
  },
  {
    first: 'Sophie',
    last: 'Marchetti',
    domain: 'fenwick-square.example',
    company: 'Fenwick Square',
    signedUp: 1,
    lastLogin: null,
    state: 'unverified',
  },
  // sign-ups from firms that are not clients
  {
    first: 'Lucas',
    last: 'Brennan',
    domain: 'ridgewater-partners.example',
    company: 'Ridgewater Partners',
    signedUp: 45,
    lastLogin: 30,
    state: 'pending',
  },
  {
    first: 'Ananya',
    last: 'Kapoor',
    domain: 'lotus-bay-capital.example',
    company: 'Lotus Bay Capital',
    signedUp: 38,
    lastLogin: 38,
    state: 'pending',
  },
  {
    first: 'Marcus',
    last: 'Yeo',
    domain: 'equatorfunds.example',
    company: 'Equator Funds',
    signedUp: 60,
    lastLogin: 59,
    state: 'pending',
  },
  {
    first: 'Emily',
    last: 'Nakamura',
    domain: 'bluepine-advisory.example',
    company: 'Bluepine Advisory',
    signedUp: 90,
    lastLogin: 85,
    state: 'pending',
  },
  {
    first: 'Rafael',
    last: 'Santos',
    domain: 'cordillera-am.example',
    company: 'Cordillera AM',
    signedUp: 21,
    lastLogin: null,
    state: 'unverified',
  },
  {
    first: 'Nguyen',
    last: 'Thi Lan',
    domain: 'mekong-equity.example',
    company: 'Mekong Equity',
    signedUp: 17,
    lastLogin: null,
    state: 'unverified',
  },
  {
    first: 'Isabel',
    last: 'Cortez',
    domain: 'southcross-research.example',
    company: 'Southcross Research',
    signedUp: 4,
    lastLogin: null,
    state: 'unverified',
  },
  {
    first: 'Kwame',
    last: 'Mensah',
    domain: 'gold-coast-invest.example',
    company: 'Gold Coast Invest',
    signedUp: 70,
    lastLogin: 64,
    state: 'pending',
  },
  {
    first: 'Hannah',
    last: 'Becker',
    domain: 'rheinfeld-capital.example',
    company: 'Rheinfeld Capital',
    signedUp: 110,
    lastLogin: 101,
    state: 'pending',
  },
  {
    first: 'Chen',
    last: 'Jiayi',
    domain: 'pearlriver-am.example',
    company: 'Pearl River AM',
    signedUp: 26,
    lastLogin: 20,
    state: 'pending',
  },
];

const emailOf = (u: DemoUser) =>
  `${u.first.toLowerCase().replace(/[^a-z]+/g, '')}.${u.last.toLowerCase().replace(/[^a-z]+/g, '')}@${u.domain}`;

export const usersAdminSeed: SeedModule = {
  name: 'users-admin',
  async run({ db, clock }) {
    const now = clock().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    // A time of day of its own for each user and event (deterministic: the same on every fresh seed), so that the
    // table does not show every time at the minute of seeding.
    const minutesOf = (key: string) =>
      [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_003, 7) % 600;
    const agoAt = (days: number, key: string) => new Date(now - days * DAY - minutesOf(key) * 60_000);
    const lastLoginOf = (u: DemoUser) => {
      if (u.lastLogin === null) return null;
      const created = agoAt(u.signedUp, `${emailOf(u)}:created`).getTime();
      return new Date(Math.max(agoAt(u.lastLogin, `${emailOf(u)}:login`).getTime(), created + 60 * 60_000));
    };
    const passwordHash = await hashPassword(demoPassword);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
    const inserted = await db
      .insert(users)
      .values(
        demoUsers.map((u) => ({
          email: emailOf(u),
          firstName: u.first,
          lastName: u.last,
          companyName: u.company,
          passwordHash,
          type: 'client' as const,
          emailVerifiedAt:
            u.state === 'unverified' ? null : agoAt(u.signedUp - 0.01, `${emailOf(u)}:created`),
          activatedAt: u.state === 'activated' ? agoAt(u.signedUp - 1, `${emailOf(u)}:activated`) : null,
          lastLoginAt: lastLoginOf(u),
          createdAt: agoAt(u.signedUp, `${emailOf(u)}:created`),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, personId: users.personId });
    const byEmail = new Map(inserted.map((row) => [row.email, row]));
    // The CRM seed's firms (a database where it did not run keeps these users as sign-ups).
    const firmIds = [...new Set(demoUsers.flatMap((u) => (u.importedTo ? [u.importedTo] : [])))];
    const firmNames = new Map(
      (await db.select({ id: firms.id, name: firms.name }).from(firms).where(inArray(firms.id, firmIds))).map(
        (f) => [f.id, f.name],
      ),
    );

    await db.transaction(async (tx) => {
      for (const u of demoUsers) {
        const row = byEmail.get(emailOf(u));
        if (!row?.personId || u.importedTo === undefined || !firmNames.has(u.importedTo)) continue;
        // Imported by an administrator a day after the sign-up: the person joins the external system.
        await tx
          .update(persons)
          .set({
            firmId: u.importedTo,
            source: 'crm',
            entity: 'U',
            hasPassword: true,
            lastLoginAt: lastLoginOf(u),
          })
          .where(eq(persons.id, row.personId));
        if (!admin) continue;
        const target = { actorUserId: admin.id, targetUserId: row.id, targetPersonId: row.personId };
        await writeAudit(tx, {
          ...target,
          action: 'import',
          detail: {
            email: row.email,
            firstName: u.first,
            familyName: u.last,
            firmId: u.importedTo,
            firmName: firmNames.get(u.importedTo),
          },
          at: ago(u.signedUp - 1),
        });
        await writeAudit(tx, {
          ...target,
          action: 'activate',
          detail: { email: row.email, firmId: u.importedTo },
          at: ago(u.signedUp - 1.25),
        });
        if (u.state === 'pending') {
          await writeAudit(tx, {
            ...target,
            action: 'deactivate',
            detail: { email: row.email },
            at: ago(30),
          });
        }
        if (u.lastLogin !== null && u.lastLogin > 100) {
          await writeAudit(tx, {
            ...target,
            action: 'passwordLink',
            detail: { email: row.email },
            at: ago(20),
          });
        }
      }
    });
  },
};
