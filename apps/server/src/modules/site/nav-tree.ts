import type { NavItem } from '@portal/contract';

export interface NavRow {
  id: number;
  parentId: number | null;
  type: NavItem['type'];
  label: string;
  path: string | null;
  tag: string | null;
  sortOrder: number;
}

/** Deepest nesting served: deeper rows (only possible through direct SQL) are left out rather than looping. */
export const maxNavDepth = 6;

/**
 * Builds the menu tree from flat rows: siblings by sort order then id. Rows whose parent is missing are
 * dropped, so an orphan can never surface at the top level.
 */
export const buildNavTree = (rows: readonly NavRow[]): NavItem[] => {
  const byParent = new Map<number | null, NavRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  for (const siblings of byParent.values()) {
    siblings.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  }
  const build = (parentId: number | null, depth: number): NavItem[] =>
    depth > maxNavDepth
      ? []
      : (byParent.get(parentId) ?? []).map((row) => ({
          id: row.id,
          type: row.type,
          label: row.label,
          path: row.path,
          tag: row.tag,
          children: build(row.id, depth + 1),
        }));
  return build(null, 1);
};
