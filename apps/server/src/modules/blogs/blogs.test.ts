import { describe, expect, it } from 'vitest';
import { anonymousEntitlement, type Entitlement } from '../entitlements/entitlements.ts';
import { joinNames } from './blogs.service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { postAccessOf } from './post-access.ts';
import { derivePost, excerptOf, readMinutesOf } from './sanitize.ts';

const signedIn = (sectorIds: number[], readsAll = false): Entitlement => ({
  userId: 7,
  readsAll,
  readsFree: true,
  sectorIds,
  subscribedSectorIds: sectorIds,
});

describe('post access rule', () => {
  const pi = { accessType: 'pi' as const, selectedSectors: [1, 2] };
  it('grants pre to anyone, npi to verified readers, pi to Activated subscribers of a blog sector, all to admins', () => {
    const anon = { entitlement: anonymousEntitlement, signedIn: false, activated: false };
    const unverified = { entitlement: anonymousEntitlement, signedIn: true, activated: false };
    const reader = (ids: number[], activated = true) => ({
      entitlement: signedIn(ids),
      signedIn: true,
      activated,
    });
    expect(postAccessOf({ accessType: 'pre', selectedSectors: [] }, anon)).toBe('granted');
    expect(postAccessOf({ accessType: 'npi', selectedSectors: [] }, anon)).toBe('signIn');
    expect(postAccessOf({ accessType: 'npi', selectedSectors: [] }, unverified)).toBe('notActivated');
    expect(postAccessOf({ accessType: 'npi', selectedSectors: [] }, reader([]))).toBe('granted');
    expect(postAccessOf(pi, anon)).toBe('signIn');
    expect(postAccessOf(pi, reader([2]))).toBe('granted');
    expect(postAccessOf(pi, reader([3]))).toBe('subscribers');
    // a Pending Activate reader's entitlement has no sectors
    expect(postAccessOf(pi, reader([], false))).toBe('notActivated');
    expect(postAccessOf(pi, { entitlement: signedIn([], true), signedIn: true, activated: true })).toBe(
      'granted',
    );
  });
});

describe('post text', () => {
  it('derives text, words and the first image from sanitised html, decoding entities once', () => {
    const post = derivePost(
      '<h2>Rates &amp; &lt;FX&gt;</h2><p>one<br>two</p><ul><li>three</li></ul><img src="https://x.example/a.png"><img src="/api/media/posts/a.png">',
    );
    expect(post.bodyText).toBe('Rates & <FX> one two three');
    expect(post.words).toBe(6);
    // another site's picture is dropped (issue 21): the first picture is our own
    expect(post.image).toBe('/api/media/posts/a.png');
    expect(post.html).not.toContain('x.example');
    expect(post.html).not.toContain('<FX>');
  });
  it('cuts excerpts at a word and counts read time at 300 words a minute, at least 1', () => {
    const text = `${'word '.repeat(50)}end`;
    const excerpt = excerptOf(text);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('word')).toBe(true);
    expect(excerptOf('short text')).toBe('short text');
    expect([0, 300, 301, 900].map(readMinutesOf)).toEqual([1, 1, 2, 3]);
  });
  it('joins sector names for the refusal', () => {
    expect(['A', 'B', 'C'].map((_, i, all) => joinNames(all.slice(0, i + 1)))).toEqual([
      'A',
      'A and B',
      'A, B and C',
    ]);
  });
});

describe('post list cursor', () => {
  it('round-trips our cursors and refuses anything else', () => {
    for (const position of [
      { at: '2030-01-15T09:00:00.123456', id: 5 },
      { at: null, id: 9 },
    ])
      expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of [
      '',
      'not-base64!',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["x",1]').toString('base64url'),
      Buffer.from('[null,-1]').toString('base64url'),
    ])
      expect(decodeCursor(bad)).toBeNull();
  });
});
