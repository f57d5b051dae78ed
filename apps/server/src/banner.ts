import type { Config } from './config.ts';

export interface BannerFacts {
  config: Config;
  database: 'pglite' | 'postgres';
  /** Demo accounts found in the database (none in production). */
  demoAccounts: readonly { email: string; type: string }[];
  demoPassword: string;
}

/** A URL with its password hidden: the banner goes to terminals and logs. */
export const withoutPassword = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(not a URL)';
  }
};

/** What the banner says, as fields: the JSON log's "Portal ready" line carries the same facts. */
export const bannerFields = ({ config, database, demoAccounts, demoPassword }: BannerFacts) => ({
  url: config.publicUrl,
  listen: `${config.host}:${config.port}`,
  demoAccounts: demoAccounts.map((account) => account.email),
  demoPassword: demoAccounts.length > 0 ? demoPassword : undefined,
  mail: config.smtpUrl ? withoutPassword(config.smtpUrl) : 'no SMTP: links are logged',
  database:
    database === 'postgres' && config.databaseUrl
      ? withoutPassword(config.databaseUrl)
      : `PGlite in ${config.dataDir}`,
  dataDir: config.dataDir,
});

/**
 * The start-up banner for a person at a terminal (LOG_FORMAT=pretty): where to open the portal, how to sign
 * in, where mail goes and where the data is. Plain text; no colours, so that it reads the same in a file.
 */
export const startupBanner = (facts: BannerFacts) => {
  const { config, database, demoAccounts, demoPassword } = facts;
  const rule = '-'.repeat(72);
  const width = Math.max(0, ...demoAccounts.map((account) => account.email.length));
  const accounts =
    demoAccounts.length === 0
      ? [`  Demo accounts  none${config.production ? ' (NODE_ENV=production)' : ''}`]
      : [
          `  Demo accounts  password ${demoPassword}`,
          ...demoAccounts.map(
            (account) => `                 ${account.email.padEnd(width)}  ${account.type}`,
          ),
        ];
  const mail = config.smtpUrl
    ? `  Mail           SMTP ${withoutPassword(config.smtpUrl)}`
    : '  Mail           no SMTP: links are printed here (each mail as a block marked MAIL NOT SENT)';
  const data =
    database === 'postgres' && config.databaseUrl
      ? [
          `  Database       PostgreSQL ${withoutPassword(config.databaseUrl)}`,
          `  Data folder    ${config.dataDir} (files)`,
        ]
      : [`  Data folder    ${config.dataDir} (embedded PGlite database and files)`];
  const listen = `http://${config.host}:${config.port}`;
  return [
    '',
    rule,
    `  ${config.firm.name} portal is ready`,
    '',
    `  Open           ${config.publicUrl}${new URL(config.publicUrl).port === String(config.port) ? '' : ` (listening on ${listen})`}`,
    ...accounts,
    mail,
    ...data,
    '  Logs           plain text; LOG_FORMAT=json for JSON lines. Ctrl+C stops the server.',
    rule,
    '',
  ].join('\n');
};
