import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWebDist, formatConfigErrors, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const result = parseConfig({}, '/srv/portal');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      dataDir: '/srv/portal/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: '"Harbourline Research" <no-reply@harbourline.example>',
      publicUrl: 'http://localhost:9001',
      corsOrigins: [],
      nodeEnv: 'development',
      production: false,
      logLevel: 'info',
      webDist: defaultWebDist,
      firm: {
        name: 'Harbourline Research',
        email: 'clientservices@harbourline.example',
        phone: '+852 3000 8000',
        address: 'Two Exchange Square, 8 Connaught Place, Central, Hong Kong',
      },
      sessionTtlHours: 168,
      outboxPollMs: 2000,
      cacheTtlMs: 10_000,
    });
    expect(defaultWebDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable and derives PUBLIC_URL and MAIL_FROM', () => {
    const result = parseConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@db:5432/portal',
        SMTP_URL: 'smtp://mail:25',
        CORS_ORIGINS: 'https://a.example, http://localhost:5173',
        NODE_ENV: 'production',
        FIRM_NAME: 'Acme "Research"',
        WEB_DIST: 'web',
        SESSION_TTL_HOURS: '12',
        OUTBOX_POLL_MS: '500',
      },
      '/app',
    );
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config).toMatchObject({
      port: 8080,
      dataDir: '/app/var/data',
      databaseUrl: 'postgres://u:p@db:5432/portal',
      smtpUrl: 'smtp://mail:25',
      corsOrigins: ['https://a.example', 'http://localhost:5173'],
      production: true,
      publicUrl: 'http://localhost:8080',
      mailFrom: '"Acme Research" <no-reply@harbourline.example>',
      webDist: '/app/web',
      sessionTtlHours: 12,
      outboxPollMs: 500,
      cacheTtlMs: 10_000,
    });
  });

  it('treats empty values as unset and strips a trailing slash from PUBLIC_URL', () => {
    const result = parseConfig({ DATABASE_URL: '', PORT: ' ', PUBLIC_URL: 'https://portal.example/' });
    expect(result.ok && result.config).toMatchObject({
      databaseUrl: undefined,
      port: 9001,
      publicUrl: 'https://portal.example',
    });
  });

  it('lists every bad variable with the value given', () => {
    const result = parseConfig({
      PORT: 'abc',
      DATABASE_URL: 'mysql://db',
      SMTP_URL: 'mail.example',
      CORS_ORIGINS: 'https://ok.example,https://bad.example/path',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      FIRM_EMAIL: 'not-an-email',
      SESSION_TTL_HOURS: '0',
      OUTBOX_POLL_MS: '1.5',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const names = result.errors.map((e) => e.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'CORS_ORIGINS',
        'DATABASE_URL',
        'FIRM_EMAIL',
        'LOG_LEVEL',
        'NODE_ENV',
        'OUTBOX_POLL_MS',
        'PORT',
        'SESSION_TTL_HOURS',
        'SMTP_URL',
      ].sort(),
    );
    expect(result.errors).toContain('PORT: must be a whole number (got "abc")');
    expect(result.errors).toContain('SESSION_TTL_HOURS: must be between 1 and 8760 (got "0")');
  });

  it('refuses a port out of range', () => {
    const result = parseConfig({ PORT: '70000' });
    expect(result.ok ? [] : result.errors).toEqual(['PORT: must be between 1 and 65535 (got "70000")']);
  });

  it('formats one message with a line per variable', () => {
    expect(formatConfigErrors(['PORT: bad', 'HOST: bad'])).toBe(
      'Invalid configuration, the server cannot start. Fix these environment variables:\n  - PORT: bad\n  - HOST: bad',
    );
  });
});
