import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import type { SeedModule } from './seed-module.ts';

export const demoPassword = 'Portal-demo-1';

export const demoAccounts = [
  {
    email: 'admin@demo.test',
    type: 'admin',
    firstName: 'Avery',
    lastName: 'Chan',
    company: 'Harbourline Research',
  },
  {
    email: 'client@demo.test',
    type: 'client',
    firstName: 'Jordan',
    lastName: 'Miller',
    company: 'Northgate Capital',
  },
  {
    email: 'npi@demo.test',
    type: 'npi',
    firstName: 'Priya',
    lastName: 'Raman',
    // a colleague of the client at the demo firm (seed/crm.ts)
    company: 'Northgate Capital',
  },
] as const;

/** Demo accounts, verified and activated; never created in production. */
export const accountsSeed: SeedModule = {
  name: 'accounts',
  async run({ db, config, clock, log }) {
    if (config.production) {
      log.info({}, 'Production: demo accounts are not created');
      return;
    }
    const now = clock();
    const hashes = await Promise.all(demoAccounts.map(() => hashPassword(demoPassword)));
    await db
      .insert(users)
      .values(
        demoAccounts.map((a, i) => ({
          email: a.email,
          type: a.type,
          firstName: a.firstName,
          lastName: a.lastName,
          companyName: a.company,
          passwordHash: hashes[i]!,
          emailVerifiedAt: now,
          activatedAt: now,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  },
};
