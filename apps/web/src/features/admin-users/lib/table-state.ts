import {
  adminUsersConstants,
  type spyderUserSorts,
  type UsersType,
  type websiteUserSorts,
} from '@portal/contract';

/**
 * The users table's state (spec 2 sections 2 and 9): which tab, the website tab's toggle, the page, the search and
 * one sorted column. A pure reducer, so the rules (the asc/desc cycle, back to page 1 when the rows change) are
 * tested without rendering.
 */
export type SortField = (typeof websiteUserSorts)[number] | (typeof spyderUserSorts)[number];
export type SortDir = 'asc' | 'desc';
export type WebsiteView = 'suggestions' | 'all';

export interface TableState {
  tab: UsersType;
  view: WebsiteView;
  page: number;
  /** the search as sent (already debounced) */
  q: string;
  sort: { field: SortField; dir: SortDir } | null;
}

export type TableAction =
  | { type: 'tab'; tab: UsersType }
  | { type: 'view'; view: WebsiteView }
  | { type: 'page'; page: number }
  | { type: 'search'; q: string }
  | { type: 'sort'; field: SortField };

export const initialTableState: TableState = {
  tab: 'website',
  view: 'all',
  page: 1,
  q: '',
  sort: null,
};

export const tableReducer = (state: TableState, action: TableAction): TableState => {
  switch (action.type) {
    case 'tab':
      // Each tab has its own columns: a sort of the other tab's would be refused by the server.
      return action.tab === state.tab ? state : { ...state, tab: action.tab, page: 1, sort: null };
    case 'view':
      return action.view === state.view ? state : { ...state, view: action.view, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.trunc(action.page) || 1) };
    case 'search': {
      const q = action.q.trim().slice(0, adminUsersConstants.searchMax);
      return q === state.q ? state : { ...state, q, page: 1 };
    }
    case 'sort': {
      // Spec 2 section 2: one column at a time; clicking it again cycles asc and desc; a new column starts asc.
      const dir: SortDir = state.sort?.field === action.field && state.sort.dir === 'asc' ? 'desc' : 'asc';
      return { ...state, sort: { field: action.field, dir }, page: 1 };
    }
  }
};

/** Pages for `total` rows (at least one, so the pager never shows page 1 of 0). */
export const pageCount = (total: number, pageSize: number = adminUsersConstants.pageSize) =>
  Math.max(1, Math.ceil(total / pageSize));

/** The GET /admin/users/{usersType} query of a state. */
export const usersQueryOf = (state: TableState): Record<string, string | undefined> => ({
  page: String(state.page),
  q: state.q || undefined,
  sort: state.sort?.field,
  dir: state.sort ? state.sort.dir : undefined,
  suggestion: state.tab === 'website' && state.view === 'suggestions' ? '1' : undefined,
});

/** aria-sort of a column header. */
export const ariaSortOf = (state: TableState, field: SortField): 'ascending' | 'descending' | 'none' =>
  state.sort?.field !== field ? 'none' : state.sort.dir === 'asc' ? 'ascending' : 'descending';
