import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptText,
  deriveLinkKeys,
  encryptText,
  newDeviceId,
  readDeviceCookie,
  signDeviceCookie,
} from './device-crypto.ts';

const keys = deriveLinkKeys(randomBytes(32));
const otherKeys = deriveLinkKeys(randomBytes(32));

describe('device cookie signing', () => {
  it('reads back the device id of a cookie it signed', () => {
    const id = newDeviceId();
    expect(id).toMatch(/^[\w-]{24}$/);
    expect(readDeviceCookie(keys, signDeviceCookie(keys, id))).toBe(id);
  });

  it('refuses altered, foreign and malformed cookies', () => {
    const id = newDeviceId();
    const cookie = signDeviceCookie(keys, id);
    const [, signature] = cookie.split('.');
    const other = newDeviceId();
    for (const forged of [
      `${other}.${signature}`,
      `${id}.${signature!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      signDeviceCookie(otherKeys, id),
      id,
      `${cookie}.x`,
      '',
      'x'.repeat(500),
      `../${id}.${signature}`,
    ]) {
      expect(readDeviceCookie(keys, forged), forged).toBeNull();
    }
    expect(readDeviceCookie(keys, undefined)).toBeNull();
  });

  it('derives different keys for the cookie and the encryption', () => {
    expect(keys.cookie.equals(keys.encryption)).toBe(false);
  });
});

describe('link encryption', () => {
  it('round-trips, with a fresh nonce every time', () => {
    const link = '/rfs.htm?rfsUrl=%2Freports%2F1_x&rcptId=1&docId=1&a=secret-key';
    const a = encryptText(keys, link);
    const b = encryptText(keys, link);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-key');
    expect(decryptText(keys, a)).toBe(link);
  });

  it('refuses tampered values and other keys', () => {
    const sealed = encryptText(keys, 'hello');
    const [iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(decryptText(keys, `${iv}.${flipped.toString('base64url')}.${tag}`)).toBeNull();
    expect(decryptText(otherKeys, sealed)).toBeNull();
    expect(decryptText(keys, 'not.sealed')).toBeNull();
    expect(decryptText(keys, '')).toBeNull();
  });
});
