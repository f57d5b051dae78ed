import { matrixConstants } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { MatrixAxes, PersonEntry } from '../../../lib/matrix/matrix-xml.ts';
import {
  buildCategories,
  buildChipModel,
  chipLook,
  hasChanges,
  initialSelection,
  parseSubscriptionConfig,
  pendingChanges,
  subscribedColors,
  toggleChip,
} from './chip-state.ts';

const { requestZ, subscriberZ } = matrixConstants;
const lapsedZ = 2120300005;

// A product (1) with three sectors (11, 12, 13), a second product (2) with one (21), and a lone item (3).
const axes: MatrixAxes = {
  items: [
    { id: 1, name: 'Asia Technology', parentId: null },
    { id: 11, name: 'Semiconductors', parentId: 1 },
    { id: 12, name: 'Hardware', parentId: 1 },
    { id: 13, name: 'Internet', parentId: 1 },
    { id: 2, name: 'Financials', parentId: null },
    { id: 21, name: 'Banks', parentId: 2 },
    { id: 3, name: 'Macro', parentId: null },
  ],
  statuses: [
    { id: subscriberZ, name: 'Subscriber' },
    { id: requestZ, name: 'Requested' },
    { id: lapsedZ, name: 'Lapsed' },
  ],
};

const entry = (itemId: number, statusId: number, statusName = ''): PersonEntry => ({
  itemId,
  statusId,
  statusName,
});

const ids = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);

describe('buildChipModel', () => {
  it('sorts entries into subscribed and requested; a request never counts as subscribed', () => {
    const model = buildChipModel(
      axes,
      [entry(11, subscriberZ, 'Subscriber'), entry(21, requestZ), entry(3, lapsedZ), entry(999, subscriberZ)],
      String(requestZ), // a parameter naming the request Z must not turn requests into subscriptions
    );
    expect(ids(model.subscribed)).toEqual([11]);
    expect(ids(model.requested)).toEqual([21]);
    expect(ids(initialSelection(model))).toEqual([21]);
    expect(chipLook(model, initialSelection(model), 11)).toBe('subscribed');
    expect(chipLook(model, initialSelection(model), 21)).toBe('selected');
    expect(chipLook(model, initialSelection(model), 3)).toBe('available');
  });

  it('counts the Z ids or names of sRWClientSubRelevantZAxis as subscribed', () => {
    const model = buildChipModel(axes, [entry(3, lapsedZ), entry(13, 77)], `Lapsed, 77`);
    expect(ids(model.subscribed)).toEqual([3, 13]);
  });
});

describe('toggleChip', () => {
  const model = buildChipModel(axes, [entry(11, subscriberZ), entry(21, requestZ)], String(subscriberZ));

  it('blocks a subscribed chip (the already-subscribed dialog) and changes nothing', () => {
    const selected = initialSelection(model);
    const result = toggleChip(model, selected, 11);
    expect(result.blocked).toBe('alreadySubscribed');
    expect(result.selected).toBe(selected);
  });

  it('adds a selection to the inserts and removes it again when deselected', () => {
    const selected = toggleChip(model, initialSelection(model), 3).selected;
    expect(pendingChanges(model, selected)).toEqual({ inserts: [3], deletes: [] });
    const back = toggleChip(model, selected, 3).selected;
    expect(pendingChanges(model, back)).toEqual({ inserts: [], deletes: [] });
    expect(hasChanges(pendingChanges(model, back))).toBe(false);
  });

  it('deletes a deselected request, and selecting it again cancels the delete', () => {
    const m = buildChipModel(axes, [entry(11, subscriberZ), entry(13, requestZ)], '');
    const deselected = toggleChip(m, initialSelection(m), 13).selected;
    expect(pendingChanges(m, deselected)).toEqual({ inserts: [], deletes: [13] });
    // 12 is still missing, so selecting 13 again does not select the product
    const again = toggleChip(m, deselected, 13).selected;
    expect(pendingChanges(m, again)).toEqual({ inserts: [], deletes: [] });
  });

  it("selects a parent's children with it, leaving subscribed children as they are", () => {
    const selected = toggleChip(model, initialSelection(model), 1).selected;
    expect(ids(selected)).toEqual([1, 12, 13, 21]);
    expect(pendingChanges(model, selected)).toEqual({ inserts: [1, 12, 13], deletes: [] });
    expect(chipLook(model, selected, 11)).toBe('subscribed');
  });

  it('selects the parent once every child is selected or subscribed', () => {
    const one = toggleChip(model, initialSelection(model), 12).selected;
    expect(one.has(1)).toBe(false);
    const both = toggleChip(model, one, 13).selected; // 11 is subscribed: covered
    expect(both.has(1)).toBe(true);
  });

  it('deselects the parent when a child is deselected, and the children with a deselected parent', () => {
    const all = toggleChip(model, initialSelection(model), 1).selected;
    const childOff = toggleChip(model, all, 12).selected;
    expect(ids(childOff)).toEqual([13, 21]);
    const parentOff = toggleChip(model, all, 1).selected;
    expect(ids(parentOff)).toEqual([21]);
  });

  it('selecting the only child of a product selects the product too', () => {
    const fresh = buildChipModel(axes, [], '');
    expect(ids(toggleChip(fresh, new Set(), 21).selected)).toEqual([2, 21]);
  });

  it('deselecting a child whose parent is a request deletes both', () => {
    const m = buildChipModel(axes, [entry(2, requestZ), entry(21, requestZ)], '');
    expect(pendingChanges(m, toggleChip(m, initialSelection(m), 21).selected)).toEqual({
      inserts: [],
      deletes: [2, 21],
    });
  });
});

describe('categories and colours', () => {
  it('reads the configuration and leaves out items the matrix does not have', () => {
    const config = parseSubscriptionConfig(
      JSON.stringify({
        categories: [
          { label: 'Technology', items: [1, 11, 404] },
          { label: 'Gone', items: [404] },
        ],
        colors: [{ item: 11, color: '#1e6b3a' }],
      }),
    );
    expect(buildCategories(config, axes)).toEqual([
      { label: 'Technology', items: [axes.items[0], axes.items[1]] },
    ]);
  });

  it('falls back to one category per product when the configuration is missing or malformed', () => {
    expect(parseSubscriptionConfig('{"matrixAxisId":300001}')).toBeNull();
    expect(parseSubscriptionConfig('not json')).toBeNull();
    expect(parseSubscriptionConfig('')).toBeNull();
    expect(buildCategories(null, axes).map((c) => [c.label, c.items.map((i) => i.id)])).toEqual([
      ['Asia Technology', [1, 11, 12, 13]],
      ['Financials', [2, 21]],
      ['Macro', [3]],
    ]);
  });

  it('picks a readable text colour for a subscribed chip, or the fallback', () => {
    const config = {
      categories: [],
      colors: [
        { item: 1, color: '#1e6b3a' },
        { item: 2, color: '#f5d76e' },
        { item: 3, color: '#8a8a8a' },
        { item: 4, color: 'red' },
      ],
    };
    expect(subscribedColors(config, 1, '#0b2545')).toEqual({ background: '#1e6b3a', text: '#ffffff' });
    expect(subscribedColors(config, 2, '#0b2545')).toEqual({ background: '#f5d76e', text: '#0b2545' });
    expect(subscribedColors(config, 3, '#0b2545')).toEqual({ background: '#0b2545', text: '#ffffff' });
    expect(subscribedColors(config, 4, '#0b2545')).toEqual({ background: '#0b2545', text: '#ffffff' });
    expect(subscribedColors(null, 9, '#0b2545')).toEqual({ background: '#0b2545', text: '#ffffff' });
  });
});
