import {
  contrastRatio,
  isHexColor,
  matrixConstants,
  minimumContrast,
  type SubscriptionConfig,
  subscriptionConfig,
} from '@portal/contract';
import type { MatrixAxes, MatrixItem, PersonEntry } from '../../../lib/matrix/matrix-xml.ts';

/**
 * The preference screen's chips as pure data (spec 3 sections 2 and 4): which items the reader already subscribes
 * to, which they have requested, what a toggle does (with the parent/child adjustment) and what Save would send.
 * The screen holds only the set of selected ids; the insert and delete lists are derived from it, so selecting
 * and deselecting the same chip always cancels out.
 */

export interface ChipModel {
  items: ReadonlyMap<number, MatrixItem>;
  childrenOf: ReadonlyMap<number, readonly number[]>;
  /** entries whose Z is a subscription: coloured, never toggled here (unsubscribing has its own screen) */
  subscribed: ReadonlySet<number>;
  /** existing request entries (the default Z): shown selected; deselecting one deletes it */
  requested: ReadonlySet<number>;
}

export type ChipLook = 'subscribed' | 'selected' | 'available';

export interface ToggleResult {
  selected: ReadonlySet<number>;
  /** the chip was not toggled: the screen shows the already-subscribed dialog */
  blocked?: 'alreadySubscribed';
}

export interface PendingChanges {
  inserts: number[];
  deletes: number[];
}

/** sRWClientSubRelevantZAxis: a comma list of Z ids or names that count as subscribed. */
const relevantZ = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Builds the model from the matrix's axes, the person's entries and sRWClientSubRelevantZAxis. 'Subscriber' (the
 * only status that grants reading) always counts as subscribed; a request (the default Z) never does, whatever
 * the parameter says, so a reader never sees as theirs what they have only asked for. Entries of other statuses
 * (e.g. lapsed) show as available: selecting one asks for it again.
 */
export const buildChipModel = (
  axes: MatrixAxes,
  entries: readonly PersonEntry[],
  relevantZAxis: string,
): ChipModel => {
  const items = new Map(axes.items.map((item) => [item.id, item]));
  const childrenOf = new Map<number, number[]>();
  for (const item of axes.items) {
    if (item.parentId === null || !items.has(item.parentId) || item.parentId === item.id) continue;
    const siblings = childrenOf.get(item.parentId) ?? [];
    siblings.push(item.id);
    childrenOf.set(item.parentId, siblings);
  }
  const statusNames = new Map(axes.statuses.map((status) => [status.id, status.name]));
  const relevant = new Set(relevantZ(relevantZAxis).map((part) => part.toLowerCase()));
  const isSubscription = (entry: PersonEntry) => {
    if (entry.statusId === matrixConstants.requestZ) return false;
    const name = (entry.statusName || statusNames.get(entry.statusId) || '').toLowerCase();
    return (
      entry.statusId === matrixConstants.subscriberZ ||
      name === matrixConstants.subscriberName.toLowerCase() ||
      relevant.has(String(entry.statusId)) ||
      (name !== '' && relevant.has(name))
    );
  };
  const subscribed = new Set<number>();
  const requested = new Set<number>();
  for (const entry of entries) {
    if (!items.has(entry.itemId)) continue;
    if (isSubscription(entry)) subscribed.add(entry.itemId);
    else if (entry.statusId === matrixConstants.requestZ) requested.add(entry.itemId);
  }
  return { items, childrenOf, subscribed, requested };
};

/** What the chips show on arrival: the reader's requests selected. */
export const initialSelection = (model: ChipModel): ReadonlySet<number> => new Set(model.requested);

export const chipLook = (model: ChipModel, selected: ReadonlySet<number>, id: number): ChipLook => {
  if (model.subscribed.has(id)) return 'subscribed';
  return selected.has(id) ? 'selected' : 'available';
};

const parentOf = (model: ChipModel, id: number) => {
  const parentId = model.items.get(id)?.parentId ?? null;
  return parentId !== null && model.childrenOf.has(parentId) ? parentId : null;
};

const descendants = (model: ChipModel, id: number, seen = new Set<number>()): number[] => {
  const out: number[] = [];
  for (const child of model.childrenOf.get(id) ?? []) {
    if (seen.has(child)) continue;
    seen.add(child);
    out.push(child, ...descendants(model, child, seen));
  }
  return out;
};

const ancestors = (model: ChipModel, id: number): number[] => {
  const out: number[] = [];
  let current = parentOf(model, id);
  while (current !== null && !out.includes(current) && current !== id) {
    out.push(current);
    current = parentOf(model, current);
  }
  return out;
};

/**
 * Toggles one chip (spec 3 section 4). A subscribed chip is blocked. Selecting a parent selects its children;
 * selecting the last missing child selects the parent (children already subscribed count as covered);
 * deselecting a child deselects its parent, and deselecting a parent deselects its children. Subscribed items
 * are never added to or removed from the selection by these adjustments.
 */
export const toggleChip = (model: ChipModel, selected: ReadonlySet<number>, id: number): ToggleResult => {
  if (!model.items.has(id)) return { selected };
  if (model.subscribed.has(id)) return { selected, blocked: 'alreadySubscribed' };
  const next = new Set(selected);
  const covered = (item: number) => next.has(item) || model.subscribed.has(item);
  if (next.has(id)) {
    next.delete(id);
    for (const child of descendants(model, id)) next.delete(child);
    for (const parent of ancestors(model, id)) next.delete(parent);
  } else {
    next.add(id);
    for (const child of descendants(model, id)) if (!model.subscribed.has(child)) next.add(child);
    for (const parent of ancestors(model, id)) {
      if (model.subscribed.has(parent)) break;
      if (!(model.childrenOf.get(parent) ?? []).every(covered)) break;
      next.add(parent);
    }
  }
  return { selected: next };
};

/** What Save sends: new selections to insert as requests, deselected requests to delete. */
export const pendingChanges = (model: ChipModel, selected: ReadonlySet<number>): PendingChanges => ({
  inserts: [...selected]
    .filter((id) => !model.requested.has(id) && !model.subscribed.has(id) && model.items.has(id))
    .sort((a, b) => a - b),
  deletes: [...model.requested].filter((id) => !selected.has(id)).sort((a, b) => a - b),
});

export const hasChanges = (changes: PendingChanges) =>
  changes.inserts.length > 0 || changes.deletes.length > 0;

// ---- categories and colours (sRWClientSubConfigJSON)

export interface ChipCategory {
  label: string;
  items: MatrixItem[];
}

/** sRWClientSubConfigJSON, or null when it is empty or not the expected shape. */
export const parseSubscriptionConfig = (value: string): SubscriptionConfig | null => {
  if (!value.trim()) return null;
  try {
    const parsed = subscriptionConfig.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The chips' categories: the configuration's, with items not in the matrix left out (and empty categories
 * dropped). Without a usable configuration, each top-level product with its children is a category, so the
 * screen still offers everything the matrix has.
 */
export const buildCategories = (config: SubscriptionConfig | null, axes: MatrixAxes): ChipCategory[] => {
  const items = new Map(axes.items.map((item) => [item.id, item]));
  if (config && config.categories.length > 0) {
    return config.categories
      .map((category) => ({
        label: category.label,
        items: [...new Set(category.items)]
          .map((id) => items.get(id))
          .filter((item): item is MatrixItem => item !== undefined),
      }))
      .filter((category) => category.items.length > 0);
  }
  const roots = axes.items.filter((item) => item.parentId === null || !items.has(item.parentId));
  return roots.map((root) => ({
    label: root.name,
    items: [root, ...axes.items.filter((item) => item.parentId === root.id && item.id !== root.id)],
  }));
};

export interface ChipColors {
  background: string;
  text: string;
}

const darkText = '#0b2545';
const lightText = '#ffffff';

/**
 * The colours of a subscribed chip: the item's configured colour with whichever text colour (white or ink) reaches
 * WCAG AA contrast on it; a colour that reaches neither, or no colour, falls back to `fallback` with white text.
 */
export const subscribedColors = (
  config: SubscriptionConfig | null,
  itemId: number,
  fallback: string,
): ChipColors => {
  const color = config?.colors.find((entry) => entry.item === itemId)?.color.trim();
  if (color && isHexColor(color)) {
    if (contrastRatio(color, lightText) >= minimumContrast) return { background: color, text: lightText };
    if (contrastRatio(color, darkText) >= minimumContrast) return { background: color, text: darkText };
  }
  return { background: fallback, text: lightText };
};
