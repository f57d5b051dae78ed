import { describe, expect, it } from 'vitest';
import { buildNavTree, maxNavDepth, type NavRow } from './nav-tree.ts';

const row = (id: number, parentId: number | null, sortOrder: number, label = `item ${id}`): NavRow => ({
  id,
  parentId,
  type: 'link',
  label,
  path: `/p${id}`,
  tag: null,
  sortOrder,
});

describe('buildNavTree', () => {
  it('nests children under their parents and orders siblings by sort order, then id', () => {
    const tree = buildNavTree([
      row(3, 1, 2),
      row(1, null, 2),
      row(2, null, 1),
      row(4, 1, 1),
      row(5, 1, 1),
      row(6, 4, 1),
    ]);
    expect(tree.map((i) => i.id)).toEqual([2, 1]);
    expect(tree[1]!.children.map((i) => i.id)).toEqual([4, 5, 3]);
    expect(tree[1]!.children[0]!.children.map((i) => i.id)).toEqual([6]);
    expect(tree[0]!.children).toEqual([]);
  });

  it('drops rows whose parent is missing instead of raising them to the top', () => {
    expect(buildNavTree([row(1, null, 1), row(2, 99, 1)]).map((i) => i.id)).toEqual([1]);
  });

  it('stops at the deepest level it serves, even for a cycle', () => {
    const chain = Array.from({ length: maxNavDepth + 3 }, (_, i) => row(i + 1, i === 0 ? null : i, 1));
    let depth = 0;
    for (let level = buildNavTree(chain); level.length > 0; level = level[0]!.children) depth++;
    expect(depth).toBe(maxNavDepth);
    // 1 -> 2 -> 1 cannot be reached from the top at all.
    expect(buildNavTree([row(1, 2, 1), row(2, 1, 1)])).toEqual([]);
  });
});
