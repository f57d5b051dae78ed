/**
 * Texts of Report Management (issue 23; spec 2 "Report Management" and section 4): the curation of the research
 * list (the temporary (selected) list, must read, highlighted / latest and the firm's branded selection). A module
 * of its own beside messages.ts keeps them out of the login route's initial JS (only the lazy admin screen and the
 * server import it).
 */
export type TempReportAction = 'add' | 'remove';

/** The days a report must have been published before it may join the branded selection (spec 2). */
export const specialSelectMinDays = 7;

export const messagesReportAdmin = {
  title: 'Report Management',
  /** The spec's confirmation before adding to or removing from the temporary (selected) list. */
  tempConfirm: (action: TempReportAction) =>
    `Are you going to ${action} this report ${action === 'add' ? 'into' : 'from'} selected report`,
  tempConfirmTitle: 'Selected reports',
  cancel: 'Cancel',
  yes: 'Yes',
  /** The branded selection: '<Firm> Select' when the firm's name is known (spec: 'Aletheia Select'). */
  selectName: (firmName: string | null | undefined) => (firmName ? `${firmName} Select` : 'Select'),
  /** 409 of POST /report/{id}/select, and the explanation beside the disabled action. */
  selectTooRecent: `Only reports published at least ${specialSelectMinDays} days ago can be added to the selection.`,
  selectTooRecentUntil: (date: string) =>
    `Only reports published at least ${specialSelectMinDays} days ago can be added to the selection (from ${date}).`,
  /** beside a disabled Select toggle */
  selectFrom: (date: string) => `Available from ${date}`,
  adminOnly: 'Report Management is for administrators only.',
  saving: 'Saving…',
  notFound: 'There is no such report.',
  badId: 'Please use a report id such as 123',
  badCursor: 'The cursor is not valid',
  loading: 'Loading reports',
  loadFailed: 'The reports could not be loaded. Please try again.',
  retry: 'Try again',
  noData: 'No Data',
  listLabel: 'Reports',
  loadedCount: (n: number) => `${n} ${n === 1 ? 'report' : 'reports'} shown`,
  loadMore: 'Load more',
  searchLabel: 'Search by title',
  filterLabel: 'Show',
  filters: {
    all: 'All reports',
    selected: 'Selected list',
    mustRead: 'Must read',
    highlighted: 'Highlighted',
    select: 'Select',
  },
  publish: 'Publish a report',
  identify: 'Identify a copy',
  edit: 'Edit',
  columns: {
    title: 'Title',
    published: 'Published',
    state: 'State',
    sector: 'Sector',
    analyst: 'Analyst',
    selected: 'Selected list',
    mustRead: 'Must read',
    highlighted: 'Highlighted',
    select: 'Select',
    actions: 'Actions',
  },
  states: { scheduled: 'Scheduled', published: 'Published', withdrawn: 'Withdrawn' },
  types: { latest: 'Latest', highlighted: 'Highlighted' },
  actions: {
    addTemp: 'Add to selected',
    removeTemp: 'Remove from selected',
  },
  done: {
    tempAdded: 'The report was added to the selected list.',
    tempRemoved: 'The report was removed from the selected list.',
    mustReadOn: 'The report is now a must read.',
    mustReadOff: 'The report is no longer a must read.',
    highlighted: 'The report is now highlighted.',
    latest: 'The report is now latest (no longer highlighted).',
    selectOn: 'The report was added to the selection.',
    selectOff: 'The report was removed from the selection.',
  },
  failed: 'The change could not be saved. Please try again.',
} as const;
