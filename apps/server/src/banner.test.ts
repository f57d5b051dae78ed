import { describe, expect, it } from 'vitest';
import { bannerFields, startupBanner } from './banner.ts';
import { parseConfig } from './config.ts';

const configOf = (env: Record<string, string>) => {
  const result = parseConfig(env, '/srv/portal');
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.config;
};
const demoAccounts = [
  { email: 'admin@demo.test', type: 'admin' },
  { email: 'client@demo.test', type: 'client' },
  { email: 'npi@demo.test', type: 'npi' },
];

describe('the start-up banner', () => {
  it('names the URL, the demo accounts with their password, that mail links are printed, and the data folder', () => {
    const text = startupBanner({
      config: configOf({}),
      database: 'pglite',
      demoAccounts,
      demoPassword: 'Portal-demo-1',
    });
    expect(text).toContain('Harbourline Research portal is ready');
    expect(text).toContain('Open           http://localhost:9001\n');
    expect(text).toContain('Demo accounts  password Portal-demo-1');
    expect(text).toMatch(/admin@demo\.test +admin/);
    expect(text).toMatch(/client@demo\.test +client/);
    expect(text).toMatch(/npi@demo\.test +npi/);
    expect(text).toContain('Mail           no SMTP: links are printed here');
    expect(text).toContain('Data folder    /srv/portal/data (embedded PGlite database and files)');
    expect(text).not.toMatch(/^\{/m);
  });

  it('hides passwords of the SMTP and database URLs and says where a public URL differs from the listener', () => {
    const config = configOf({
      SMTP_URL: 'smtp://mailer:s3cret@mail.example:587',
      DATABASE_URL: 'postgres://portal:dbpass@db.example:5432/portal',
      PUBLIC_URL: 'https://portal.example',
      PORT: '8080',
    });
    const text = startupBanner({
      config,
      database: 'postgres',
      demoAccounts: [],
      demoPassword: 'Portal-demo-1',
    });
    expect(text).toContain('Open           https://portal.example (listening on http://0.0.0.0:8080)');
    expect(text).toContain('Mail           SMTP smtp://mailer:***@mail.example:587');
    expect(text).toContain('Database       PostgreSQL postgres://portal:***@db.example:5432/portal');
    expect(text).toContain('Demo accounts  none');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('dbpass');
    expect(text).not.toContain('Portal-demo-1');
  });

  it('gives the JSON log the same facts', () => {
    const fields = bannerFields({
      config: configOf({}),
      database: 'pglite',
      demoAccounts,
      demoPassword: 'Portal-demo-1',
    });
    expect(fields).toMatchObject({
      url: 'http://localhost:9001',
      demoAccounts: ['admin@demo.test', 'client@demo.test', 'npi@demo.test'],
      demoPassword: 'Portal-demo-1',
      mail: 'no SMTP: links are logged',
      dataDir: '/srv/portal/data',
    });
  });
});
