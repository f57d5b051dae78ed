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
      logFormat: 'json',
      webDist: defaultWebDist,
      firm: {
        name: 'Harbourline Research',
        email: 'clientservices@harbourline.example',
        phone: '+852 3000 8000',
        address: 'Two Exchange Square, 8 Connaught Place, Central, Hong Kong',
        offices: ['Hong Kong', 'Singapore', 'London', 'New York'],
        colors: { primary: '#0b2545', accent: '#c9a96e' },
        logo: null,
        social: [
          { network: 'linkedin', url: 'https://www.linkedin.com/company/harbourline-research' },
          { network: 'x', url: 'https://x.com/harbourlineresearch' },
          { network: 'youtube', url: 'https://www.youtube.com/@harbourlineresearch' },
        ],
      },
      sessionTtlHours: 168,
      outboxPollMs: 2000,
      cacheTtlMs: 10_000,
    });
    expect(defaultWebDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('logs plain text to a terminal and JSON lines elsewhere unless LOG_FORMAT says', () => {
    const format = (env: Record<string, string>, tty: boolean) => {
      const result = parseConfig(env, '/srv/portal', tty);
      return result.ok ? result.config.logFormat : result.errors;
    };
    expect(format({}, true)).toBe('pretty');
    expect(format({}, false)).toBe('json');
    expect(format({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(format({ LOG_FORMAT: 'text' }, false)).toEqual([
      'LOG_FORMAT: must be pretty or json (got "text")',
    ]);
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

  it("reads the firm's offices, colours and logo", () => {
    const result = parseConfig({
      FIRM_OFFICES: ' Zurich , Geneva,Tokyo ',
      FIRM_COLOR: '#5A1E3C',
      FIRM_ACCENT_COLOR: ' #F2D28B ',
      FIRM_LOGO: 'brand/quayside-logo.svg',
    });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.firm).toMatchObject({
      offices: ['Zurich', 'Geneva', 'Tokyo'],
      colors: { primary: '#5a1e3c', accent: '#f2d28b' },
      logo: 'brand/quayside-logo.svg',
    });
  });

  it("reads the firm's social pages (the header's icons): known networks over https only, or none", () => {
    const result = parseConfig({
      FIRM_SOCIAL: ' https://twitter.com/quayside , https://www.instagram.com/quayside.research ',
    });
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.config.firm.social).toEqual([
      { network: 'x', url: 'https://twitter.com/quayside' },
      { network: 'instagram', url: 'https://www.instagram.com/quayside.research' },
    ]);
    const none = parseConfig({ FIRM_SOCIAL: 'none' });
    expect(none.ok && none.config.firm.social).toEqual([]);
    for (const bad of [
      'http://www.linkedin.com/company/q',
      'https://linkedin.com.evil.example/q',
      'javascript:alert(1)',
      'https://www.linkedin.com/',
    ]) {
      const refused = parseConfig({ FIRM_SOCIAL: bad });
      expect(refused.ok ? [] : refused.errors, bad).toEqual([expect.stringMatching(/^FIRM_SOCIAL: must be/)]);
    }
  });

  it('refuses malformed firm offices, colours and logo', () => {
    const result = parseConfig({
      FIRM_OFFICES: 'Zurich,,Tokyo',
      FIRM_COLOR: 'navy',
      FIRM_ACCENT_COLOR: '#c9a96',
      FIRM_LOGO: 'reports/logo.svg',
    });
    expect(result.ok ? [] : result.errors).toEqual([
      'FIRM_OFFICES: must be a comma list of office names such as "Hong Kong,London" (no empty items) (got "Zurich,,Tokyo")',
      'FIRM_COLOR: must be a colour written #rrggbb, such as #0b2545 (got "navy")',
      'FIRM_ACCENT_COLOR: must be a colour written #rrggbb, such as #c9a96e (got "#c9a96")',
      'FIRM_LOGO: must be a picture in the media storage\'s brand folder, such as brand/logo.svg (.svg, .png or .webp) (got "reports/logo.svg")',
    ]);
    expect(parseConfig({ FIRM_LOGO: 'brand/logo.gif' }).ok).toBe(false);
  });

  it('refuses colours whose text would be hard to read, saying the ratio needed', () => {
    const pale = parseConfig({ FIRM_COLOR: '#8899aa', PORT: 'abc' });
    expect(pale.ok ? [] : pale.errors).toEqual([
      'PORT: must be a whole number (got "abc")',
      'FIRM_COLOR: white text on it has a contrast of 2.92:1, it needs at least 4.5:1 (choose a darker colour) (got "#8899aa")',
      // the default accent against it fails too
      expect.stringMatching(/^FIRM_ACCENT_COLOR: .* it needs at least 4\.5:1/),
    ]);
    const dull = parseConfig({ FIRM_ACCENT_COLOR: '#44556a' });
    expect(dull.ok ? [] : dull.errors).toEqual([
      expect.stringMatching(
        /^FIRM_ACCENT_COLOR: the primary colour's text on it has a contrast of \d\.\d+:1, it needs at least 4\.5:1 .*\(got "#44556a"\)$/,
      ),
    ]);
    // A dark primary with a light accent passes.
    expect(parseConfig({ FIRM_COLOR: '#1b4332', FIRM_ACCENT_COLOR: '#d8f3dc' }).ok).toBe(true);
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

  it('never repeats a value that may hold a credential', () => {
    const result = parseConfig({ DATABASE_URL: 'mysql://user:hunter2@db/portal', SMTP_URL: 'x:secret@mail' });
    expect(result.ok ? [] : result.errors.join('\n')).not.toMatch(/hunter2|secret/);
  });

  it('reads the scale-out variables: processes, proxies and S3 (issue 26)', () => {
    const ok = (env: Record<string, string>) => {
      const result = parseConfig(env);
      if (!result.ok) throw new Error(result.errors.join('; '));
      return result.config;
    };
    const defaults = ok({});
    expect(defaults).toMatchObject({ webConcurrency: 1, databasePipelines: 2, trustProxy: false, s3: null });
    expect(ok({ DATABASE_PIPELINES: '0' }).databasePipelines).toBe(0);
    expect(ok({ DATABASE_PIPELINES: '2' }).databasePipelines).toBe(2);
    expect(ok({ DATABASE_PIPELINES: '8' }).databasePipelines).toBe(8);
    expect(ok({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(ok({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(ok({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(ok({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/portal' }).webConcurrency).toBe(4);
    expect(
      ok({
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'shh',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'portal-files',
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'shh' },
      forcePathStyle: true,
    });
    expect(ok({ S3_BUCKET: 'portal-files' }).s3).toMatchObject({ endpoint: null, credentials: null });

    const errors = (env: Record<string, string>) => {
      const result = parseConfig(env);
      return result.ok ? [] : result.errors;
    };
    // The embedded database is one process's: several need PostgreSQL.
    expect(errors({ WEB_CONCURRENCY: '2' })).toEqual([
      expect.stringMatching(/^WEB_CONCURRENCY: more than 1 process needs a PostgreSQL server/),
    ]);
    expect(errors({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/portal' })[0]).toMatch(
      /^WEB_CONCURRENCY: must be between 1 and 64/,
    );
    expect(errors({ DATABASE_PIPELINES: '-1' })[0]).toMatch(/^DATABASE_PIPELINES: must be between 0 and 64/);
    expect(errors({ DATABASE_PIPELINES: 'two' })[0]).toMatch(/^DATABASE_PIPELINES: /);
    expect(errors({ TRUST_PROXY: 'everyone' })[0]).toMatch(/^TRUST_PROXY: must be the number of proxies/);
    expect(errors({ S3_ENDPOINT: 'http://127.0.0.1:4569' })).toEqual([
      'S3_BUCKET: must be set when S3_ENDPOINT is set',
    ]);
    expect(errors({ S3_BUCKET: 'Bad_Bucket' })[0]).toMatch(/^S3_BUCKET: must be an S3 bucket name/);
    const halfKeys = errors({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'AKIA' });
    expect(halfKeys).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/),
    ]);
    expect(errors({ S3_BUCKET: 'portal-files', S3_SECRET_ACCESS_KEY: 'topsecret' }).join()).not.toContain(
      'topsecret',
    );
  });
});
