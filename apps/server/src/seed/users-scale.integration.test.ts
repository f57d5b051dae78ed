import { and, count, eq, gte, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { firms, persons, users } from '../db/schema/index.ts';
import { userStatusOf } from '../modules/users/user-status.ts';
import { createTestClock, createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { addSyntheticUsers, syntheticFirmIdBase } from './users-scale.ts';

const DAY = 86_400_000;
const clock = createTestClock(new Date('2030-01-15T09:00:00.000Z'));
let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await database.open();
  await migrate(handle);
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await database?.destroy();
});

describe('users scale generator', () => {
  it('adds firms, website users with linked persons in every state, and contacts, in batches', async () => {
    const progress: number[] = [];
    const result = await addSyntheticUsers(handle.db, {
      users: 600,
      firms: 20,
      contacts: 50,
      batchSize: 250,
      clock,
      onProgress: (done) => progress.push(done),
    });
    expect(result).toMatchObject({ firms: 20, users: 600, contacts: 50 });
    expect(progress).toEqual([250, 500, 650]);
    const db = handle.db;

    const firmRows = await db.select().from(firms).where(gte(firms.id, syntheticFirmIdBase));
    expect(firmRows).toHaveLength(20);
    expect(new Set(firmRows.map((f) => f.domains[0])).size).toBe(20);
    const firmOfDomain = new Map(firmRows.map((f) => [f.domains[0], f]));

    const rows = await db
      .select({ user: users, person: persons })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.personId));
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((r) => r.user.email)).size).toBe(600);
    const now = clock().getTime();
    for (const { user, person } of rows) {
      expect(person.email).toBe(user.email);
      expect(user.email).toMatch(/^[a-z0-9._]+@[a-z0-9.-]+$/);
      // the person's firm is the firm of the address's domain, as the users trigger would set it
      expect(person.firmId).toBe(firmOfDomain.get(user.email.split('@')[1]!)?.id ?? null);
      expect(person.entity).toBe('U');
      if (person.source === 'crm') expect(person.firmId).not.toBeNull();
      if (user.lastLoginAt) {
        expect(user.emailVerifiedAt).not.toBeNull();
        expect(user.lastLoginAt.getTime()).toBeGreaterThanOrEqual(user.createdAt.getTime());
        expect(user.lastLoginAt.getTime()).toBeGreaterThan(now - 2 * 365 * DAY - 1);
        expect(user.lastLoginAt.getTime()).toBeLessThanOrEqual(now);
      }
    }
    const statuses = new Map<string, number>();
    for (const { user } of rows)
      statuses.set(userStatusOf(user), (statuses.get(userStatusOf(user)) ?? 0) + 1);
    expect(statuses.get('Email Not Verified')).toBeGreaterThan(20);
    expect(statuses.get('Pending Activate')).toBeGreaterThan(60);
    expect(statuses.get('Activated')).toBeGreaterThan(300);
    const sources = new Set(rows.map((r) => r.person.source));
    expect(sources).toEqual(new Set(['crm', 'web']));
    // last logins spread over the two years, not bunched
    const logins = rows.flatMap((r) => (r.user.lastLoginAt ? [r.user.lastLoginAt.getTime()] : []));
    expect(Math.min(...logins)).toBeLessThan(now - 365 * DAY);
    expect(Math.max(...logins)).toBeGreaterThan(now - 60 * DAY);

    // contacts: persons of the external system without a login
    const [contacts] = await db
      .select({ n: count() })
      .from(persons)
      .where(and(eq(persons.entity, 'C'), eq(persons.source, 'crm'), isNotNull(persons.firmId)));
    expect(contacts!.n).toBe(50);

    // every firm's seat limit covers its activated users (the Terms hold in the generated data)
    for (const firm of firmRows) {
      const used = rows.filter(
        (r) => r.person.firmId === firm.id && r.user.activatedAt !== null && !r.user.hidden,
      ).length;
      expect(firm.seatLimit).toBeGreaterThanOrEqual(Math.max(used, 50));
    }

    // later inserts take fresh ids, and a sign-up at a synthetic firm's domain is matched to that firm
    const firm = firmRows[0]!;
    const [later] = await db
      .insert(users)
      .values({
        email: `new.reader@${firm.domains[0]}`,
        firstName: 'New',
        lastName: 'Reader',
        passwordHash: '!',
        createdAt: clock(),
      })
      .returning();
    const [laterPerson] = await db.select().from(persons).where(eq(persons.id, later!.personId!));
    expect(laterPerson).toMatchObject({ firmId: firm.id, source: 'web' });
    expect(laterPerson!.id).toBeGreaterThan(Math.max(...rows.map((r) => r.person.id)));

    await expect(addSyntheticUsers(db, { users: 1, firms: 1, clock })).rejects.toThrow(/already/);
  }, 120_000);
});
