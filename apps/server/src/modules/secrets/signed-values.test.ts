import { describe, expect, it } from 'vitest';
import { macOf, openValue, sameText, sealValue } from './signed-values.ts';

const key = Buffer.alloc(32, 7);
const other = Buffer.alloc(32, 8);

describe('signed values', () => {
  it('opens what it sealed, and nothing forged, altered or made for another purpose or key', () => {
    const sealed = sealValue(key, 'unlock', { e: 'ada@example.org', x: 5 });
    expect(openValue(key, 'unlock', sealed)).toEqual({ e: 'ada@example.org', x: 5 });
    expect(openValue(key, 'other', sealed)).toBeNull();
    expect(openValue(other, 'unlock', sealed)).toBeNull();
    const [body, mac] = sealed.split('.');
    const altered = Buffer.from(JSON.stringify({ e: 'eve@example.org', x: 5 })).toString('base64url');
    expect(openValue(key, 'unlock', `${altered}.${mac}`)).toBeNull();
    expect(openValue(key, 'unlock', `${body}.${mac}.x`)).toBeNull();
    expect(openValue(key, 'unlock', undefined)).toBeNull();
    expect(openValue(key, 'unlock', 'x'.repeat(2000))).toBeNull();
  });

  it('binds a MAC to its purpose and compares in constant time', () => {
    expect(macOf(key, 'a', 'v')).not.toBe(macOf(key, 'b', 'v'));
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('abc', 'abd')).toBe(false);
    expect(sameText('abc', 'abcd')).toBe(false);
  });
});
