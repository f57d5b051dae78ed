import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bindingHash,
  type FileTokenClaims,
  sessionBinding,
  signFileToken,
  verifyFileToken,
} from './file-tokens.ts';

const key = randomBytes(32);
const binding = sessionBinding('abc');
const claims: FileTokenClaims = {
  reportId: 12,
  expiresAt: 1_000,
  via: 'session',
  userId: 7,
  accessKeyId: null,
  bindingHash: bindingHash(binding),
  fileVersion: 1,
};

describe('signed file tokens', () => {
  it('round-trips for the bound caller before expiry', () => {
    const token = signFileToken(key, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(verifyFileToken(key, token, 999, ['other', binding])).toEqual({ ok: true, claims });
  });

  it('keeps access key tokens apart', () => {
    const rfs = {
      ...claims,
      via: 'accessKey' as const,
      userId: null,
      accessKeyId: 5,
      bindingHash: bindingHash('rfs:5:d'),
    };
    expect(verifyFileToken(key, signFileToken(key, rfs), 10, ['rfs:5:d'])).toEqual({ ok: true, claims: rfs });
  });

  it('refuses an expired token, also at the exact second', () => {
    const token = signFileToken(key, claims);
    expect(verifyFileToken(key, token, 1_000, [binding])).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses another session', () => {
    const token = signFileToken(key, claims);
    expect(verifyFileToken(key, token, 10, [sessionBinding('abd')])).toMatchObject({
      ok: false,
      reason: 'otherBinding',
    });
    expect(verifyFileToken(key, token, 10, [])).toMatchObject({ ok: false, reason: 'otherBinding' });
  });

  it('refuses a token signed with another key, or with any byte changed', () => {
    const token = signFileToken(key, claims);
    expect(verifyFileToken(randomBytes(32), token, 10, [binding])).toEqual({ ok: false, reason: 'invalid' });
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify([13, 1000, 's', 7, null, claims.bindingHash])).toString(
      'base64url',
    );
    expect(verifyFileToken(key, `${forged}.${signature}`, 10, [binding])).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyFileToken(key, `${payload}.${flipped}`, 10, [binding])).toEqual({
      ok: false,
      reason: 'invalid',
    });
    for (const junk of ['', '.', 'a.b.c', payload, `${payload}.`]) {
      expect(verifyFileToken(key, junk, 10, [binding])).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a well-signed payload of the wrong shape', () => {
    const sign = (value: unknown) => {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    };
    for (const value of [
      {},
      [12, 1000, 'x', 7, null, 'h'],
      [0, 1000, 's', 7, null, 'h'],
      [12, '1000', 's', 7, null, 'h'],
    ]) {
      expect(verifyFileToken(key, sign(value), 10, [binding])).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
