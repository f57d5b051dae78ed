import { sectorBands } from './catalogue-data.ts';
import { createPrng, type Prng } from './prng.ts';

/**
 * The one source of truth for a covered company's numbers. Every note, model and deck about a company reads
 * its figures from here, by company and reported quarter, so two reports on the same results always agree:
 * the quarter's revenue, growth, margin and EPS, the estimates for each year, the rating and the target price
 * (and whether it moved). The series is drawn once per company from a generator of its own, so it does not
 * depend on how many reports are planned or in what order.
 */

export type Outcome = 'beat' | 'in line' | 'miss';
export type TargetMove = 'raised' | 'cut' | 'unchanged';
export const ratingOrder = ['Sell', 'Underperform', 'Neutral', 'Outperform', 'Buy'] as const;
export type Rating = (typeof ratingOrder)[number];

export interface YearFigures {
  year: number;
  /** A for reported, E for estimated, as seen in this period */
  kind: 'A' | 'E';
  revenue: number;
  ebitMargin: number;
  ebit: number;
  netProfit: number;
  eps: number;
}

export interface PeriodFigures {
  /** the quarter reported, e.g. 3Q26 */
  tag: string;
  year: number;
  quarter: number;
  outcome: Outcome;
  quarterRevenue: number;
  /** year-on-year growth of the quarter's revenue, as a fraction */
  revenueGrowth: number;
  quarterMargin: number;
  quarterEps: number;
  /** change this period made to our EPS estimates, as a fraction */
  estimateChange: number;
  rating: Rating;
  previousRating: Rating;
  price: number;
  target: number;
  previousTarget: number;
  targetMove: TargetMove;
  /** four fiscal years: the one before the period's, the period's and two ahead */
  years: YearFigures[];
  shares: number;
  payout: number;
  costOfEquity: number;
  terminalGrowth: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));
const between = (prng: Prng, low: number, high: number) => low + prng.next() * (high - low);
/** Net profit after a flat 22% tax, as the models compute it. */
export const taxFactor = 0.78;

export const ratingFor = (upside: number): Rating =>
  upside > 0.2
    ? 'Buy'
    : upside > 0.08
      ? 'Outperform'
      : upside >= -0.08
        ? 'Neutral'
        : upside >= -0.2
          ? 'Underperform'
          : 'Sell';

const periodTag = (year: number, quarter: number) => `${quarter}Q${String(year).slice(2)}`;

/** The quarter that a report published on `date` talks about: the one that ended last. */
export const reportedQuarter = (date: Date) => {
  const quarter = Math.floor(date.getUTCMonth() / 3) + 1;
  return quarter === 1
    ? { year: date.getUTCFullYear() - 1, quarter: 4 }
    : { year: date.getUTCFullYear(), quarter: quarter - 1 };
};

interface CompanyStory {
  firstYear: number;
  periods: PeriodFigures[];
}

const firstYear = 2018;
const lastYear = 2040;

const buildStory = (companyId: number, sectorId: number): CompanyStory => {
  const prng = createPrng(0xf16e0000 + companyId);
  const band = sectorBands[sectorId]!;
  const shares = prng.int(300, 4000);
  const payout = round(between(prng, 0.2, 0.6), 2);
  const costOfEquity = round(between(prng, 8.5, 12), 1);
  const terminalGrowth = round(between(prng, 2, 4), 1);
  const seasonality = [0.235, 0.245, 0.255, 0.265];
  // The underlying business: revenue and margin per fiscal year, before any revision.
  const revenue = new Map<number, number>();
  const margin = new Map<number, number>();
  let r = prng.int(800, 9000);
  let m = between(prng, band.ebitMargin[0] + 0.01, band.ebitMargin[1] - 0.01);
  for (let year = firstYear; year <= lastYear + 3; year++) {
    r *= 1 + between(prng, 0.01, 0.12);
    m = clamp(m + between(prng, -0.004, 0.004), [band.ebitMargin[0] + 0.005, band.ebitMargin[1] - 0.005]);
    revenue.set(year, r);
    margin.set(year, m);
  }
  // Revisions: each quarter's results move every later estimate by the same factor.
  const periods: PeriodFigures[] = [];
  let factor = 1;
  const factorAtYearEnd = new Map<number, number>();
  let pe = between(prng, band.pe[0] + 1, band.pe[1] - 1);
  // how far our target multiple sits from the market's: it drifts, so ratings change now and then
  let premium = between(prng, -0.1, 0.2);
  let previousTarget = 0;
  let previousRating: Rating = 'Neutral';
  for (let year = firstYear; year <= lastYear; year++) {
    for (let quarter = 1; quarter <= 4; quarter++) {
      const roll = prng.next();
      const outcome: Outcome = roll < 0.38 ? 'beat' : roll < 0.75 ? 'in line' : 'miss';
      const estimateChange =
        outcome === 'beat'
          ? round(between(prng, 0.01, 0.04), 3)
          : outcome === 'miss'
            ? -round(between(prng, 0.01, 0.04), 3)
            : 0;
      factor *= 1 + estimateChange;
      const seen = (y: number) => (y >= year ? factor : (factorAtYearEnd.get(y) ?? 1));
      const years = [year - 1, year, year + 1, year + 2].map((y): YearFigures => {
        const rev = round(revenue.get(y)! * seen(y), 1);
        const ebitMargin = round(margin.get(y)!, 4);
        const ebit = round(rev * ebitMargin, 1);
        const netProfit = round(ebit * taxFactor, 1);
        return {
          year: y,
          kind: y < year || (y === year && quarter === 4) ? 'A' : 'E',
          revenue: rev,
          ebitMargin,
          ebit,
          netProfit,
          eps: round(netProfit / shares, 2),
        };
      });
      const current = years[1]!;
      const next = years[2]!;
      const deviation = outcome === 'beat' ? 0.006 : outcome === 'miss' ? -0.006 : 0;
      const quarterMargin = round(clamp(current.ebitMargin + deviation, band.ebitMargin), 4);
      const quarterRevenue = round(current.revenue * seasonality[quarter - 1]!, 1);
      const quarterEps = round((quarterRevenue * quarterMargin * taxFactor) / shares, 2);
      pe = clamp(pe * between(prng, 0.92, 1.08), [band.pe[0] + 0.5, band.pe[1] - 0.5]);
      premium = clamp(premium + between(prng, -0.05, 0.05), [-0.22, 0.28]);
      const targetPe = clamp(pe * (1 + premium), band.pe);
      const price = round(pe * current.eps, 2);
      const target = round(targetPe * next.eps, 2);
      const rating = ratingFor(target / price - 1);
      const move: TargetMove =
        previousTarget === 0 || Math.abs(target / previousTarget - 1) < 0.01
          ? 'unchanged'
          : target > previousTarget
            ? 'raised'
            : 'cut';
      periods.push({
        tag: periodTag(year, quarter),
        year,
        quarter,
        outcome,
        quarterRevenue,
        revenueGrowth: round(current.revenue / years[0]!.revenue - 1, 3),
        quarterMargin,
        quarterEps,
        estimateChange,
        rating,
        previousRating,
        price,
        target,
        previousTarget: previousTarget || target,
        targetMove: move,
        years,
        shares,
        payout,
        costOfEquity,
        terminalGrowth,
      });
      previousTarget = target;
      previousRating = rating;
    }
    factorAtYearEnd.set(year, factor);
  }
  return { firstYear, periods };
};

const stories = new Map<number, CompanyStory>();

/** A company's figures for the quarter a report published on `date` talks about. */
export const companyFigures = (companyId: number, sectorId: number, date: Date): PeriodFigures => {
  let story = stories.get(companyId);
  if (!story) {
    story = buildStory(companyId, sectorId);
    stories.set(companyId, story);
  }
  const { year, quarter } = reportedQuarter(date);
  const index = (clamp(year, [firstYear, lastYear]) - story.firstYear) * 4 + quarter - 1;
  return story.periods[index]!;
};

/** Money in US$ as the notes print it: millions with thousands separators, per-share figures with cents. */
export const usdMillions = (value: number) => `US$${Math.round(value).toLocaleString('en-US')}m`;
export const usdPerShare = (value: number) => `US$${value.toFixed(2)}`;
export const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)}%`;
export const signedPercent = (fraction: number) =>
  `${fraction >= 0 ? '+' : '-'}${Math.abs(fraction * 100).toFixed(1)}%`;
