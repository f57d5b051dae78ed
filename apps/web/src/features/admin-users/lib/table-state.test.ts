import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  initialTableState,
  pageCount,
  type TableState,
  tableReducer,
  usersQueryOf,
} from './table-state.ts';

const run = (...actions: Parameters<typeof tableReducer>[1][]) =>
  actions.reduce<TableState>(tableReducer, initialTableState);

describe('users table state', () => {
  it('cycles one column asc, desc, asc; another column starts asc and replaces it', () => {
    let state = run({ type: 'sort', field: 'sEmail' });
    expect(state.sort).toEqual({ field: 'sEmail', dir: 'asc' });
    state = tableReducer(state, { type: 'sort', field: 'sEmail' });
    expect(state.sort).toEqual({ field: 'sEmail', dir: 'desc' });
    state = tableReducer(state, { type: 'sort', field: 'sEmail' });
    expect(state.sort).toEqual({ field: 'sEmail', dir: 'asc' });
    state = tableReducer(tableReducer(state, { type: 'sort', field: 'sEmail' }), {
      type: 'sort',
      field: 'tCreatedAt',
    });
    expect(state.sort).toEqual({ field: 'tCreatedAt', dir: 'asc' });
    expect(ariaSortOf(state, 'tCreatedAt')).toBe('ascending');
    expect(ariaSortOf(state, 'sEmail')).toBe('none');
  });

  it('goes back to page 1 when the rows change (sort, search, toggle, tab), not on the same search', () => {
    const on3 = run({ type: 'page', page: 3 });
    expect(on3.page).toBe(3);
    expect(tableReducer(on3, { type: 'sort', field: 'sEmail' }).page).toBe(1);
    expect(tableReducer(on3, { type: 'search', q: 'ada' }).page).toBe(1);
    expect(tableReducer(on3, { type: 'view', view: 'suggestions' }).page).toBe(1);
    expect(tableReducer(on3, { type: 'tab', tab: 'spyder' }).page).toBe(1);
    // The debounced box reporting the same (trimmed) text again keeps the page.
    expect(tableReducer(on3, { type: 'search', q: '  ' })).toBe(on3);
  });

  it("drops the sort with the tab (the other tab's columns differ) and keeps the search", () => {
    const state = run(
      { type: 'search', q: 'lee' },
      { type: 'sort', field: 'sEmail' },
      { type: 'tab', tab: 'spyder' },
    );
    expect(state).toMatchObject({ tab: 'spyder', q: 'lee', sort: null });
  });

  it('keeps pages at 1 or more and counts pages of 15', () => {
    expect(run({ type: 'page', page: 0 }).page).toBe(1);
    expect(run({ type: 'page', page: Number.NaN }).page).toBe(1);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(15)).toBe(1);
    expect(pageCount(16)).toBe(2);
    expect(pageCount(31)).toBe(3);
  });

  it('sends suggestion=1 only on the website tab with the suggestions toggle', () => {
    const suggestions = run(
      { type: 'view', view: 'suggestions' },
      { type: 'sort', field: 'tLoingRecord_Time' },
    );
    expect(usersQueryOf(suggestions)).toEqual({
      page: '1',
      q: undefined,
      sort: 'tLoingRecord_Time',
      dir: 'asc',
      suggestion: '1',
    });
    expect(
      usersQueryOf(tableReducer(suggestions, { type: 'tab', tab: 'spyder' })).suggestion,
    ).toBeUndefined();
    expect(usersQueryOf(initialTableState)).toEqual({
      page: '1',
      q: undefined,
      sort: undefined,
      dir: undefined,
      suggestion: undefined,
    });
  });
});
