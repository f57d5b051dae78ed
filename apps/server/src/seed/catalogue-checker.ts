import { type AnalystSeed, analysts, countries, sectors } from './catalogue-data.ts';
import { exchangeCurrency, financialsSectorId, ratingFor, ratingOrder } from './catalogue-figures.ts';

/**
 * The rules that make the demo research read like one firm's work (issue 21 item 15), asserted over every
 * generated report by the seed's tests: over the documents as generated (catalogue-checker.test.ts) and over
 * what the database holds after seeding, the text extracted from each stored file included
 * (catalogue.integration.test.ts). Each rule returns faults as text, so a failing test names the report and
 * what is wrong with it.
 */
export interface CheckedReport {
  /** how a fault names the report */
  where: string;
  title: string;
  description: string;
  /** the report's body: its paragraphs as generated, or the text extracted from its file */
  paragraphs: string[];
  /** the estimates table's header cells, when the document is at hand */
  tableHeader?: string[];
  /** the report's rating field ('' for a note without a company) */
  rating: string;
  sectorId: number;
  /** the company a company note is on (null for sector, thematic and strategy notes) */
  company: { name: string; ticker: string; sectorId: number; country: string } | null;
  /** every company and country the report is tagged with */
  companies: { name: string; ticker: string; sectorId: number; country: string }[];
  countries: string[];
  analystIds: number[];
}

const ratings: readonly string[] = ratingOrder;
const otherScales =
  /\b(Outperform|Underperform|Neutral|Overweight|Underweight|Accumulate|Reduce|Strong Buy|Market Perform)\b|\b(overweight|underweight|outperform|underperform)\b/;
const currencyCodes = ['USD', ...new Set(Object.values(exchangeCurrency))];
const moneyPattern = new RegExp(`(US\\$|\\b(?:${currencyCodes.join('|')}))\\s?\\d`, 'g');
const amount = `(?:${currencyCodes.join('|')}) \\d(?:[\\d,]*\\d)?(?:\\.\\d+)?`;
const targetPattern = new RegExp(
  `target price is (raised|cut|unchanged) (?:to|at) (${amount})(?: from (${amount}))?, implying (\\d+)% (upside|downside) from the share price of (${amount})`,
  'g',
);
const amountOf = (text: string) => Number(text.replace(/^[A-Z]{3} /, '').replace(/,/g, ''));

/** Plural drivers and nouns that templates used to pair with a singular verb. */
const pluralSubjectVerb =
  /\b(?:costs|rates|sales|prices|volumes|shipments|revisions|flows|days|users|returns|openings|resets|additions|milestones|quotas|ASPs|ratios|yields|margins) (?:is|has|was|disappoints|normalises|recovers|remains|runs)\b/;
const grammar: { pattern: RegExp; what: string }[] = [
  { pattern: pluralSubjectVerb, what: 'a plural subject with a singular verb' },
  {
    pattern: /\b(?:across|in|to|from|of|for|on) United States\b/,
    what: '"the" missing before United States',
  },
  { pattern: /\b(?!\d)(\w{2,}) \1\b/, what: 'a doubled word' },
  { pattern: /\ba (?!one\b|uni|use|usu|eu)[aeiou]\w/, what: '"a" before a vowel' },
  { pattern: /\b[Aa]n (?!hour|honest)[b-df-hj-np-tv-z][a-z]/, what: '"an" before a consonant' },
  { pattern: /\b1 (?:quarters|years|months)\b/, what: 'a plural after 1' },
  { pattern: /\{\w+(?::\w+)?\}/, what: 'a template placeholder left in' },
  { pattern: /\b(?:in|across|on) strategy\b/, what: 'the sector named "strategy"' },
];

/** Words that say the top line fell, and words that say it grew. */
const fallingRevenue =
  /softer demand|weak(?:er)? top line|weak(?:er)? (?:sales|revenue)|revenue (?:fell|declined|shrank|dropped)|falling revenue/i;
const risingRevenue = /volume growth carries|strong(?:er)? top line|revenue growth accelerat|record revenue/i;
/** Words of a bullish case that do not sit in a Sell note, and of a bearish case that do not sit in a Buy. */
const bullish = /underestimates how far|a winner from|room for a re-rating|should be rewarded/;
const bearish = /fully valued|too optimistic|little room for disappointment|too exposed to/;

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 30);

const analystOf = (id: number) => analysts.find((a) => a.id === id);
const coversIn = (analyst: AnalystSeed, sectorId: number, country: string) => {
  const covered = analyst.covers[sectorId];
  return covered === 'all' || (covered?.includes(country as never) ?? false);
};
const macroSectorId = 10000136;

export const checkReport = (report: CheckedReport): string[] => {
  const faults: string[] = [];
  const fault = (text: string) => faults.push(`${report.where}: ${text}`);
  const body = report.paragraphs.join('\n');
  const all = `${report.title}\n${report.description}\n${body}`.replace(/[ \t]+/g, ' ');
  const flat = all.replace(/\s+/g, ' ');

  // 1. One rating scale, on the field and in every statement of a rating.
  const otherScale = flat.match(otherScales);
  if (otherScale) fault(`uses another rating scale ("${otherScale[0]}")`);
  if (report.rating && !ratings.includes(report.rating)) fault(`rating field "${report.rating}"`);
  const statements = flat.matchAll(
    /(?:rate the shares|Rating:|initiating at|grade to|our rating is|Our) ([A-Z]\w+)(?= rating|[\s.,:;]|$)/g,
  );
  for (const [, word] of statements)
    if (ratings.includes(word!) && word !== report.rating)
      fault(`states the rating ${word} where its rating is "${report.rating}"`);

  // 2. The rating follows from the upside to target; a note without a company has neither.
  const targets = [...flat.matchAll(targetPattern)];
  if (report.company) {
    if (!report.rating) fault('a company note without a rating');
    const distinct = new Set(targets.map((m) => m[0]));
    if (distinct.size !== 1)
      fault(
        `states its target price and upside ${distinct.size} ways (one expected, in the listing's currency)`,
      );
    for (const m of targets) {
      const [, move, targetText, fromText, percentText, side, priceText] = m as unknown as string[];
      const target = amountOf(targetText!);
      const price = amountOf(priceText!);
      const upside = Math.round((target / price - 1) * 100);
      const printed = Number(percentText) * (side === 'downside' ? -1 : 1);
      if (printed !== upside)
        fault(`says ${percentText}% ${side} where ${targetText} over ${priceText} gives ${upside}%`);
      if (ratingFor(upside) !== report.rating)
        fault(`rated ${report.rating} at ${upside}% upside (the thresholds give ${ratingFor(upside)})`);
      if (fromText && move === 'raised' && !(target > amountOf(fromText)))
        fault(`"raised" to ${targetText} from ${fromText}`);
      if (fromText && move === 'cut' && !(target < amountOf(fromText)))
        fault(`"cut" to ${targetText} from ${fromText}`);
      for (const other of flat.matchAll(/(\d+)% (upside|downside)/g)) {
        const value = Number(other[1]) * (other[2] === 'downside' ? -1 : 1);
        if (value !== printed) fault(`says "${other[0]}" besides ${percentText}% ${side}`);
      }
    }
  } else {
    if (report.rating) fault(`a note without a company carries the rating ${report.rating}`);
    // (the disclosures define the ratings by the target price: that is no target of this note's)
    if (/target price (?:is|of|implies|raised|cut)|\d+% (?:upside|downside)/.test(flat))
      fault('a note without a company quotes a target price');
  }

  // 3. Prices and amounts in the listing's currency.
  const expected = report.company ? exchangeCurrency[report.company.ticker.split(' ').at(-1)!] : undefined;
  for (const m of flat.matchAll(moneyPattern)) {
    if (m[1] === 'US$') fault('an amount in "US$" (the notes write ISO codes)');
    else if (expected && m[1] !== expected)
      fault(`an amount in ${m[1]} on ${report.company!.ticker} (listed in ${expected})`);
  }
  if (expected && report.tableHeader && !report.tableHeader[0]?.startsWith(expected))
    fault(`estimates in "${report.tableHeader[0]}" on ${report.company!.ticker}`);

  // 4. Sector-right metrics: banks and insurers have no EBIT; NIM belongs to lenders.
  const financial = report.sectorId === financialsSectorId;
  if (financial && /\bEBIT(?:DA)?\b|EBIT margin/.test(all)) fault('a financials note quotes EBIT');
  if (!financial && report.sectorId !== macroSectorId && /\bNIM\b|net interest margin/.test(all))
    fault('a note outside financials quotes a net interest margin');
  if (financial && report.company && !/Assurance|Insurance/.test(report.company.name)) {
    if (!/net interest margin/.test(flat) || !/credit costs? of/.test(flat))
      fault('a bank note without its net interest margin and credit costs');
  }

  // 5. Every author covers the report's sector, and between them its companies and countries.
  const authors = report.analystIds.map(analystOf);
  if (authors.length === 0) fault('no analyst');
  for (const [i, a] of authors.entries()) {
    if (!a) fault(`unknown analyst ${report.analystIds[i]}`);
    else if (a.jobCategory !== 'Analysts') fault(`${a.first} ${a.last} (${a.jobCategory}) writes research`);
    else if (!a.covers[report.sectorId]) fault(`${a.first} ${a.last} writes outside their sectors`);
  }
  const known = authors.filter((a): a is AnalystSeed => a !== undefined);
  for (const c of report.companies) {
    const covered = known.some(
      (a) => coversIn(a, c.sectorId, c.country) || coversIn(a, macroSectorId, c.country),
    );
    if (!covered) fault(`${c.name} (${c.ticker}) is covered by none of its analysts`);
    if (c.ticker.endsWith(' US') && !known.some((a) => a.covers[c.sectorId] === 'all'))
      fault(`a US listing (${c.ticker}) in Asia coverage`);
  }
  for (const country of report.countries) {
    if (!known.some((a) => coversIn(a, report.sectorId, country)))
      fault(`tagged ${country}, which none of its analysts covers in its sector`);
  }
  if (report.company && !known.some((a) => coversIn(a, report.company!.sectorId, report.company!.country)))
    if (!known.some((a) => coversIn(a, macroSectorId, report.company!.country)))
      fault(`its company ${report.company.name} is outside its analysts' coverage`);

  // 6. No paragraph, and no sentence, said twice in one report.
  const seen = new Set<string>();
  for (const paragraph of report.paragraphs) {
    const key = paragraph.replace(/\s+/g, ' ').trim();
    if (key.length > 30 && seen.has(key)) fault(`repeats the paragraph "${key.slice(0, 60)}..."`);
    seen.add(key);
  }
  const sentences = new Set<string>();
  for (const sentence of sentencesOf(body)) {
    if (sentences.has(sentence)) fault(`repeats the sentence "${sentence.slice(0, 60)}..."`);
    sentences.add(sentence);
  }

  // 7. Direction words follow the figures.
  const growth = flat.match(/\(([+-]\d+\.\d)% YoY\)/);
  if (growth) {
    const up = Number(growth[1]) >= 0;
    const wrong = flat.match(up ? fallingRevenue : risingRevenue);
    if (wrong) fault(`says "${wrong[0]}" beside revenue ${growth[1]}% YoY`);
  }
  for (const m of flat.matchAll(/\b(upgrade|downgrade) to (\w+)(?: from (\w+))?/gi)) {
    const [, move, to, from] = m as unknown as string[];
    if (!from) fault(`"${m[0]}" without the rating it moved from`);
    else {
      const change = ratings.indexOf(to!) - ratings.indexOf(from);
      if (/^up/i.test(move!) ? change <= 0 : change >= 0)
        fault(`"${m[0]}" (the scale is ${[...ratings].reverse().join(' > ')})`);
    }
    if (to !== report.rating) fault(`"${m[0]}" where its rating is ${report.rating}`);
  }
  if (/a beat against our forecast/.test(flat) && /We cut our EPS estimates/.test(flat))
    fault('a beat, and estimates cut');
  if (/a miss against our forecast/.test(flat) && /We raise our EPS estimates/.test(flat))
    fault('a miss, and estimates raised');
  if (report.rating === 'Buy' && bearish.test(flat)) fault(`a Buy that says "${flat.match(bearish)![0]}"`);
  if (report.rating === 'Sell' && bullish.test(flat)) fault(`a Sell that says "${flat.match(bullish)![0]}"`);

  // 8. Grammar the templates used to get wrong.
  for (const { pattern, what } of grammar) {
    const m = flat.match(pattern);
    if (m) fault(`${what}: "${m[0]}"`);
  }
  return faults;
};

/** Lookups for building a CheckedReport from ids. */
export const countryName = (id: number) => countries.find((c) => c.id === id)?.name ?? `country ${id}`;
export const sectorName = (id: number) => sectors.find((s) => s.id === id)?.name ?? `sector ${id}`;
