// The search benchmarks' queries (search.mjs under load, search-shapes.mjs one at a time, uncached).
/**
 * The issue's query, the research probe terms of reports.mjs (titles, companies, analysts, two typos), then issue
 * 11's query shapes.
 */
export const searchTerms = [
  'semiconductor demand',
  'results',
  'outlook',
  'margins',
  'strategy',
  'vacancy',
  'refinancing',
  'oversupply',
  'takeaways',
  'Halvern',
  'Kestrel',
  'Meranti',
  'Mizuno',
  'Okafor',
  'Lakshmi',
  'outlok',
  'Halvren',
  // issue 11's shapes: a prefix (the last word as typed), the shortest prefix matched as one (three letters,
  // most of the vocabulary at 100,000 reports), a slash token and its part, a hashtag, a company ticker
  'semicond',
  'mar',
  'EV/EBITDA',
  'EBITDA',
  '#AssetQuality',
  'HALV',
];
