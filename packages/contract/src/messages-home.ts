/**
 * The signed-in home's lists (ours, issue 11). A module of its own, beside messages.ts, so that they
 * stay out of the login route's initial JS: only the lazy home screen imports it.
 */
export const homeMessages = {
  listsLabel: 'Your research',
  latest: 'Latest in your sectors',
  latestNpi: 'Research you can read',
  // ours (issue 21): a reader without sectors of their own (no subscription yet) gets the latest research
  latestAll: 'Latest research',
  continueReading: 'Continue reading',
  saved: 'Saved research',
  mustRead: 'Must Read',
  seeAll: 'See all',
  latestEmpty: 'New reports in your sectors will appear here.',
  latestEmptyNpi: 'Reports included in your access will appear here.',
  latestEmptyAll: 'New research will appear here.',
  continueEmpty: 'Reports you open will appear here, so that you can pick up where you left off.',
  savedEmpty: 'Reports you save with the bookmark on a card will appear here.',
  mustReadEmpty: 'Nothing marked Must Read yet.',
  loadFailed: 'Your lists could not be loaded. Please try again.',
  loading: 'Loading your lists',
  percentRead: '% read',
} as const;
