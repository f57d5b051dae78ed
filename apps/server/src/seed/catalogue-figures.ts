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
/** The firm's one rating scale, lowest first (catalogue-data.ts `reportingRatings` lists it best first). */
export const ratingOrder = ['Sell', 'Hold', 'Buy'] as const;
export type Rating = (typeof ratingOrder)[number];
/** Upside to target, in whole percent as printed, at or above which a stock is a Buy (at or below minus: Sell). */
export const ratingThreshold = 10;

/** A listing's currency: ISO code, units per US dollar, how amounts are printed and a share-count scale. */
export interface Currency {
  code: string;
  perUsd: number;
  /** company totals in millions or billions of the currency */
  unit: 'm' | 'bn';
  /** decimals of a share price and of EPS */
  priceDigits: number;
  epsDigits: number;
  /** more shares in issue where a currency's share prices run in thousands */
  shareScale: number;
}
const currencyTable: Record<string, Currency> = {
  USD: { code: 'USD', perUsd: 1, unit: 'm', priceDigits: 2, epsDigits: 2, shareScale: 1 },
  CNY: { code: 'CNY', perUsd: 7.2, unit: 'm', priceDigits: 2, epsDigits: 2, shareScale: 1 },
  HKD: { code: 'HKD', perUsd: 7.8, unit: 'm', priceDigits: 2, epsDigits: 2, shareScale: 1 },
  TWD: { code: 'TWD', perUsd: 32, unit: 'm', priceDigits: 1, epsDigits: 2, shareScale: 1 },
  JPY: { code: 'JPY', perUsd: 150, unit: 'bn', priceDigits: 0, epsDigits: 1, shareScale: 1 },
  KRW: { code: 'KRW', perUsd: 1350, unit: 'bn', priceDigits: 0, epsDigits: 0, shareScale: 1 },
  INR: { code: 'INR', perUsd: 83, unit: 'm', priceDigits: 1, epsDigits: 2, shareScale: 1 },
  SGD: { code: 'SGD', perUsd: 1.35, unit: 'm', priceDigits: 2, epsDigits: 2, shareScale: 1 },
  IDR: { code: 'IDR', perUsd: 15800, unit: 'bn', priceDigits: 0, epsDigits: 0, shareScale: 10 },
  VND: { code: 'VND', perUsd: 25000, unit: 'bn', priceDigits: 0, epsDigits: 0, shareScale: 3 },
};
/** The currency of each exchange suffix of a Bloomberg ticker. */
export const exchangeCurrency: Record<string, string> = {
  CH: 'CNY',
  HK: 'HKD',
  TT: 'TWD',
  JP: 'JPY',
  KS: 'KRW',
  KQ: 'KRW',
  IN: 'INR',
  SP: 'SGD',
  IJ: 'IDR',
  VN: 'VND',
  US: 'USD',
};
export const currencyOf = (ticker: string): Currency => {
  const code = exchangeCurrency[ticker.split(' ').at(-1)!];
  if (!code) throw new Error(`No currency for the listing ${ticker}`);
  return currencyTable[code]!;
};
export const usd = currencyTable.USD!;

/** How a company's figures are read: banks and lenders, insurers, or everyone else (EBIT and its margin). */
export type Accounts = 'bank' | 'insurer' | 'corporate';

export interface YearFigures {
  year: number;
  /** A for reported, E for estimated, as seen in this period */
  kind: 'A' | 'E';
  revenue: number;
  ebitMargin: number;
  ebit: number;
  netProfit: number;
  eps: number;
  /** banks: net interest margin and credit cost (fractions of loans), return on equity */
  nim: number;
  creditCost: number;
  roe: number;
  /** insurers: growth of the value of new business */
  nbvGrowth: number;
}

export interface PeriodFigures {
  currency: Currency;
  accounts: Accounts;
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

/** Upside to target in whole percent, as every note prints it. */
export const upsidePercent = (price: number, target: number) => Math.round((target / price - 1) * 100);
/** The rating follows from the printed upside alone: Buy at +10% or more, Sell at -10% or less, else Hold. */
export const ratingFor = (upside: number): Rating =>
  upside >= ratingThreshold ? 'Buy' : upside <= -ratingThreshold ? 'Sell' : 'Hold';

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

const buildStory = (
  companyId: number,
  sectorId: number,
  currency: Currency,
  accounts: Accounts,
): CompanyStory => {
  const prng = createPrng(0xf16e0000 + companyId);
  const band = sectorBands[sectorId]!;
  const shares = prng.int(300, 4000) * currency.shareScale;
  const payout = round(between(prng, 0.2, 0.6), 2);
  const costOfEquity = round(between(prng, 8.5, 12), 1);
  const terminalGrowth = round(between(prng, 2, 4), 1);
  const seasonality = [0.235, 0.245, 0.255, 0.265];
  // The underlying business: revenue and margin per fiscal year, before any revision.
  const revenue = new Map<number, number>();
  const margin = new Map<number, number>();
  // banks and insurers: their own ratios, drawn from a generator of their own so the rest of the story holds
  const ratios = createPrng(0xba4c0000 + companyId);
  const nim = new Map<number, number>();
  const creditCost = new Map<number, number>();
  const roe = new Map<number, number>();
  const nbv = new Map<number, number>();
  let n = between(ratios, 0.022, 0.042);
  let c = between(ratios, 0.003, 0.012);
  let e = between(ratios, 0.09, 0.17);
  let r = prng.int(800, 9000);
  let m = between(prng, band.ebitMargin[0] + 0.01, band.ebitMargin[1] - 0.01);
  for (let year = firstYear; year <= lastYear + 3; year++) {
    r *= 1 + between(prng, 0.01, 0.12);
    m = clamp(m + between(prng, -0.004, 0.004), [band.ebitMargin[0] + 0.005, band.ebitMargin[1] - 0.005]);
    revenue.set(year, r * currency.perUsd);
    margin.set(year, m);
    n = clamp(n + between(ratios, -0.0015, 0.0015), [0.018, 0.048]);
    c = clamp(c + between(ratios, -0.0015, 0.0015), [0.002, 0.016]);
    e = clamp(e + between(ratios, -0.006, 0.006), [0.08, 0.19]);
    nim.set(year, n);
    creditCost.set(year, c);
    roe.set(year, e);
    nbv.set(year, between(ratios, 0.02, 0.16));
  }
  // Revisions: each quarter's results move every later estimate by the same factor.
  const periods: PeriodFigures[] = [];
  let factor = 1;
  const factorAtYearEnd = new Map<number, number>();
  let pe = between(prng, band.pe[0] + 1, band.pe[1] - 1);
  // how far our target multiple sits from the market's: it drifts, so ratings change now and then
  let premium = between(prng, -0.1, 0.2);
  let previousTarget = 0;
  let previousRating: Rating = 'Hold';
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
          nim: round(nim.get(y)!, 4),
          creditCost: round(creditCost.get(y)!, 4),
          roe: round(roe.get(y)!, 3),
          nbvGrowth: round(nbv.get(y)!, 3),
          year: y,
          kind: y < year || (y === year && quarter === 4) ? 'A' : 'E',
          revenue: rev,
          ebitMargin,
          ebit,
          netProfit,
          eps: round(netProfit / shares, currency.epsDigits),
        };
      });
      const current = years[1]!;
      const next = years[2]!;
      const deviation = outcome === 'beat' ? 0.006 : outcome === 'miss' ? -0.006 : 0;
      const quarterMargin = round(clamp(current.ebitMargin + deviation, band.ebitMargin), 4);
      const quarterRevenue = round(current.revenue * seasonality[quarter - 1]!, 1);
      const quarterEps = round((quarterRevenue * quarterMargin * taxFactor) / shares, currency.epsDigits);
      pe = clamp(pe * between(prng, 0.92, 1.08), [band.pe[0] + 0.5, band.pe[1] - 0.5]);
      premium = clamp(premium + between(prng, -0.05, 0.05), [-0.22, 0.28]);
      const targetPe = clamp(pe * (1 + premium), band.pe);
      const price = round(pe * current.eps, currency.priceDigits);
      const target = round(targetPe * next.eps, currency.priceDigits);
      const rating = ratingFor(upsidePercent(price, target));
      const move: TargetMove =
        previousTarget === 0 || Math.abs(target / previousTarget - 1) < 0.01
          ? 'unchanged'
          : target > previousTarget
            ? 'raised'
            : 'cut';
      periods.push({
        currency,
        accounts,
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
export const companyFigures = (
  company: { id: number; sectorId: number; bbgCode: string; name: string },
  date: Date,
): PeriodFigures => {
  const companyId = company.id;
  let story = stories.get(companyId);
  if (!story) {
    story = buildStory(companyId, company.sectorId, currencyOf(company.bbgCode), accountsOf(company));
    stories.set(companyId, story);
  }
  const { year, quarter } = reportedQuarter(date);
  const index = (clamp(year, [firstYear, lastYear]) - story.firstYear) * 4 + quarter - 1;
  return story.periods[index]!;
};

/** Financials file bank or insurer accounts; every other sector reports EBIT. */
export const financialsSectorId = 10000121;
export const accountsOf = (company: { sectorId: number; name: string }): Accounts =>
  company.sectorId !== financialsSectorId
    ? 'corporate'
    : /Assurance|Insurance/.test(company.name)
      ? 'insurer'
      : 'bank';

const grouped = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A company total (in millions of its currency) as the notes print it: `IDR 12,640bn`, `HKD 3,120m`. */
export const money = (millions: number, currency: Currency) =>
  currency.unit === 'bn'
    ? `${currency.code} ${grouped(millions / 1000)}bn`
    : `${currency.code} ${grouped(millions)}m`;
/** A total in the table's unit, without the code (the header names it). */
export const moneyCell = (millions: number, currency: Currency) =>
  grouped(currency.unit === 'bn' ? millions / 1000 : millions);
export const perShare = (value: number, currency: Currency, digits = currency.priceDigits) =>
  `${currency.code} ${grouped(value, digits)}`;
export const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)}%`;
export const signedPercent = (fraction: number) =>
  `${fraction >= 0 ? '+' : '-'}${Math.abs(fraction * 100).toFixed(1)}%`;
