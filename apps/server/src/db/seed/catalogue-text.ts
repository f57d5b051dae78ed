import type { SectorSeed } from './catalogue-data.ts';
import type { Prng } from './prng.ts';

/** What a generated sentence may talk about. */
export interface TextSubject {
  subject: string;
  sector: SectorSeed;
  country: string;
  theme: string;
  rating: string;
  year: number;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const pct = (prng: Prng, min: number, max: number) => `${(min + prng.next() * (max - min)).toFixed(1)}%`;

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
      case 'driver':
        return prng.pick(s.sector.drivers);
      case 'driver2':
        return prng.pick(s.sector.drivers);
      case 'metric':
        return s.sector.metric;
      case 'year':
        return String(s.year);
      case 'next':
        return String(s.year + 1);
      case 'pct':
        return pct(prng, 2, 18);
      case 'small':
        return pct(prng, 0.5, 4);
      case 'bp':
        return `${prng.int(5, 60)}bp`;
      case 'multiple':
        // book- and asset-value multiples live in a different range from earnings multiples
        return s.sector.metric === 'P/B' || s.sector.metric === 'P/NAV'
          ? `${(0.4 + prng.next() * 2.2).toFixed(1)}x`
          : `${(6 + prng.next() * 22).toFixed(1)}x`;
      case 'upside':
        return `${prng.int(8, 45)}%`;
      case 'quarters':
        return String(prng.int(2, 6));
      default:
        return key;
    }
  });

const thesis = [
  'We believe the market underestimates how far {driver} can recover at {subject} over the next {quarters} quarters.',
  'Our channel checks in {country} point to {driver} running {pct} ahead of consensus assumptions.',
  'The debate has moved from whether {theme} is real to who captures the economics, and {subject} is well placed.',
  'We forecast earnings growth of {pct} a year over {year}-{next}, driven mainly by {driver} and a better mix.',
  'Balance sheet strength gives {subject} room to keep investing through the cycle while peers retrench.',
  'Consensus still models flat {driver}, which we think is too conservative given the order trends we see.',
  'Management has been consistent on capital allocation, and we expect the payout ratio to rise towards {pct}.',
  'The key swing factor for {year} is {driver}; every one-point change moves our EPS estimate by about {small}.',
  'We see {theme} as a multi-year driver rather than a one-off, which supports a higher through-cycle multiple.',
  'Competitive intensity in {country} is easing as smaller players exit, leaving pricing more rational.',
  'Our estimates sit {small} above consensus for {next}, reflecting stronger {driver} in the second half.',
  'Investor positioning is light after two years of underperformance, so incremental good news should be rewarded.',
  'We expect cost discipline to add about {bp} to margins, even before any help from {driver2}.',
  'The long-term opportunity in {sector} is intact, but near-term returns depend on execution on {driver}.',
  'A recovery in {driver} combined with stable {driver2} leaves room for upgrades to current forecasts.',
  'We think the stock is pricing a downturn that our data do not show: leading indicators have turned up.',
  'Regulatory headwinds in {country} are well understood, and the worst of the earnings drag is behind us.',
  'Free cash flow should cover dividends comfortably, and we see scope for a buy-back in {next}.',
];

const valuation = [
  'Our target price is based on {multiple} {next} {metric}, in line with the five-year average.',
  'At {multiple} {metric} the shares trade at a discount to regional peers despite better returns on equity.',
  'Our discounted cash flow assumes a cost of equity of {pct} and terminal growth of {small}, implying {upside} upside.',
  'On our numbers the stock trades on {multiple} {next} earnings, which we think does not reflect the improving {driver}.',
  'A bear case of weaker {driver} would imply {multiple} {metric}, limiting downside to about {small} from here.',
  'We roll our valuation forward to {next} and keep our {rating} rating.',
  'The sector trades at {multiple} {metric}, one standard deviation below its long-run mean.',
];

const risks = [
  'A sharper slowdown in {country} would hit {driver} and our earnings estimates.',
  'Currency volatility, particularly a stronger US dollar, could compress reported margins by up to {bp}.',
  'Policy risk: changes to regulation in {country} could alter the economics of {theme}.',
  'Execution risk on new capacity could delay the improvement in {driver} we expect.',
  'Competition from new entrants could erode pricing faster than we model.',
  'Geopolitical tension and export controls could disrupt supply chains and customer demand.',
  'Higher-for-longer interest rates would weigh on valuations across {sector}.',
  'Key-person risk and governance: related-party transactions warrant monitoring.',
];

const description = [
  'We look at {theme} and what it means for {subject}.',
  'Our {rating} rating rests on {driver} recovering faster than the market expects.',
  'Earnings revisions in {sector} have turned positive for the first time in {quarters} quarters.',
  'Checks across {country} suggest {driver} is running ahead of consensus.',
  'We raise estimates by {small} for {next} on stronger {driver}.',
  'Valuation at {multiple} {metric} leaves room for a re-rating as {driver2} normalises.',
  'We see {upside} upside to our target price.',
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
  if (roll < 0.45) return sentences(prng, description, prng.int(1, 2), s).join(' ').slice(0, 199);
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

const previewHooks = [
  'expect a beat on margins',
  'guidance is the swing factor',
  'a soft quarter is priced in',
  'watch the order book',
  'the street is too bullish on volumes',
  'cost control to offset softer demand',
];
const resultsHooks = [
  'beat on margins, raising estimates',
  'in line, with a cautious outlook',
  'a miss on costs, thesis intact',
  'strong cash flow and a dividend surprise',
  'a weak top line; we cut our target price',
  'record orders, but margins lag',
];
const updateHooks = [
  'downgrade to Neutral on valuation',
  'upgrade to Buy: the worst is behind us',
  'takeaways from the analyst day',
  'management meeting: capex discipline holds',
  'capital return ahead of schedule',
  'target price raised on a stronger second half',
  'what the new guidance implies',
];
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
  const quarter = Math.floor(publishedAt.getUTCMonth() / 3) + 1;
  // previews and results talk about the quarter that just ended
  const reported =
    quarter === 1
      ? { q: 4, y: publishedAt.getUTCFullYear() - 1 }
      : { q: quarter - 1, y: publishedAt.getUTCFullYear() };
  const tag = `${reported.q}Q${String(reported.y).slice(2)}`;
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
      return `${s.subject} ${tag} preview: ${prng.pick(previewHooks)}`;
    case 'results':
      return `${s.subject} ${tag} results: ${prng.pick(resultsHooks)}`;
    case 'update':
      return `${s.subject}: ${prng.pick(updateHooks)}`;
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

export const analystBio = (
  prng: Prng,
  a: { first: string; last: string; designation: string; years: number; previous: string; education: string },
  sectors: string[],
) => {
  const name = `${a.first} ${a.last}`;
  const focus = sectors.join(' and ');
  const extra = prng.chance(0.5)
    ? `<p>${a.first} is known for bottom-up channel checks and for models that tie company guidance back to industry data. Clients regularly rank the team among the leading independent research providers in the region.</p>`
    : `<p>Outside research, ${a.first} mentors the firm's graduate analysts and speaks regularly at industry conferences across Asia.</p>`;
  return `<p><strong>${name}</strong> is ${a.designation} at the firm, covering ${focus}. ${a.first} has ${a.years} years of experience, having previously worked at ${a.previous}.</p>${extra}<p>${a.first} holds degrees from ${a.education}${prng.chance(0.4) ? ' and is a CFA charterholder' : ''}.</p>`;
};
