import type { SectorSeed } from './catalogue-data.ts';
import {
  type Accounts,
  financialsSectorId,
  money,
  type PeriodFigures,
  percent,
  perShare,
  ratingOrder,
  reportedQuarter,
  signedPercent,
  upsidePercent,
  type YearFigures,
} from './catalogue-figures.ts';
import type { Prng } from './prng.ts';

/** What a generated sentence may talk about. */
export interface TextSubject {
  subject: string;
  sector: SectorSeed;
  country: string;
  theme: string;
  /** a company's rating; empty for sector, thematic and strategy notes (they carry no rating) */
  rating: string;
  year: number;
  /** a company's figures for the period (catalogue-figures.ts): every number about it is read from these */
  figures?: PeriodFigures;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const pct = (prng: Prng, min: number, max: number) => `${(min + prng.next() * (max - min)).toFixed(1)}%`;
const bookMultiple = (s: TextSubject) => s.sector.metric === 'P/B' || s.sector.metric === 'P/NAV';
/** A sector as a sentence names it: "financials", "telecoms"; the strategists write on "Asian equities". */
export const sectorNoun = (sector: SectorSeed) =>
  sector.id === 10000136 ? 'Asian equities' : sector.short.toLowerCase();
/** A country as a sentence names it: "the United States", "China"; "Asia" for a note on the region. */
export const place = (country: string) => (country === 'United States' ? 'the United States' : country);
/** A driver ("credit costs", "loan growth") takes a plural verb when its last word is a plural. */
const pluralDriver = (driver: string) => /s$/.test(driver.split(' ').at(-1)!);
const agree = (driver: string, verb: string) => {
  if (!pluralDriver(driver)) return `${driver} ${verb}`;
  const plural = { is: 'are', has: 'have', was: 'were' }[verb] ?? verb.replace(/(?<=[^s])s$/, '');
  return `${driver} ${plural}`;
};
const accountsOfSubject = (s: TextSubject): Accounts =>
  s.figures?.accounts ?? (s.sector.id === financialsSectorId ? 'bank' : 'corporate');
/** What drives an insurer's numbers (the sector's drivers are a bank's). */
const insurerDrivers = [
  'new business value',
  'investment yields',
  'agency productivity',
  'claims ratios',
  'capital return',
];
/** What drives a holding company's numbers (the strategists' drivers are the market's). */
const holdingDrivers = [
  'portfolio values',
  'dividend income',
  'asset disposals',
  'the discount to NAV',
  'capital return',
];
const driversOf = (s: TextSubject) =>
  accountsOfSubject(s) === 'insurer'
    ? insurerDrivers
    : s.figures && s.sector.id === 10000136
      ? holdingDrivers
      : s.sector.drivers;

/** The sector's own metric at a given P/E, so that a note quoting it agrees with the P/E in its model. */
export const metricAt = (s: TextSubject, pe: number, roe?: number) => {
  switch (s.sector.metric) {
    case 'P/B':
      // price to book is P/E times the return on equity
      return pe * (roe ?? 0.11);
    case 'P/NAV':
      return pe * 0.06;
    case 'EV/EBITDA':
      return pe * 0.6;
    case 'EV/EBIT':
      return pe * 0.8;
    default:
      return pe;
  }
};

/** A number a sentence quotes: from the company's figures when there are some, drawn at random otherwise. */
const figure = (prng: Prng, key: string, s: TextSubject): string | undefined => {
  const f = s.figures;
  if (f) {
    const [, current, next, after] = f.years as [YearFigures, YearFigures, YearFigures, YearFigures];
    switch (key) {
      case 'epsPath': {
        const growth = Math.sqrt(after.eps / current.eps) - 1;
        return growth >= 0
          ? `EPS growth of ${percent(growth)} a year`
          : `EPS falling by ${percent(-growth)} a year`;
      }
      case 'payout':
        return percent(f.payout, 0);
      case 'sensitivity':
        return percent(0.012 + f.payout / 20);
      case 'costOfEquity':
        return `${f.costOfEquity.toFixed(1)}%`;
      case 'terminalGrowth':
        return `${f.terminalGrowth.toFixed(1)}%`;
      case 'marginGain':
        return `${Math.round(Math.abs(next.ebitMargin - current.ebitMargin) * 10_000) + 10}bp`;
      case 'marginPhrase': {
        const bp = `${Math.round(Math.abs(next.ebitMargin - current.ebitMargin) * 10_000) + 10}bp`;
        return next.ebitMargin >= current.ebitMargin
          ? `add about ${bp} to the EBIT margin`
          : `hold the fall in the EBIT margin to about ${bp}`;
      }
      case 'multiple':
        return `${metricAt(s, f.price / current.eps, current.roe).toFixed(1)}x`;
      case 'targetMultiple':
        return `${metricAt(s, f.target / next.eps, next.roe).toFixed(1)}x`;
      case 'pe':
        return `${(f.price / next.eps).toFixed(1)}x`;
      case 'yield':
        return percent((next.eps * f.payout) / f.price);
      case 'upside':
        return upsideText(upsidePercent(f.price, f.target));
      case 'nim':
        return percent(next.nim, 2);
      case 'creditCost':
        return `${Math.round(next.creditCost * 10_000)}bp`;
      case 'roe':
        return percent(next.roe);
      case 'nbvGrowth':
        return percent(next.nbvGrowth);
      case 'estimateMove':
        return f.estimateChange === 0
          ? 'We leave our estimates unchanged'
          : `We ${f.estimateChange > 0 ? 'raise' : 'cut'} our EPS estimates by ${percent(Math.abs(f.estimateChange))}`;
    }
  }
  switch (key) {
    case 'payout':
      return `${prng.int(25, 60)}%`;
    case 'yield':
      return pct(prng, 1.5, 4.5);
    case 'multiple':
    case 'pe':
      // book- and asset-value multiples live in a different range from earnings multiples
      return bookMultiple(s) && key !== 'pe'
        ? `${(0.5 + prng.next() * 1.6).toFixed(1)}x`
        : `${(metricAt(s, 9 + prng.next() * 14) / (key === 'pe' ? metricAt(s, 1) : 1)).toFixed(1)}x`;
    case 'estimateMove':
      return `We raise our ${s.sector.id === 10000136 ? 'market' : s.sector.short.toLowerCase()} earnings estimates by ${pct(prng, 0.5, 4)}`;
  }
  return undefined;
};

const upsideText = (upside: number) => (upside >= 0 ? `${upside}% upside` : `${-upside}% downside`);

const ratingSentence = (prng: Prng, s: TextSubject) => {
  const driver = prng.pick(driversOf(s));
  if (s.rating === 'Buy')
    return `Our Buy rating rests on ${driver} improving faster than the market expects.`;
  if (s.rating === 'Hold')
    return `Our Hold rating reflects a share price that already discounts better ${driver}.`;
  return `Our Sell rating reflects the risk that ${agree(driver, 'disappoints')} from here.`;
};

const fill = (prng: Prng, template: string, s: TextSubject) => {
  // two drivers in one sentence are never the same one
  const used: string[] = [];
  const driver = (verb?: string) => {
    const pool = driversOf(s).filter((d) => !used.includes(d));
    const picked = prng.pick(pool.length > 0 ? pool : driversOf(s));
    used.push(picked);
    return verb ? agree(picked, verb) : picked;
  };
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (_, key: string, verb?: string) => {
    switch (key) {
      case 'subject':
        return s.subject;
      case 'sector':
        return sectorNoun(s.sector);
      case 'Sector':
        return s.sector.name;
      case 'Market':
        return s.sector.id === 10000136 ? 'The market' : 'The sector';
      case 'market':
        return s.sector.id === 10000136 ? 'the market' : 'the sector';
      case 'country':
        return place(s.country);
      case 'theme':
        return s.theme;
      case 'rating':
        return s.rating;
      case 'ratingSentence':
        return ratingSentence(prng, s);
      case 'driver':
      case 'driver2':
        return driver(verb);
      case 'metric':
        return s.sector.metric;
      case 'year':
        return String(s.figures?.year ?? s.year);
      case 'next':
        return String((s.figures?.year ?? s.year) + 1);
      case 'quarters':
        return String(prng.int(2, 6));
      default: {
        const value = figure(prng, key, s);
        if (value === undefined) throw new Error(`No value for {${key}} in "${template}"`);
        return value;
      }
    }
  });
};

/**
 * A sentence template and when it may be said: `for` the kind of subject (a company, or a sector, theme or
 * country), `tone` the ratings it fits (a bullish sentence never sits in a Sell note, a bearish one never in a
 * Buy), `accounts` the kind of company whose figures it quotes (no EBIT margin for a bank, no NIM for a
 * manufacturer).
 */
interface Template {
  text: string;
  for?: 'company' | 'sector';
  tone?: 'up' | 'down';
  accounts?: readonly Accounts[];
}
const company = 'company' as const;
const sector = 'sector' as const;

const thesis: Template[] = [
  {
    text: 'The key swing factor for {year} is {driver}; every one-point change moves our EPS estimate by about {sensitivity}.',
    for: company,
  },
  {
    text: 'Consensus still models flat {driver}, and we think the trend in {driver2} matters more for the next {quarters} quarters.',
  },
  {
    text: 'Management has been consistent on capital allocation, and we expect the payout ratio to stay near {payout}.',
    for: company,
  },
  {
    text: 'We forecast {epsPath} over the next two years, driven mainly by {driver} and {driver2}.',
    for: company,
  },
  {
    text: 'Our channel checks in {country} point to {driver} running close to our forecasts, so the debate is about {next} rather than this year.',
  },
  { text: 'On {theme}, the debate has moved from whether it matters to who captures the economics.' },
  { text: 'Regulation in {country} is well understood, and we model no change to it in {next}.' },
  {
    text: 'The long-term opportunity in {sector} is intact, but near-term returns depend on execution on {driver}.',
  },
  { text: 'We expect cost discipline to {marginPhrase} in {next}.', for: company, accounts: ['corporate'] },
  {
    text: 'We forecast a net interest margin of {nim} for {next}, with deposit costs the main swing factor.',
    for: company,
    accounts: ['bank'],
  },
  {
    text: 'Credit costs should run at about {creditCost} of loans in {next}, close to the through-cycle average.',
    for: company,
    accounts: ['bank'],
  },
  {
    text: 'We forecast an ROE of {roe} for {next}, which supports a payout ratio near {payout}.',
    for: company,
    accounts: ['bank', 'insurer'],
  },
  {
    text: 'We expect the value of new business to grow by {nbvGrowth} in {next}, led by agency sales.',
    for: company,
    accounts: ['insurer'],
  },
  {
    text: 'We believe the market underestimates how far {driver} can improve at {subject} over the next {quarters} quarters.',
    for: company,
    tone: 'up',
  },
  {
    text: 'Balance sheet strength gives {subject} room to keep investing through the cycle while peers retrench.',
    for: company,
    tone: 'up',
  },
  {
    text: 'We see {theme} as a multi-year driver for {subject}, which supports a higher through-cycle multiple.',
    for: company,
    tone: 'up',
  },
  {
    text: 'Investor positioning is light, so incremental good news on {driver} should be rewarded.',
    tone: 'up',
  },
  {
    text: 'Free cash flow should cover dividends comfortably, and we see scope for a buy-back in {next}.',
    for: company,
    tone: 'up',
  },
  {
    text: 'Competitive intensity in {country} is easing as smaller players exit, leaving pricing more rational.',
    tone: 'up',
  },
  {
    text: 'We think the market is too optimistic on {driver}, and the share price leaves little room for disappointment.',
    for: company,
    tone: 'down',
  },
  {
    text: 'Competition in {country} is intensifying, and we expect pricing pressure to cap returns at {subject}.',
    for: company,
    tone: 'down',
  },
  {
    text: 'The shares already discount a recovery in {driver} that we think will take longer than the market expects.',
    for: company,
    tone: 'down',
  },
  {
    text: 'Capital needs will absorb much of the cash flow, which limits the scope for higher dividends.',
    for: company,
    tone: 'down',
  },
  { text: 'We see {theme} as the main theme for {subject} over the next {quarters} quarters.', for: sector },
  {
    text: 'A recovery in {driver} combined with stable {driver2} leaves room for upgrades to current forecasts.',
    for: sector,
  },
  {
    text: 'Balance sheets are stronger than in the last downturn, which leaves room to keep investing through the cycle.',
    for: sector,
  },
  {
    text: 'We prefer companies with pricing power and net cash, which can fund growth without diluting shareholders.',
    for: sector,
  },
  {
    text: 'The key swing factor for {year} is {driver}, and we think the market underestimates how much it can move.',
    for: sector,
  },
];

const valuation: Template[] = [
  { text: 'Our target price is based on {targetMultiple} {next} {metric}.', for: company },
  {
    text: 'Our discounted cash flow assumes a cost of equity of {costOfEquity} and terminal growth of {terminalGrowth}, and supports our target price.',
    for: company,
  },
  { text: 'On our numbers the stock trades on {pe} {next} earnings.', for: company },
  { text: 'We roll our valuation forward to {next}; our rating is {rating}.', for: company },
  { text: 'The shares trade on {multiple} {metric} this year.', for: company },
  { text: '{estimateMove} for {year} and {next}.', for: company },
  { text: 'Our target price implies {upside} from the last close, hence our {rating} rating.', for: company },
  { text: 'Dividends add a yield of about {yield} at the current share price.', for: company },
  {
    text: 'A bear case for {driver} would leave the shares on {multiple} {metric}, a multiple we think already discounts it.',
    for: company,
    tone: 'up',
  },
  {
    text: 'Even on our bull case for {driver}, the shares look fully valued at {multiple} {metric}.',
    for: company,
    tone: 'down',
  },
  { text: '{Market} trades at {multiple} {metric}, below its long-run mean.', for: sector },
  { text: 'On our numbers {market} trades on {pe} {next} earnings.', for: sector },
  {
    text: 'Valuation dispersion is wide: the cheapest quartile trades at half the multiple of the most expensive.',
    for: sector,
  },
  {
    text: 'We prefer stocks whose prices already discount a setback in {driver}, and avoid those that need a recovery in {driver2}.',
    for: sector,
  },
  {
    text: 'Dividend yields of about {yield} support {market} while investors wait for {driver} to turn.',
    for: sector,
  },
  {
    text: 'A bear case for {driver} would leave {market} on {multiple} {metric}, a multiple we think already discounts it.',
    for: sector,
  },
  {
    text: 'We use {metric} as our main yardstick, cross-checked against dividend yields and returns on equity.',
    for: sector,
  },
];

const risks: Template[] = [
  { text: 'A sharper slowdown in {country} would hit {driver} and our earnings estimates.' },
  { text: 'Currency volatility, particularly a stronger US dollar, could weigh on reported earnings.' },
  { text: 'Policy risk: changes to regulation in {country} could alter the outlook for {theme}.' },
  {
    text: 'Execution risk on new capacity could delay the improvement in {driver} we expect.',
    accounts: ['corporate'],
  },
  { text: 'Competition from new entrants could erode pricing faster than we model.' },
  {
    text: 'Geopolitical tension and export controls could disrupt supply chains and customer demand.',
    accounts: ['corporate'],
  },
  { text: 'Higher-for-longer interest rates would weigh on valuations across {sector}.' },
  { text: 'Key-person risk and governance: related-party transactions warrant monitoring.' },
  {
    text: 'Asset quality could deteriorate faster than we model if smaller borrowers come under stress.',
    accounts: ['bank'],
  },
  {
    text: 'Lower bond yields would reduce investment income and the value of new business.',
    accounts: ['insurer'],
  },
];

const description: Template[] = [
  { text: 'We look at {theme} and what it means for {subject}.' },
  { text: '{ratingSentence}', for: company },
  { text: 'Checks across {country} suggest {driver:is} running ahead of consensus.' },
  { text: '{estimateMove} for {next}.' },
  {
    text: 'Valuation at {multiple} {metric} leaves room for a re-rating as {driver:normalises}.',
    tone: 'up',
  },
  { text: 'Our target price implies {upside}.', for: company },
  { text: 'The main risk is a slower recovery in {driver} than we model.' },
  {
    text: 'Investor positioning is light, and we think the set-up into results is favourable.',
    for: company,
    tone: 'up',
  },
  { text: 'We host management next month and will revisit our numbers afterwards.', for: company },
  {
    text: '{Market} trades at {multiple} {metric}, and earnings revisions decide where it goes next.',
    for: sector,
  },
];

/** The templates that fit a subject: its kind, its rating's tone and its accounts. */
const fitting = (pool: readonly Template[], s: TextSubject) => {
  const isCompany = s.figures !== undefined;
  const accounts = accountsOfSubject(s);
  return pool.filter(
    (t) =>
      (!t.for || t.for === (isCompany ? 'company' : 'sector')) &&
      (!t.accounts || t.accounts.includes(accounts)) &&
      (!t.tone || !isCompany || s.rating === 'Hold' || (t.tone === 'up') === (s.rating === 'Buy')),
  );
};

export type TextKind = 'thesis' | 'valuation' | 'risks';
const pools: Record<TextKind, readonly Template[]> = { thesis, valuation, risks };

/**
 * A document's writer: each pool is dealt like a deck, so no sentence (and so no paragraph) is said twice in
 * one document. It throws rather than repeat itself, so a pool too small for its document shows in the tests.
 */
export const createWriter = (prng: Prng, s: TextSubject) => {
  const decks = new Map<TextKind | 'description', Template[]>();
  const deal = (kind: TextKind | 'description', count: number) => {
    let deck = decks.get(kind);
    if (!deck) {
      deck = prng.sample(fitting(kind === 'description' ? description : pools[kind], s), 1000);
      decks.set(kind, deck);
    }
    if (deck.length < count) throw new Error(`The ${kind} sentences ran out for ${s.subject}`);
    return deck.splice(0, count).map((t) => fill(prng, t.text, s));
  };
  return {
    sentence: (kind: TextKind) => deal(kind, 1)[0]!,
    paragraph: (kind: TextKind, count = prng.int(2, 3)) => deal(kind, count).join(' '),
    list: (kind: TextKind, count: number) => deal(kind, count),
    description: (count: number) => deal('description', count),
    left: (kind: TextKind | 'description') =>
      decks.get(kind)?.length ?? fitting(kind === 'description' ? description : pools[kind], s).length,
  };
};

export const paragraph = (prng: Prng, kind: TextKind, s: TextSubject) =>
  createWriter(prng, s).paragraph(kind, prng.int(3, 4));

export const riskList = (prng: Prng, s: TextSubject) => createWriter(prng, s).list('risks', prng.int(3, 4));

/** Empty, short, medium or long (over 1000 characters), so that cards show every case of spec 1 2.6. */
export const reportDescription = (prng: Prng, s: TextSubject) => {
  const writer = createWriter(prng, s);
  const roll = prng.next();
  if (roll < 0.1) return '';
  if (roll < 0.45) {
    // short: whole sentences only, never a sentence cut off at the length limit
    const picked = writer.description(prng.int(1, 2));
    while (picked.length > 1 && picked.join(' ').length > 200) picked.pop();
    const text = picked.join(' ');
    return text.length <= 200 ? text : '';
  }
  let text = writer.description(Math.min(prng.int(3, 5), writer.left('description'))).join(' ');
  if (roll > 0.9) {
    for (const kind of ['thesis', 'valuation', 'thesis', 'thesis'] as const) {
      if (text.length > 1050) break;
      text += ` ${writer.paragraph(kind, Math.min(4, writer.left(kind)))}`;
    }
  } else if (text.length <= 200) {
    text += ` ${writer.paragraph('thesis', 3)}`;
  }
  return text;
};

export type ReportKind =
  | 'initiation'
  | 'preview'
  | 'results'
  | 'update'
  | 'outlook'
  | 'thematic'
  | 'strategy'
  | 'monthly';

export const companyKinds: readonly ReportKind[] = ['initiation', 'preview', 'results', 'update'];

/** A title's hook, and when it may be said: a hook never contradicts the period's figures or accounts. */
interface Hook {
  text: string;
  when?: (f: PeriodFigures) => boolean;
}
const rank = (rating: string) => ratingOrder.indexOf(rating as never);
const corporate = (f: PeriodFigures) => f.accounts === 'corporate';
const previewHooks: Hook[] = [
  { text: 'what to watch in the quarter' },
  { text: 'expect a beat on margins', when: (f) => f.outcome === 'beat' },
  { text: 'guidance is the swing factor', when: (f) => f.outcome === 'in line' },
  { text: 'a soft quarter is priced in', when: (f) => f.outcome === 'miss' },
  { text: 'watch the order book', when: corporate },
  { text: 'watch deposit costs and asset quality', when: (f) => f.accounts === 'bank' },
  { text: 'cost control to offset softer demand', when: (f) => f.outcome !== 'beat' && f.revenueGrowth < 0 },
  { text: 'volume growth carries the quarter', when: (f) => f.outcome !== 'miss' && f.revenueGrowth > 0.05 },
];
const resultsHooks: Hook[] = [
  { text: 'what the quarter tells us' },
  { text: 'beat on margins, raising estimates', when: (f) => f.outcome === 'beat' },
  { text: 'in line, with a cautious outlook', when: (f) => f.outcome === 'in line' },
  { text: 'a miss on costs, thesis intact', when: (f) => f.outcome === 'miss' && f.targetMove !== 'cut' },
  {
    text: 'strong cash flow and a dividend surprise',
    when: (f) => f.outcome === 'beat' && f.targetMove !== 'cut',
  },
  {
    text: 'a miss on margins; we cut our target price',
    when: (f) => f.outcome === 'miss' && f.targetMove === 'cut',
  },
  { text: 'record orders, but margins lag', when: (f) => f.outcome === 'in line' && corporate(f) },
];
const updateHooks: Hook[] = [
  {
    text: 'downgrade to {rating} from {previousRating} on valuation',
    when: (f) => rank(f.rating) < rank(f.previousRating),
  },
  {
    text: 'upgrade to {rating} from {previousRating}: the worst is behind us',
    when: (f) => rank(f.rating) > rank(f.previousRating),
  },
  { text: 'takeaways from the analyst day' },
  { text: 'management meeting: capex discipline holds', when: corporate },
  { text: 'capital return ahead of schedule', when: (f) => f.outcome !== 'miss' },
  { text: 'target price raised on a stronger second half', when: (f) => f.targetMove === 'raised' },
  { text: 'target price cut on a slower recovery', when: (f) => f.targetMove === 'cut' },
  { text: 'what the new guidance implies' },
];
/** A hook that fits the figures, preferring one that names what changed; one with no condition for a sector. */
const pickHook = (prng: Prng, hooks: Hook[], s: TextSubject) => {
  const f = s.figures;
  const fitting = f ? hooks.filter((h) => !h.when || h.when(f)) : hooks.filter((h) => !h.when);
  const specific = fitting.filter((h) => h.when);
  const pool = specific.length > 0 && prng.chance(0.7) ? specific : fitting;
  return prng
    .pick(pool)
    .text.replace('{rating}', s.rating)
    .replace('{previousRating}', f?.previousRating ?? '');
};
const outlookHooks = [
  'from recovery to expansion',
  'selective after the rally',
  'the year of margins',
  'three calls for the year ahead',
  'where consensus is wrong',
];
const thematicHooks = [
  'who wins and who loses',
  'a deep dive',
  'what the market is missing',
  'ten charts that matter',
  'sizing the opportunity',
];
const strategyHooks = [
  'positioning for the first rate cut',
  'earnings revisions turn up',
  'stay invested, but rotate',
  'reform momentum is underappreciated',
  'flows, valuations and the dollar',
];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const reportTitle = (prng: Prng, kind: ReportKind, s: TextSubject, publishedAt: Date) => {
  // previews and results talk about the quarter that just ended
  const reported = reportedQuarter(publishedAt);
  const tag = `${reported.quarter}Q${String(reported.year).slice(2)}`;
  switch (kind) {
    case 'initiation':
      return `${s.subject}: initiating at ${s.rating}, ${
        s.rating === 'Buy' ? 'a winner from' : s.rating === 'Hold' ? 'balanced exposure to' : 'too exposed to'
      } ${s.theme}`;
    case 'preview':
      return `${s.subject} ${tag} preview: ${pickHook(prng, previewHooks, s)}`;
    case 'results':
      return `${s.subject} ${tag} results: ${pickHook(prng, resultsHooks, s)}`;
    case 'update':
      return `${s.subject}: ${pickHook(prng, updateHooks, s)}`;
    case 'outlook':
      return `${s.sector.name} ${s.year + (publishedAt.getUTCMonth() >= 10 ? 1 : 0)} outlook: ${prng.pick(outlookHooks)}`;
    case 'thematic':
      return `${capitalise(s.theme)}: ${prng.pick(thematicHooks)}`;
    case 'strategy':
      return `${s.country} strategy: ${prng.pick(strategyHooks)}`;
    case 'monthly':
      return `Asia ${s.sector.short} monthly: ${months[publishedAt.getUTCMonth()]} ${publishedAt.getUTCFullYear()}`;
  }
};

export const subtitleFor = (kind: ReportKind) =>
  ({
    initiation: 'Initiation of coverage',
    preview: 'Earnings preview',
    results: 'Results review',
    update: 'Company update',
    outlook: 'Sector outlook',
    thematic: 'Thematic research',
    strategy: 'Country strategy',
    monthly: 'Sector monthly',
  })[kind];

/** The period's headline numbers as the accounts of the company read: EBIT margin, or NIM and credit costs. */
export const headlineNumbers = (f: PeriodFigures) => {
  const c = f.currency;
  const current = f.years[1]!;
  const income = `of ${money(f.quarterRevenue, c)} (${signedPercent(f.revenueGrowth)} YoY)`;
  const eps = `EPS of ${perShare(f.quarterEps, c, c.epsDigits)}`;
  switch (f.accounts) {
    case 'bank':
      return `total income ${income}, a net interest margin of ${percent(current.nim, 2)}, credit costs of ${Math.round(current.creditCost * 10_000)}bp and ${eps}`;
    case 'insurer':
      return `total income ${income}, value of new business up ${percent(current.nbvGrowth)}, an ROE of ${percent(current.roe)} and ${eps}`;
    default:
      return `revenue ${income}, an EBIT margin of ${percent(f.quarterMargin)} and ${eps}`;
  }
};

/**
 * The figures of a company's period in one sentence, worded for the kind of note: every note, model and deck on
 * the same results quotes the same numbers, in the listing's currency, with the upside that the rating follows
 * from (the seed's tests read them back from the stored files).
 */
export const figuresSentence = (kind: ReportKind, s: TextSubject) => {
  const f = s.figures;
  if (!f) return '';
  const c = f.currency;
  const numbers = headlineNumbers(f);
  const target =
    f.targetMove === 'unchanged'
      ? `our target price is unchanged at ${perShare(f.target, c)}`
      : `our target price is ${f.targetMove} to ${perShare(f.target, c)} from ${perShare(f.previousTarget, c)}`;
  const upside = `implying ${upsideText(upsidePercent(f.price, f.target))} from the share price of ${perShare(f.price, c)}`;
  const verdict =
    f.outcome === 'in line' ? 'in line with our forecast' : `a ${f.outcome} against our forecast`;
  switch (kind) {
    case 'preview':
      return `For ${f.tag} we expect ${numbers}. We rate the shares ${f.rating} and ${target}, ${upside}.`;
    case 'results':
      return `${f.tag} results: ${numbers}, ${verdict}. We rate the shares ${f.rating} and ${target}, ${upside}.`;
    default:
      return `After ${f.tag} (${numbers}) we rate the shares ${f.rating} and ${target}, ${upside}.`;
  }
};

/** An analyst's profile as stored HTML: paragraphs on lines of their own. */
export const analystBio = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('\n');
