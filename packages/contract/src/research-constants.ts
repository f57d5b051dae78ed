/**
 * Constants of the research catalogue, kept apart from the zod schemas that use them: importing a constant from
 * here does not pull zod into a browser bundle.
 */
export const reportListTypes = [
  'latest',
  'related',
  'highlighted',
  'all',
  'temp',
  // the firm's branded selection (reports.special_select), the list npi readers see
  'select',
  'saved',
  'mostviewed',
] as const;
export type ReportListType = (typeof reportListTypes)[number];

/** Most Viewed periods; the default is 'Past Month' (spec 1 section 9). */
export const mostViewedPeriods = ['Past Week', 'Past Month', 'Past 3 Months', 'Past Year'] as const;
export type MostViewedPeriod = (typeof mostViewedPeriods)[number];
export const defaultMostViewedPeriod: MostViewedPeriod = 'Past Month';

export const reportFileTypes = [
  'pdf',
  'htm',
  'xls',
  'xlsx',
  'mp3',
  'mp4',
  'mpg',
  'mpeg',
  'ogg',
  'youtube',
  'iframe',
] as const;
export type ReportFileType = (typeof reportFileTypes)[number];

export const reportPageSize = { default: 20, max: 50 } as const;

/** At most 5 suggestions are shown (spec 1 section 9). */
export const maxSuggestions = 5;

export const keyChartsSectorId = 10000131;
export const defaultKeyChartCategory = 'Global IP';

/**
 * GET /reports/MyReports/{id}/{entity}: the user's own research, i.e. reports of the sectors in the matrix of
 * person {id} of entity 'U' (website user) or 'C' (contact). The id must be the caller's own unless an admin asks.
 * Takes the list query of GET /reports (page, cursor, filters) and answers like it.
 */
export const myReportsEntities = ['U', 'C'] as const;
