import { parameters } from '../db/schema/index.ts';
import type { SeedModule } from './seed-module.ts';

export const commonEmailDomains = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'proton.me',
  'protonmail.com',
  'qq.com',
  '163.com',
  '126.com',
  'yandex.ru',
  'zoho.com',
];

/** Configuration parameters (seeded in every environment, production included). */
export const parametersSeed: SeedModule = {
  name: 'parameters',
  async run({ db }) {
    // The Contact Us block and the other page texts are seeded with the site's parameters (site-parameters.ts).
    await db
      .insert(parameters)
      .values([
        { name: 'bEnableConnectBookings', value: '1', isPublic: true },
        { name: 'rw_CNTBkTalkToThe', value: 'Talk to the Analyst', isPublic: true },
        { name: 'sCommonEmailDomain', value: commonEmailDomains.join(','), isPublic: true },
      ])
      .onConflictDoNothing();
  },
};
