import type { SectorSeed } from './catalogue-data.ts';
import {
  type PeriodFigures,
  percent,
  ratingOrder,
  reportedQuarter,
  signedPercent,
  usdMillions,
  usdPerShare,
  type YearFigures,
} from './catalogue-figures.ts';
import type { Prng } from './prng.ts';

/** What a generated sentence may talk about. */
export interface TextSubject {
  subject: string;
  sector: SectorSeed;
  country: string;
  theme: string;
  rating: string;
  year: number;
  /** a company's figures for the period (catalogue-figures.ts): every number about it is read from these */
  figures?: PeriodFigures;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const pct = (prng: Prng, min: number, max: number) => `${(min + prng.next() * (max - min)).toFixed(1)}%`;
const bookMultiple = (s: TextSubject) => s.sector.metric === 'P/B' || s.sector.metric === 'P/NAV';

/** The sector's own metric at a given P/E, so that a note quoting it agrees with the P/E in its model. */
const metricAt = (s: TextSubject, pe: number) => {
  switch (s.sector.metric) {
    case 'P/B':
      return pe * 0.11;
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
      case 'epsGrowth':
        return percent(Math.sqrt(after.eps / current.eps) - 1);
      case 'consensusGap':
        return percent(Math.abs(f.estimateChange) + 0.012);
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
      case 'multiple':
        return `${metricAt(s, f.price / current.eps).toFixed(1)}x`;
      case 'targetMultiple':
        return `${metricAt(s, f.target / next.eps).toFixed(1)}x`;
      case 'pe':
        return `${(f.price / next.eps).toFixed(1)}x`;
      case 'upside':
        return upsideText(f.target / f.price - 1);
      case 'estimateMove':
        return f.estimateChange === 0
          ? 'We leave our estimates unchanged'
          : `We ${f.estimateChange > 0 ? 'raise' : 'cut'} our EPS estimates by ${percent(Math.abs(f.estimateChange))}`;
    }
  }
  switch (key) {
    case 'epsGrowth':
      return pct(prng, 3, 16);
    case 'consensusGap':
    case 'sensitivity':
      return pct(prng, 0.8, 4);
    case 'payout':
      return `${prng.int(25, 60)}%`;
    case 'costOfEquity':
      return pct(prng, 8.5, 12);
    case 'terminalGrowth':
      return pct(prng, 2, 4);
    case 'marginGain':
      return `${prng.int(10, 60)}bp`;
    case 'multiple':
    case 'targetMultiple':
    case 'pe':
      // book- and asset-value multiples live in a different range from earnings multiples
      return bookMultiple(s) && key !== 'pe'
        ? `${(0.5 + prng.next() * 1.6).toFixed(1)}x`
        : `${(metricAt(s, 9 + prng.next() * 14) / (key === 'pe' ? metricAt(s, 1) : 1)).toFixed(1)}x`;
    case 'upside':
      return upsideText(0.08 + prng.next() * 0.3);
    case 'estimateMove':
      return `We raise our ${s.sector.short.toLowerCase()} earnings estimates by ${pct(prng, 0.5, 4)}`;
  }
  return undefined;
};

const upsideText = (fraction: number) =>
  fraction >= 0 ? `${Math.round(fraction * 100)}% upside` : `${Math.round(-fraction * 100)}% downside`;

const ratingSentence = (prng: Prng, s: TextSubject) => {
  const driver = prng.pick(s.sector.drivers);
  if (s.rating === 'Buy' || s.rating === 'Outperform')
    return `Our ${s.rating} rating rests on ${driver} recovering faster than the market expects.`;
  if (s.rating === 'Neutral')
    return `Our Neutral rating reflects a share price that already discounts better ${driver}.`;
  return `Our ${s.rating} rating reflects the risk that ${driver} disappoints from here.`;
};

const fill = (prng: Prng, template: string, s: TextSubject) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case 'subject':
        return s.subject;
      case 'sector':
        return s.sector.short.toLowerCase();
      case 'Sector':
        return s.sector.name;
      case 'country':
        return s.country;
      case 'theme':
        return s.theme;
      case 'rating':
        return s.rating;
      case 'ratingSentence':
        return ratingSentence(prng, s);
      case 'driver':
        return prng.pick(s.sector.drivers);
      case 'driver2':
        return prng.pick(s.sector.drivers);
      case 'metric':
        return s.sector.metric;
      case 'year':
        return String(s.figures?.year ?? s.year);
      case 'next':
        return String((s.figures?.year ?? s.year) + 1);
      case 'quarters':
        return String(prng.int(2, 6));
      default:
        return figure(prng, key, s) ?? key;
    }
  });

const thesis = [
  'We believe the market underestimates how far {driver} can recover at {subject} over the next {quarters} quarters.',
  'Our channel checks in {country} point to {driver} running {consensusGap} ahead of consensus assumptions.',
  'The debate has moved from whether {theme} is real to who captures the economics, and {subject} is well placed.',
  'We forecast EPS growth of {epsGrowth} a year over the next two years, driven mainly by {driver} and a better mix.',
  'Balance sheet strength gives {subject} room to keep investing through the cycle while peers retrench.',
  'Consensus still models flat {driver}, which we think is too conservative given the order trends we see.',
  'Management has been consistent on capital allocation, and we expect the payout ratio to rise towards {payout}.',
  'The key swing factor for {year} is {driver}; every one-point change moves our EPS estimate by about {sensitivity}.',
  'We see {theme} as a multi-year driver rather than a one-off, which supports a higher through-cycle multiple.',
  'Competitive intensity in {country} is easing as smaller players exit, leaving pricing more rational.',
  'Our estimates sit {consensusGap} above consensus for {next}, reflecting stronger {driver} in the second half.',
  'Investor positioning is light after two years of underperformance, so incremental good news should be rewarded.',
  'We expect cost discipline to add about {marginGain} to margins, even before any help from {driver2}.',
  'The long-term opportunity in {sector} is intact, but near-term returns depend on execution on {driver}.',
  'A recovery in {driver} combined with stable {driver2} leaves room for upgrades to current forecasts.',
  'We think the stock is pricing a downturn that our data do not show: leading indicators have turned up.',
  'Regulatory headwinds in {country} are well understood, and the worst of the earnings drag is behind us.',
  'Free cash flow should cover dividends comfortably, and we see scope for a buy-back in {next}.',
];

const valuation = [
  'Our target price is based on {targetMultiple} {next} {metric}, in line with the five-year average.',
  'At {multiple} {metric} the shares trade at a discount to regional peers despite better returns on equity.',
  'Our discounted cash flow assumes a cost of equity of {costOfEquity} and terminal growth of {terminalGrowth}, implying {upside}.',
  'On our numbers the stock trades on {pe} {next} earnings, which we think does not reflect the improving {driver}.',
  'A bear case of weaker {driver} would leave the shares on {multiple} {metric}, a multiple we think already discounts it.',
  'We roll our valuation forward to {next}; our rating is {rating}.',
  'The sector trades at {multiple} {metric}, one standard deviation below its long-run mean.',
];

const risks = [
  'A sharper slowdown in {country} would hit {driver} and our earnings estimates.',
  'Currency volatility, particularly a stronger US dollar, could compress reported margins by up to {marginGain}.',
  'Policy risk: changes to regulation in {country} could alter the economics of {theme}.',
  'Execution risk on new capacity could delay the improvement in {driver} we expect.',
  'Competition from new entrants could erode pricing faster than we model.',
  'Geopolitical tension and export controls could disrupt supply chains and customer demand.',
  'Higher-for-longer interest rates would weigh on valuations across {sector}.',
  'Key-person risk and governance: related-party transactions warrant monitoring.',
];

const description = [
  'We look at {theme} and what it means for {subject}.',
  '{ratingSentence}',
  'Earnings revisions in {sector} have turned positive for the first time in {quarters} quarters.',
  'Checks across {country} suggest {driver} is running ahead of consensus.',
  '{estimateMove} for {next}.',
  'Valuation at {multiple} {metric} leaves room for a re-rating as {driver2} normalises.',
  'Our target price implies {upside}.',
  'The main risk is a slower recovery in {driver} than we model.',
  'Investors are underweight, and we think the set-up into results is favourable.',
  'We host management next month and will revisit our numbers afterwards.',
];

const sentences = (prng: Prng, pool: readonly string[], count: number, s: TextSubject) =>
  prng.sample(pool, count).map((t) => fill(prng, t, s));

export const paragraph = (prng: Prng, kind: 'thesis' | 'valuation' | 'risks', s: TextSubject) => {
  const pool = kind === 'thesis' ? thesis : kind === 'valuation' ? valuation : risks;
  return sentences(prng, pool, prng.int(3, 5), s).join(' ');
};

export const riskList = (prng: Prng, s: TextSubject) => sentences(prng, risks, prng.int(3, 5), s);

/** Empty, short, medium or long (over 1000 characters), so that cards show every case of spec 1 2.6. */
export const reportDescription = (prng: Prng, s: TextSubject) => {
  const roll = prng.next();
  if (roll < 0.1) return '';
  if (roll < 0.45) {
    // short: whole sentences only, never a sentence cut off at the length limit
    const picked = sentences(prng, description, prng.int(1, 2), s);
    while (picked.length > 1 && picked.join(' ').length > 200) picked.pop();
    const text = picked.join(' ');
    return text.length <= 200 ? text : '';
  }
  let text = sentences(prng, description, prng.int(3, 6), s).join(' ');
  if (roll > 0.9) {
    while (text.length <= 1050) text += ` ${paragraph(prng, prng.pick(['thesis', 'valuation'] as const), s)}`;
  } else if (text.length <= 200) {
    text += ` ${paragraph(prng, 'thesis', s)}`;
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

/** A title's hook, and when it may be said: a hook never contradicts the period's figures. */
interface Hook {
  text: string;
  when?: (f: PeriodFigures) => boolean;
}
const previewHooks: Hook[] = [
  { text: 'expect a beat on margins', when: (f) => f.outcome === 'beat' },
  { text: 'guidance is the swing factor', when: (f) => f.outcome === 'in line' },
  { text: 'a soft quarter is priced in', when: (f) => f.outcome === 'miss' },
  { text: 'watch the order book' },
  { text: 'the street is too bullish on volumes', when: (f) => f.outcome === 'miss' },
  { text: 'cost control to offset softer demand', when: (f) => f.outcome !== 'beat' },
];
const resultsHooks: Hook[] = [
  { text: 'beat on margins, raising estimates', when: (f) => f.outcome === 'beat' },
  { text: 'in line, with a cautious outlook', when: (f) => f.outcome === 'in line' },
  { text: 'a miss on costs, thesis intact', when: (f) => f.outcome === 'miss' && f.targetMove !== 'cut' },
  {
    text: 'strong cash flow and a dividend surprise',
    when: (f) => f.outcome === 'beat' && f.targetMove !== 'cut',
  },
  {
    text: 'a weak top line; we cut our target price',
    when: (f) => f.outcome === 'miss' && f.targetMove === 'cut',
  },
  { text: 'record orders, but margins lag', when: (f) => f.outcome === 'in line' },
];
const updateHooks: Hook[] = [
  {
    text: 'downgrade to {rating} on valuation',
    when: (f) => ratingOrder.indexOf(f.rating) < ratingOrder.indexOf(f.previousRating),
  },
  {
    text: 'upgrade to {rating}: the worst is behind us',
    when: (f) => ratingOrder.indexOf(f.rating) > ratingOrder.indexOf(f.previousRating),
  },
  { text: 'takeaways from the analyst day' },
  { text: 'management meeting: capex discipline holds' },
  { text: 'capital return ahead of schedule', when: (f) => f.outcome !== 'miss' },
  { text: 'target price raised on a stronger second half', when: (f) => f.targetMove === 'raised' },
  { text: 'target price cut on a slower recovery', when: (f) => f.targetMove === 'cut' },
  { text: 'what the new guidance implies' },
];
/** A hook that fits the figures, preferring one that names what changed; any hook for a sector subject. */
const pickHook = (prng: Prng, hooks: Hook[], s: TextSubject) => {
  const f = s.figures;
  const fitting = f ? hooks.filter((h) => !h.when || h.when(f)) : hooks.filter((h) => !h.text.includes('{'));
  const specific = fitting.filter((h) => h.when);
  const pool = specific.length > 0 && prng.chance(0.7) ? specific : fitting;
  return prng.pick(pool).text.replace('{rating}', s.rating);
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
  'stay overweight, but rotate',
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
        s.rating === 'Buy' || s.rating === 'Outperform'
          ? 'a winner from'
          : s.rating === 'Neutral'
            ? 'balanced exposure to'
            : 'too exposed to'
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

/**
 * The figures of a company's period in one sentence, worded for the kind of note: every note, model and deck on
 * the same results quotes the same numbers (the seed's tests read them back from the stored files).
 */
export const figuresSentence = (kind: ReportKind, s: TextSubject) => {
  const f = s.figures;
  if (!f) return '';
  const numbers = `revenue of ${usdMillions(f.quarterRevenue)} (${signedPercent(f.revenueGrowth)} YoY), an EBIT margin of ${percent(f.quarterMargin)} and EPS of ${usdPerShare(f.quarterEps)}`;
  const target =
    f.targetMove === 'unchanged'
      ? `our target price is unchanged at ${usdPerShare(f.target)}`
      : `our target price is ${f.targetMove} to ${usdPerShare(f.target)} from ${usdPerShare(f.previousTarget)}`;
  const verdict =
    f.outcome === 'in line' ? 'in line with our forecast' : `a ${f.outcome} against our forecast`;
  switch (kind) {
    case 'preview':
      return `For ${f.tag} we expect ${numbers}. We rate the shares ${f.rating} and ${target}.`;
    case 'results':
      return `${f.tag} results: ${numbers}, ${verdict}. We rate the shares ${f.rating} and ${target}.`;
    default:
      return `After ${f.tag} (${numbers}) we rate the shares ${f.rating} and ${target}.`;
  }
};

/** An analyst's profile as stored HTML: paragraphs on lines of their own. */
export const analystBio = (paragraphs: readonly string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('\n');
