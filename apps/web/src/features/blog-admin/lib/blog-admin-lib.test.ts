import { blogLimits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { hasText } from '../../../components/rich-text/editor-text.ts';
import { inOrder, moveKey, sameOrder } from './blog-order.ts';
import { addReport, removeReport, researchIdsOf, shiftReport } from './research-list.ts';

const paragraph = (...content: object[]) => ({ type: 'paragraph', content });
const doc = (...content: object[]) => ({ type: 'doc', content });

describe('hasText (Save stays disabled without text)', () => {
  it('finds no text in an empty document, an empty paragraph, spaces or a hard break', () => {
    expect(hasText(null)).toBe(false);
    expect(hasText(doc())).toBe(false);
    expect(hasText(doc({ type: 'paragraph' }))).toBe(false);
    expect(hasText(doc(paragraph({ type: 'text', text: '  \n\t ' })))).toBe(false);
    expect(hasText(doc(paragraph({ type: 'hardBreak' }), { type: 'image', attrs: { src: '/x.png' } }))).toBe(
      false,
    );
  });

  it('finds text at any depth', () => {
    expect(hasText(doc(paragraph({ type: 'text', text: 'Copper' })))).toBe(true);
    const nested = doc({
      type: 'bulletList',
      content: [{ type: 'listItem', content: [paragraph({ type: 'text', text: ' x ' })] }],
    });
    expect(hasText(nested)).toBe(true);
  });
});

describe('blog order', () => {
  const keys = ['a', 'b', 'c', 'd'];

  it('moves a key to the place of another, both ways', () => {
    expect(moveKey(keys, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveKey(keys, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveKey(keys, 'b', 'b')).toEqual(keys);
    expect(moveKey(keys, 'x', 'b')).toEqual(keys);
  });

  it('leaves the original untouched, so a failed save can go back to it', () => {
    const before = [...keys];
    const after = moveKey(keys, 'a', 'd');
    expect(keys).toEqual(before);
    expect(sameOrder(after, keys)).toBe(false);
    expect(sameOrder(moveKey(after, 'a', 'c'), ['b', 'a', 'c', 'd'])).toBe(true);
  });

  it('orders blogs by keys and keeps unnamed blogs at the end', () => {
    const blogs = [{ key: 'a' }, { key: 'b' }, { key: 'new' }];
    expect(inOrder(blogs, ['b', 'a']).map((blog) => blog.key)).toEqual(['b', 'a', 'new']);
    expect(inOrder(blogs, ['gone', 'a']).map((blog) => blog.key)).toEqual(['a', 'b', 'new']);
  });
});

describe('associated research list', () => {
  const report = (id: number) => ({ id, title: `Report ${id}` });

  it('adds once each and at most the limit', () => {
    let list = addReport([], report(1));
    list = addReport(list, report(1));
    expect(list).toEqual([report(1)]);
    for (let id = 2; id <= blogLimits.associatedResearchMax + 3; id++) list = addReport(list, report(id));
    expect(list).toHaveLength(blogLimits.associatedResearchMax);
  });

  it('removes, reorders within bounds and writes the ids in order', () => {
    const list = [report(1), report(2), report(3)];
    expect(researchIdsOf(shiftReport(list, 2, -1))).toBe('1,3,2');
    expect(researchIdsOf(shiftReport(list, 0, -1))).toBe('1,2,3');
    expect(researchIdsOf(shiftReport(list, 2, 1))).toBe('1,2,3');
    expect(researchIdsOf(removeReport(list, 2))).toBe('1,3');
    expect(researchIdsOf([])).toBe('');
  });
});
