import { describe, expect, it } from 'vitest';
import { formatLogEntry, prettyStream, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides link tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/api/verify?token=abc123')).toBe('/api/verify?token=[redacted]');
    expect(redactUrl('/resetpassword?p=xyz&redirectUrl=/home')).toBe(
      '/resetpassword?p=[redacted]&redirectUrl=/home',
    );
    expect(redactUrl('/api/users/me')).toBe('/api/users/me');
    expect(redactUrl('/api/reports?page=2')).toBe('/api/reports?page=2');
  });
});

describe('formatLogEntry (LOG_FORMAT=pretty)', () => {
  const time = new Date(2026, 10, 24, 9, 5, 7).getTime();

  it('writes one plain line with the time, level, message and fields, without pino bookkeeping', () => {
    const line = formatLogEntry({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'Slow',
      ms: 12,
      who: 'a b',
    });
    expect(line).toBe('09:05:07 WARN  Slow ms=12 who="a b"\n');
  });

  it('writes a request as its message alone (method, path, status, time)', () => {
    const line = formatLogEntry({
      level: 30,
      time,
      kind: 'request',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
      ms: 1.5,
      msg: 'GET /api/health 200 1.5 ms',
    });
    expect(line).toBe('09:05:07 INFO  GET /api/health 200 1.5 ms\n');
  });

  it('puts the stack of an error under its line', () => {
    const text = formatLogEntry({
      level: 50,
      time,
      msg: 'Request failed',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (a.ts:1:1)' },
    });
    expect(text).toBe('09:05:07 ERROR Request failed\n    Error: boom\n        at handler (a.ts:1:1)\n');
  });

  it('shows a mail kept without SMTP as a marked block with recipient, subject and every link', () => {
    const text = formatLogEntry({
      level: 30,
      time,
      kind: 'mail-links',
      mailId: 3,
      to: 'new@demo.test',
      subject: 'Verify your e-mail address',
      links: ['http://localhost:9001/verify?token=abc'],
      msg: 'Mail kept in the outbox (SMTP_URL is not set); its links are logged here',
    });
    const lines = text.split('\n');
    expect(lines[1]).toMatch(/^==== MAIL NOT SENT \(SMTP_URL is not set\)/);
    expect(lines).toContain('  To:       new@demo.test');
    expect(lines).toContain('  Subject:  Verify your e-mail address');
    expect(lines).toContain('  Link:     http://localhost:9001/verify?token=abc');
    expect(lines.at(-3)).toMatch(/^=+$/);
  });
});

describe('prettyStream', () => {
  it('turns the JSON lines pino writes into plain lines, and passes through what is not JSON', () => {
    const out: string[] = [];
    const stream = prettyStream({ write: (text: string) => out.push(text) });
    stream.write(`${JSON.stringify({ level: 30, time: 0, msg: 'Seeded catalogue', module: 'catalogue' })}\n`);
    stream.write('not json\n');
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}Seeded catalogue module=catalogue\n$/);
    expect(out[1]).toBe('not json\n');
  });
});
