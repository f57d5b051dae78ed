import { type BlogInfo, messagesBlogs } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { blogHeader, formatMinutes, isWideCard, lockLabel, postDate } from './blog-view.ts';

const blog = (key: string, topic: string, subtitle: string): BlogInfo => ({
  key,
  topic,
  subtitle,
  region: null,
  blogType: null,
  footerHTML: null,
  author: null,
  accessType: 'pre',
  selectedSectors: [],
  keyword: [],
});
const blogs = [blog('keyword1', 'Metals Weekly', 'Copper, nickel and the rest'), blog('b2', ' ', '')];

describe('blog landing helpers', () => {
  it('makes the first two cards wide and no other', () => {
    expect([0, 1, 2, 3].map(isWideCard)).toEqual([true, true, false, false]);
  });

  it("heads /blogs/{key} with the blog's topic and sub-title", () => {
    expect(blogHeader(blogs, 'keyword1')).toMatchObject({
      topic: 'Metals Weekly',
      subtitle: 'Copper, nickel and the rest',
      unknown: false,
    });
  });

  it('uses the defaults on /blogs, for a blog with empty texts, and for an unknown key (marked unknown)', () => {
    const defaults = { topic: messagesBlogs.defaultTopic, subtitle: messagesBlogs.defaultSubtitle };
    expect(blogHeader(blogs, undefined)).toMatchObject({ ...defaults, unknown: false });
    expect(blogHeader(blogs, 'b2')).toMatchObject({ ...defaults, unknown: false });
    expect(blogHeader(blogs, 'nope')).toMatchObject({ ...defaults, unknown: true, blog: undefined });
    // While the blogs are still loading, nothing is known to be missing yet.
    expect(blogHeader(undefined, 'nope').unknown).toBe(false);
  });

  it("locks a card the caller may not read: 'Sign in to read' for a visitor, 'Subscribers only' when signed in", () => {
    expect(lockLabel({ entitled: true }, false)).toBeNull();
    expect(lockLabel({ entitled: false }, false)).toBe(messagesBlogs.reader.signInToRead);
    expect(lockLabel({ entitled: false }, true)).toBe(messagesBlogs.reader.locked);
  });

  it('dates a post by its publishing, a draft by its creation, and shows minutes with 2 decimals', () => {
    expect(postDate({ published_at: '2026-03-02T10:00:00Z', created_at: '2026-03-01T10:00:00Z' })).toBe(
      '2026-03-02T10:00:00Z',
    );
    expect(postDate({ published_at: null, created_at: '2026-03-01T10:00:00Z' })).toBe('2026-03-01T10:00:00Z');
    expect(formatMinutes(2)).toBe('2.00');
    expect(formatMinutes(1.005 + 0.3333)).toBe('1.34');
  });
});
