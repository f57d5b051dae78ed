import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brandColorProblems,
  brandLogoPattern,
  defaultBrandColors,
  hexColorPattern,
  type SocialLink,
  socialLinkOf,
  socialNetworks,
} from '@portal/contract';
import { z } from 'zod';
import { defaultDatabasePipelines } from './db/pipelined-pool.ts';

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
const hexColor = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(hexColorPattern, `must be a colour written #rrggbb, such as ${fallback}`)
    .default(fallback)
    .transform((value) => value.toLowerCase());

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
  // Unset: plain text when stdout is a terminal (and under `npm start`, which sets it), JSON lines otherwise.
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  WEB_DIST: optionalText,
  FIRM_NAME: z.string().trim().min(1).default('Harbourline Research'),
  FIRM_EMAIL: z.email('must be an e-mail address').default('clientservices@harbourline.example'),
  FIRM_PHONE: z.string().trim().min(1).default('+852 3000 8000'),
  FIRM_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('Two Exchange Square, 8 Connaught Place, Central, Hong Kong'),
  FIRM_OFFICES: z
    .string()
    .default('Hong Kong,Singapore,London,New York')
    .transform((value) => value.split(',').map((office) => office.trim()))
    .pipe(
      z.array(
        z.string().min(1, 'must be a comma list of office names such as "Hong Kong,London" (no empty items)'),
      ),
    ),
  // The header's social icons (spec 1 section 2.3): https pages on the networks of the contract's social.ts.
  FIRM_SOCIAL: z
    .string()
    .default(
      'https://www.linkedin.com/company/harbourline-research,https://x.com/harbourlineresearch,https://www.youtube.com/@harbourlineresearch',
    )
    .transform((value, ctx) => {
      const links: SocialLink[] = [];
      if (value.trim().toLowerCase() === 'none') return links;
      for (const item of value.split(',').map((entry) => entry.trim())) {
        if (item === '') continue;
        const link = socialLinkOf(item);
        if (!link) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma list of https pages on ${Object.values(socialNetworks)
              .map((n) => n.label)
              .join(', ')} (not "${item}"), or none`,
          });
          return z.NEVER;
        }
        links.push(link);
      }
      return links;
    }),
  FIRM_COLOR: hexColor(defaultBrandColors.primary),
  FIRM_ACCENT_COLOR: hexColor(defaultBrandColors.accent),
  FIRM_LOGO: z
    .string()
    .trim()
    .regex(
      brandLogoPattern,
      "must be a picture in the media storage's brand folder, such as brand/logo.svg (.svg, .png or .webp)",
    )
    .optional(),
  SESSION_TTL_HOURS: positiveInt(1, 24 * 365, 168),
  OUTBOX_POLL_MS: positiveInt(100, 3_600_000, 2000),
  // How long this process may serve hot reads (sessions, entitlements, shared report pages, suggestions) from
  // memory; its own writes invalidate at once, other processes' writes show after at most this long. 0 = off.
  CACHE_TTL_MS: positiveInt(0, 60_000, 10_000),
  // Sign-ups an hour from one address (spec-free, ours): an office onboarding together behind one address may need
  // more than the default.
  SIGNUP_PER_IP_HOUR: positiveInt(1, 10_000, 10),
  // Running at scale (issue 26)
  WEB_CONCURRENCY: positiveInt(1, 64, 1),
  // Connections each process pipelines its short statements on (PostgreSQL only; db/pipelined-pool.ts); 0 = off.
  DATABASE_PIPELINES: positiveInt(0, 64, defaultDatabasePipelines),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): TrustProxy => {
      const lower = value.toLowerCase();
      if (lower === 'false' || lower === 'off' || lower === '0') return false;
      if (/^[1-9]\d?$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => proxyAddressPattern.test(entry))) return entries;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be the number of proxies in front of the portal (1 to 99), or a comma list of their addresses or CIDR ranges (such as 10.0.0.0/8,127.0.0.1), or false',
      });
      return z.NEVER;
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3 to 63 of a-z, 0-9, dots and hyphens)',
    )
    .optional(),
  S3_ENDPOINT: urlWithProtocol(['http:', 'https:']).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

/** TRUST_PROXY: off, a hop count, or the proxies' addresses and ranges (Fastify's trustProxy). */
export type TrustProxy = false | number | string[];
const proxyAddressPattern = /^(?:[0-9a-fA-F.:]+(?:\/\d{1,3})?|loopback|linklocal|uniquelocal)$/;

/** An S3-compatible store for report files and uploads (issue 26), instead of DATA_DIR/files. */
export interface S3Config {
  bucket: string;
  /** null: AWS's own endpoint for the region */
  endpoint: string | null;
  region: string;
  /** null: the SDK's default credential chain (instance role, AWS_* variables) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** connections each process pipelines short statements on (PostgreSQL); 0: every statement checks one out */
  databasePipelines: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  corsOrigins: string[];
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  logLevel: string;
  /** pretty: plain-text lines, a start-up banner and mail blocks for a person; json: pino's JSON lines. */
  logFormat: 'pretty' | 'json';
  webDist: string;
  firm: {
    name: string;
    email: string;
    phone: string;
    address: string;
    offices: string[];
    /** `#rrggbb`, lower case; white text on the primary and primary text on the accent reach 4.5:1. */
    colors: { primary: string; accent: string };
    /** Storage key of the logo in the public `brand` media folder, or null. */
    logo: string | null;
    /** The header's social icons (FIRM_SOCIAL). */
    social: SocialLink[];
  };
  sessionTtlHours: number;
  outboxPollMs: number;
  cacheTtlMs: number;
  /** sign-ups an hour from one address (the contract's signupPerIp, raised or lowered) */
  signupPerIpHour: number;
  /** server processes sharing the port (node:cluster); more than 1 needs DATABASE_URL */
  webConcurrency: number;
  /** whose X-Forwarded-For to believe: false (the default) trusts none */
  trustProxy: TrustProxy;
  /** null: files in DATA_DIR/files */
  s3: S3Config | null;
}

/** Variables whose values can carry a password or key. */
const secretVariables = new Set(['DATABASE_URL', 'SMTP_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

/**
 * Pure: reads the variables it knows from `env` (empty values count as unset) and lists every bad one. `tty`
 * says whether stdout is a terminal (the default log format follows it).
 */
export const parseConfig = (
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
  tty = false,
): ConfigResult => {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  const errors = (parsed.error?.issues ?? []).map(
    (issue) => [String(issue.path[0] ?? 'environment'), issue.message] as const,
  );
  // The colours are checked for contrast as a pair (the accent against the primary) once each is a colour.
  const colors = {
    primary: input.FIRM_COLOR?.trim() ?? defaultBrandColors.primary,
    accent: input.FIRM_ACCENT_COLOR?.trim() ?? defaultBrandColors.accent,
  };
  if (hexColorPattern.test(colors.primary) && hexColorPattern.test(colors.accent)) {
    const problems = brandColorProblems(colors);
    if (problems.primary) errors.push(['FIRM_COLOR', problems.primary]);
    if (problems.accent) errors.push(['FIRM_ACCENT_COLOR', problems.accent]);
  }
  // Several processes share one database: the embedded one belongs to a single process (its data folder lock).
  if (parsed.success && parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL)
    errors.push([
      'WEB_CONCURRENCY',
      'more than 1 process needs a PostgreSQL server (DATABASE_URL): the embedded database serves one process only',
    ]);
  // S3: a bucket, with both keys or neither (the SDK's own credential chain).
  const s3Given = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => input[name]);
  if (!input.S3_BUCKET && s3Given.length > 0)
    errors.push([
      'S3_BUCKET',
      `must be set when ${s3Given.join(', ')} ${s3Given.length > 1 ? 'are' : 'is'} set`,
    ]);
  if (Boolean(input.S3_ACCESS_KEY_ID) !== Boolean(input.S3_SECRET_ACCESS_KEY))
    errors.push([
      input.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default credential chain',
    ]);
  if (!parsed.success || errors.length > 0) {
    const lines = errors.map(([name, message]) => {
      // (a value that may hold a credential is never repeated: the message goes to the terminal and the logs)
      const given =
        input[name] === undefined || secretVariables.has(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
      return `${name}: ${message}${given}`;
    });
    return { ok: false, errors: [...new Set(lines)] };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(cwd, e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      databasePipelines: e.DATABASE_PIPELINES,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `"${e.FIRM_NAME.replaceAll('"', '')}" <no-reply@harbourline.example>`,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      corsOrigins: e.CORS_ORIGINS,
      nodeEnv: e.NODE_ENV,
      production: e.NODE_ENV === 'production',
      logLevel: e.LOG_LEVEL,
      logFormat: e.LOG_FORMAT ?? (tty ? 'pretty' : 'json'),
      webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : defaultWebDist,
      firm: {
        name: e.FIRM_NAME,
        email: e.FIRM_EMAIL,
        phone: e.FIRM_PHONE,
        address: e.FIRM_ADDRESS,
        offices: e.FIRM_OFFICES,
        colors: { primary: e.FIRM_COLOR, accent: e.FIRM_ACCENT_COLOR },
        logo: e.FIRM_LOGO ?? null,
        social: e.FIRM_SOCIAL,
      },
      sessionTtlHours: e.SESSION_TTL_HOURS,
      outboxPollMs: e.OUTBOX_POLL_MS,
      cacheTtlMs: e.CACHE_TTL_MS,
      signupPerIpHour: e.SIGNUP_PER_IP_HOUR,
      webConcurrency: e.WEB_CONCURRENCY,
      trustProxy: e.TRUST_PROXY ?? false,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    },
  };
};

export const formatConfigErrors = (errors: string[]) =>
  `Invalid configuration, the server cannot start. Fix these environment variables:\n${errors
    .map((error) => `  - ${error}`)
    .join('\n')}`;

/** Parses process.env or exits with one clear message listing every bad variable. */
export const loadConfig = (): Config => {
  const result = parseConfig(process.env, process.cwd(), Boolean(process.stdout.isTTY));
  if (!result.ok) {
    process.stderr.write(`${formatConfigErrors(result.errors)}\n`);
    process.exit(1);
  }
  return result.config;
};
