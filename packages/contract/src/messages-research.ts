/**
 * Texts of the research screens (spec 1 sections 2.6 and 8): lists, cards, search, analysts, companies and sectors.
 * A module of its own beside messages.ts keeps them out of the login route's initial JS (only lazy screens and the
 * server import it).
 */
export const messagesResearch = {
  unknownAnalyst: 'Unknown',
  noReports: 'There are currently no reports available.',
  analystMissing: 'No such analyst exists',
  analystNoDescription: 'No description',
  noData: 'No Data',
  // ours
  saveReport: 'Save report',
  unsaveReport: 'Remove from saved',
  saveFailed: 'The report could not be saved. Please try again.',
  unsaveFailed: 'The report could not be removed from your saved research. Please try again.',
  loadFailed: 'The research could not be loaded. Please try again.',
  // ours: the bound on concurrent full-text searches (one reader's parallel searches, or the whole server's)
  searchBusyUser: 'You have several searches running. Please wait for them to finish and try again.',
  searchBusyServer: 'Search is busy right now. Please try again in a moment.',
  notEntitled: 'Not included in your subscription',
  sectorMissing: 'No such sector exists',
  companyMissing: 'No such company exists',
  noCompanies: 'No companies match your search.',
  noPeople: 'There is nobody to show here yet.',
  noCharts: 'There are no charts in this category yet.',
  noSuggestions: 'No suggestions',
  // ours: the results page (issue 11)
  noMatches: 'No reports match your search and filters.',
  clearSearch: 'Clear search',
  clearFilters: 'Clear all filters',
  dateRangeLabel: 'Published between',
  dateRangePlaceholder: 'Any date',
  dateRangeHint: 'Pick the first and the last day.',
  clearDateRange: 'Clear the date range',
  calendar: {
    // The level controls keep their visible text ('November 2026') as their name: a label of its own ('Choose a
    // month') would not contain it (WCAG 2.5.3 label in name, axe's label-content-name-mismatch).
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextYear: 'Next year',
    previousYear: 'Previous year',
    nextDecade: 'Next decade',
    previousDecade: 'Previous decade',
  },
  // ours: a card's file type, reading time and lock (issue 11)
  minRead: 'min read',
  locked: 'Locked',
  fileTypes: {
    pdf: 'PDF',
    htm: 'Note',
    xls: 'Model',
    xlsx: 'Model',
    mp3: 'Audio',
    ogg: 'Audio',
    mp4: 'Video',
    mpg: 'Video',
    mpeg: 'Video',
    youtube: 'Video',
    iframe: 'Web page',
  },
  // ours (issue 23): following an analyst, whose new reports are then e-mailed to the reader
  follow: {
    follow: 'Follow',
    unfollow: 'Unfollow',
    following: (name: string) =>
      `You are following ${name}: each new report of theirs that you may read is e-mailed to you.`,
    notFollowing: (name: string) =>
      `Follow ${name} to have each new report of theirs that you may read e-mailed to you.`,
    failed: 'Your choice could not be saved. Please try again.',
    badId: 'Analyst id is invalid',
  },
} as const;
