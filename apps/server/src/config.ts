import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The built SPA, resolved from this file so that the server finds it whatever the working directory. */
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const optionalText = z.string().trim().min(1).optional();
const positiveInt = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);
const urlWithProtocol = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const envSchema = z.object({
  PORT: positiveInt(1, 65535, 9001),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: optionalText,
  PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine((origin) => {
          try {
            const url = new URL(origin);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
          } catch {
            return false;
          }
        }, 'must be a comma list of origins such as https://portal.example.com (no path, no trailing slash)'),
      ),
    ),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalText,
  FIRM_NAME: z.string().trim().min(1).default('Harbourline Research'),
  FIRM_EMAIL: z.email('must be an e-mail address').default('clientservices@harbourline.example'),
  FIRM_PHONE: z.string().trim().min(1).default('+852 3000 8000'),
  FIRM_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('Two Exchange Square, 8 Connaught Place, Central, Hong Kong'),
  SESSION_TTL_HOURS: positiveInt(1, 24 * 365, 168),
  OUTBOX_POLL_MS: positiveInt(100, 3_600_000, 2000),
  // How long this process may serve hot reads (sessions, entitlements, shared report pages, suggestions) from
  // memory; its own writes invalidate at once, other processes' writes show after at most this long. 0 = off.
  CACHE_TTL_MS: positiveInt(0, 60_000, 10_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  corsOrigins: string[];
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  logLevel: string;
  webDist: string;
  firm: { name: string; email: string; phone: string; address: string };
  sessionTtlHours: number;
  outboxPollMs: number;
  cacheTtlMs: number;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/** Pure: reads the variables it knows from `env` (empty values count as unset) and lists every bad one. */
export const parseConfig = (env: Record<string, string | undefined>, cwd = process.cwd()): ConfigResult => {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = input[name] === undefined ? '' : ` (got ${JSON.stringify(input[name])})`;
      return `${name}: ${issue.message}${given}`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(cwd, e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `"${e.FIRM_NAME.replaceAll('"', '')}" <no-reply@harbourline.example>`,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      corsOrigins: e.CORS_ORIGINS,
      nodeEnv: e.NODE_ENV,
      production: e.NODE_ENV === 'production',
      logLevel: e.LOG_LEVEL,
      webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : defaultWebDist,
      firm: { name: e.FIRM_NAME, email: e.FIRM_EMAIL, phone: e.FIRM_PHONE, address: e.FIRM_ADDRESS },
      sessionTtlHours: e.SESSION_TTL_HOURS,
      outboxPollMs: e.OUTBOX_POLL_MS,
      cacheTtlMs: e.CACHE_TTL_MS,
    },
  };
};

export const formatConfigErrors = (errors: string[]) =>
  `Invalid configuration, the server cannot start. Fix these environment variables:\n${errors
    .map((error) => `  - ${error}`)
    .join('\n')}`;

/** Parses process.env or exits with one clear message listing every bad variable. */
export const loadConfig = (): Config => {
  const result = parseConfig(process.env);
  if (!result.ok) {
    process.stderr.write(`${formatConfigErrors(result.errors)}\n`);
    process.exit(1);
  }
  return result.config;
};
