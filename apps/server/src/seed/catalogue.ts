import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  analystSectors,
  analysts,
  companies,
  countries,
  keyCharts,
  regions,
  reports,
  reportViews,
  savedReports,
  sectors,
  users,
} from '../db/schema/index.ts';
import { addReport, type NewReport } from '../modules/ingest/add-report.ts';
import { subscribeUser } from '../modules/persons/matrix.repository.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import {
  type AnalystSeed,
  analystBios,
  analysts as analystSeeds,
  companySeeds,
  countries as countrySeeds,
  regions as regionSeeds,
  type SectorSeed,
  sectorBands,
  sectors as sectorSeeds,
  semiconductorSectorId,
  themesFor,
} from './catalogue-data.ts';
import {
  accountsOf,
  companyFigures,
  moneyCell,
  type PeriodFigures,
  perShare,
  upsidePercent,
} from './catalogue-figures.ts';
import {
  earningsModelXlsx,
  initialsPhoto,
  type ResearchDocument,
  researchHtml,
  researchPdf,
  sectorCover,
} from './catalogue-files.ts';
import { demoMediaDir, mediaScripts, mediaTranscript } from './catalogue-media.ts';
import {
  analystBio,
  companyKinds,
  createWriter,
  figuresSentence,
  metricAt,
  place,
  type ReportKind,
  reportDescription,
  reportTitle,
  sectorNoun,
  subtitleFor,
  type TextSubject,
} from './catalogue-text.ts';
import { createPrng, type Prng } from './prng.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';

const DAY = 86_400_000;

/** Sectors the demo client is NOT subscribed to (it has all the others), and the npi client's three. */
export const clientUnsubscribedSectorIds = [10000129, 10000130] as const;
export const npiSectorIds = [10000136, 10000121, semiconductorSectorId] as const;

export const demoCatalogueSize = {
  reports: 300,
  companies: 80,
  analysts: 20,
  countries: 10,
  regions: 5,
} as const;

interface CompanyRow {
  id: number;
  name: string;
  display: string;
  shortName: string;
  bbgCode: string;
  description: string;
  countryId: number;
  sectorId: number;
}

const legalSuffix: Record<string, string> = {
  China: 'Co., Ltd.',
  'Hong Kong': 'Holdings Limited',
  Taiwan: 'Corporation',
  Japan: 'Co., Ltd.',
  'South Korea': 'Co., Ltd.',
  India: 'Limited',
  Singapore: 'Ltd',
  Indonesia: 'Tbk',
  Vietnam: 'JSC',
  'United States': 'Inc.',
};

const countryOf = (id: number) => countrySeeds.find((c) => c.id === id)!;
const sectorOf = (id: number) => sectorSeeds.find((s) => s.id === id)!;
const macroSectorId = 10000136;
/** Whether an analyst covers `country` in `sectorId` (catalogue-data.ts `covers`). */
export const coversIn = (analyst: AnalystSeed, sectorId: number, country: string) => {
  const countries = analyst.covers[sectorId];
  return countries === 'all' || (countries?.includes(country as never) ?? false);
};
/** A company is covered by its sector's analyst for its country, or by a strategist for its country. */
export const coversCompany = (analyst: AnalystSeed, company: { sectorId: number; countryId: number }) => {
  const country = countryOf(company.countryId).name;
  return coversIn(analyst, company.sectorId, country) || coversIn(analyst, macroSectorId, country);
};
/** The countries an analyst covers in a sector, the United States only where the coverage says `all`. */
const coveredCountries = (analyst: AnalystSeed, sectorId: number) =>
  countrySeeds.filter((c) => c.name !== 'United States' && coversIn(analyst, sectorId, c.name));
const writers = analystSeeds.filter((a) => a.jobCategory === 'Analysts');
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');

/** The 80 covered companies of catalogue-data.ts, each in its own country and sector. */
const buildCompanies = (): CompanyRow[] =>
  companySeeds.map((seed, i) => {
    const country = countrySeeds.find((c) => c.name === seed.country)!;
    return {
      id: 300101 + i,
      name: `${seed.name} ${legalSuffix[country.name]}`,
      display: seed.name,
      shortName: seed.name.split(' ')[0]!,
      bbgCode: seed.ticker,
      description: seed.description,
      countryId: country.id,
      sectorId: seed.sectorId,
    };
  });

/** Key charts of sector 10000131, grouped by category; the first category is the default 'Global IP'. */
const buildKeyCharts = (prng: Prng, base: Date) => {
  const months = Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() - 24 + i, 1));
    return `${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${String(d.getUTCFullYear()).slice(2)}`;
  });
  const quarters = Array.from({ length: 12 }, (_, i) => {
    const q = Math.floor(base.getUTCMonth() / 3) + 1 + i - 12;
    const year = base.getUTCFullYear() + Math.floor((q - 1) / 4);
    return `${((((q - 1) % 4) + 4) % 4) + 1}Q${String(year).slice(2)}`;
  });
  const walk = (length: number, start: number, drift: number, noise: number) => {
    let v = start;
    return Array.from({ length }, () => {
      v += drift + (prng.next() - 0.5) * noise;
      return Math.round(v * 10) / 10;
    });
  };
  const charts: {
    category: string;
    title: string;
    unit: string;
    labels: string[];
    series: { name: string; values: number[] }[];
    source: string;
  }[] = [
    {
      category: 'Global IP',
      title: 'Global industrial production',
      unit: '% YoY',
      labels: months,
      series: [
        { name: 'World', values: walk(24, -0.5, 0.12, 1.2) },
        { name: 'Asia ex-Japan', values: walk(24, 0.5, 0.18, 1.6) },
      ],
      source: 'National statistics, Harbourline',
    },
    {
      category: 'Global IP',
      title: 'Electronics production by economy',
      unit: '% YoY',
      labels: months,
      series: [
        { name: 'Taiwan', values: walk(24, -4, 0.9, 4) },
        { name: 'South Korea', values: walk(24, -6, 0.8, 5) },
        { name: 'Japan', values: walk(24, -2, 0.3, 3) },
      ],
      source: 'National statistics, Harbourline',
    },
    {
      category: 'Global IP',
      title: 'Manufacturing PMI, new export orders',
      unit: 'index',
      labels: months,
      series: [
        { name: 'Global', values: walk(24, 47.5, 0.12, 1.4) },
        { name: 'China', values: walk(24, 48.5, 0.08, 1.6) },
      ],
      source: 'PMI compilers, Harbourline',
    },
    {
      category: 'Semiconductor Sales',
      title: 'Global semiconductor sales',
      unit: 'US$bn, 3mma',
      labels: months,
      series: [{ name: 'Sales', values: walk(24, 41, 0.8, 1.5) }],
      source: 'Industry association, Harbourline',
    },
    {
      category: 'Semiconductor Sales',
      title: 'Foundry revenue by node',
      unit: 'US$bn',
      labels: quarters,
      series: [
        { name: 'Leading edge (<=5nm)', values: walk(12, 8, 0.9, 1) },
        { name: 'Mature (>=28nm)', values: walk(12, 9, -0.05, 0.8) },
      ],
      source: 'Company data, Harbourline estimates',
    },
    {
      category: 'Memory Pricing',
      title: 'DRAM contract price',
      unit: 'US$ per 8Gb',
      labels: months,
      series: [
        { name: 'DDR4', values: walk(24, 1.4, 0.03, 0.12) },
        { name: 'DDR5', values: walk(24, 2.1, 0.06, 0.15) },
      ],
      source: 'Trade press, Harbourline',
    },
    {
      category: 'Memory Pricing',
      title: 'NAND wafer price',
      unit: 'US$ per 512Gb',
      labels: months,
      series: [{ name: 'TLC wafer', values: walk(24, 1.6, 0.05, 0.2) }],
      source: 'Trade press, Harbourline',
    },
    {
      category: 'Capex & Inventory',
      title: 'Semiconductor capex',
      unit: 'US$bn',
      labels: quarters,
      series: [
        { name: 'Foundry', values: walk(12, 14, 0.4, 2) },
        { name: 'Memory', values: walk(12, 9, 0.5, 2) },
      ],
      source: 'Company data, Harbourline estimates',
    },
    {
      category: 'Capex & Inventory',
      title: 'Chip inventory days',
      unit: 'days',
      labels: quarters,
      series: [
        { name: 'Suppliers', values: walk(12, 118, -2.5, 6) },
        { name: 'Customers', values: walk(12, 95, -1.8, 5) },
      ],
      source: 'Company data, Harbourline',
    },
  ];
  return charts;
};

export interface PlannedReport {
  index: number;
  kind: ReportKind;
  sector: SectorSeed;
  extraSectorIds: number[];
  company: CompanyRow | null;
  companyIds: number[];
  countryIds: number[];
  analystIds: number[];
  publishedAt: Date;
  fileType: 'pdf' | 'htm' | 'xlsx' | 'mp3' | 'mp4' | 'youtube';
  title: string;
  subtitle: string;
  description: string;
  hashtags: string[];
  subject: TextSubject;
  bodyPages: number;
  media?: { file: string; url?: string };
}

/** Hand-written media reports: their titles match what the committed audio and video files say. */
const mediaReports = [
  {
    fileType: 'mp3',
    file: 'asia-strategy-briefing.mp3',
    sectorId: 10000136,
    country: 2,
    title: mediaScripts['asia-strategy-briefing.mp3']!.title,
    hashtags: ['Podcast', 'Strategy', 'Semiconductors'],
  },
  {
    fileType: 'mp3',
    file: 'asean-consumer-podcast.mp3',
    sectorId: 10000123,
    country: 9,
    title: mediaScripts['asean-consumer-podcast.mp3']!.title,
    hashtags: ['Podcast', 'Consumer', 'Tourism'],
  },
  {
    fileType: 'mp4',
    file: 'taiwan-foundry-video-note.mp4',
    sectorId: semiconductorSectorId,
    country: 3,
    title: mediaScripts['taiwan-foundry-video-note.mp4']!.title,
    hashtags: ['Video', 'Foundry', 'AI'],
  },
  {
    fileType: 'mp4',
    file: 'india-banks-video-note.mp4',
    sectorId: 10000121,
    country: 6,
    title: mediaScripts['india-banks-video-note.mp4']!.title,
    hashtags: ['Video', 'Banks', 'India'],
  },
  {
    fileType: 'youtube',
    url: 'https://www.youtube-nocookie.com/embed/hK7bU2kXy4M',
    sectorId: 10000136,
    country: 10,
    title: 'Webinar replay: the Fed easing cycle and Asian currencies',
    hashtags: ['Webinar', 'Macro', 'FX'],
  },
  {
    fileType: 'youtube',
    url: 'https://www.youtube-nocookie.com/embed/Zq4nP8tVw2c',
    sectorId: semiconductorSectorId,
    country: 5,
    title: 'Webinar replay: HBM, the memory upcycle and what comes next',
    hashtags: ['Webinar', 'Memory', 'HBM'],
  },
  {
    fileType: 'youtube',
    url: 'https://www.youtube-nocookie.com/embed/mR3sJd9Lx0A',
    sectorId: 10000134,
    country: 1,
    title: 'Webinar replay: China auto exports and the EV price war',
    hashtags: ['Webinar', 'EV', 'Exports'],
  },
  {
    fileType: 'youtube',
    url: 'https://www.youtube-nocookie.com/embed/Tb6wQe1Hn5Y',
    sectorId: 10000127,
    country: 9,
    title: 'Webinar replay: China plus one, the winners in Vietnam and India',
    hashtags: ['Webinar', 'SupplyChain', 'ChinaPlusOne'],
  },
] as const;

const kindWeights: ReportKind[] = [
  'initiation',
  'preview',
  'preview',
  'results',
  'results',
  'results',
  'update',
  'update',
  'update',
  'update',
  'outlook',
  'thematic',
  'thematic',
  'strategy',
  'monthly',
];
const sectorWeights = sectorSeeds.flatMap((s) =>
  s.id === semiconductorSectorId ? [s, s, s] : s.id === 10000136 ? [s, s] : [s],
);

const planReports = (prng: Prng, base: Date, companyRows: CompanyRow[], count: number): PlannedReport[] => {
  // Dates: weekdays over the two years before the base date, oldest first so that ids follow dates.
  const dates = Array.from({ length: count }, () => {
    let day = prng.int(0, 729);
    let date = new Date(base.getTime() - day * DAY);
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6) {
      day++;
      date = new Date(base.getTime() - day * DAY);
    }
    return new Date(date.getTime() + prng.int(0, 10 * 60) * 60_000 + prng.int(0, 59) * 1000);
  }).sort((a, b) => a.getTime() - b.getTime());
  const types: PlannedReport['fileType'][] = Array.from({ length: count }, () => 'pdf');
  const slots = prng.sample(
    Array.from({ length: count }, (_, i) => i),
    26 + 16 + mediaReports.length,
  );
  slots.slice(0, 26).forEach((i) => {
    types[i] = 'htm';
  });
  slots.slice(26, 42).forEach((i) => {
    types[i] = 'xlsx';
  });
  const mediaSlots = new Map(slots.slice(42).map((slot, k) => [slot, mediaReports[k]!]));

  const analystsFor = (sectorId: number) => writers.filter((a) => a.covers[sectorId] !== undefined);
  const asia = countrySeeds.filter((c) => c.name !== 'United States');
  // co-authors: none, one or two more, as many as the coverage has
  const coAuthors = (lead: AnalystSeed, pool: readonly AnalystSeed[]) =>
    prng.sample(
      pool.filter((a) => a.id !== lead.id),
      prng.chance(0.6) ? 0 : prng.chance(0.75) ? 1 : 2,
    );

  return dates.map((publishedAt, index) => {
    const media = mediaSlots.get(index);
    const sector = media ? sectorOf(media.sectorId) : prng.pick(sectorWeights);
    let kind = prng.pick(kindWeights);
    if (types[index] === 'xlsx') kind = prng.pick(['preview', 'results', 'initiation'] as const);
    if (media) kind = sector.id === macroSectorId ? 'strategy' : 'thematic';
    // country strategy is the strategists' product
    if (kind === 'strategy' && sector.id !== macroSectorId) kind = 'thematic';
    const pool = analystsFor(sector.id);
    // only companies that one of the sector's analysts covers get notes of their own
    const sectorCompanies = companyRows.filter(
      (c) => c.sectorId === sector.id && pool.some((a) => coversCompany(a, c)),
    );
    const company =
      companyKinds.includes(kind) && sectorCompanies.length > 0 ? prng.pick(sectorCompanies) : null;
    let companyIds: number[];
    let countryIds: number[];
    let lead: AnalystSeed;
    let others: AnalystSeed[];
    if (company) {
      const covering = pool.filter((a) => coversCompany(a, company));
      lead = prng.pick(covering);
      others = coAuthors(lead, covering);
      companyIds = [company.id];
      countryIds = [company.countryId];
    } else if (kind === 'strategy') {
      const country = media ? countryOf(media.country) : prng.pick(asia);
      const covering = pool.filter((a) => coversIn(a, macroSectorId, country.name));
      lead = prng.pick(covering);
      others = coAuthors(lead, covering);
      // an Asia strategist names Asian listings only
      const local = companyRows.filter((c) => c.countryId === country.id && !c.bbgCode.endsWith(' US'));
      companyIds = prng.sample(local, prng.int(0, 3)).map((c) => c.id);
      countryIds = [country.id];
    } else {
      const mediaCountry = media ? countryOf(media.country).name : undefined;
      const covering = mediaCountry ? pool.filter((a) => coversIn(a, sector.id, mediaCountry)) : pool;
      lead = prng.pick(covering.length > 0 ? covering : pool);
      others = coAuthors(lead, pool);
      // the companies and countries of a sector note are the lead analyst's own
      const picked = prng.sample(
        sectorCompanies.filter(
          (c) => coversCompany(lead, c) && countryOf(c.countryId).name !== 'United States',
        ),
        prng.int(0, 4),
      );
      companyIds = picked.map((c) => c.id);
      countryIds = [...new Set(picked.map((c) => c.countryId))];
      if (media) countryIds = [media.country];
      else if (countryIds.length === 0 && prng.chance(0.7))
        countryIds = prng.sample(coveredCountries(lead, sector.id), prng.int(1, 3)).map((c) => c.id);
    }
    const extraSectorIds =
      kind === 'thematic' || kind === 'strategy'
        ? prng
            .sample(
              sectorSeeds.filter((s) => s.id !== sector.id),
              prng.int(0, 2),
            )
            .map((s) => s.id)
        : [];
    const country = countryIds[0] ? countryOf(countryIds[0]).name : 'Asia';
    const figures = company ? companyFigures(company, publishedAt) : undefined;
    const accounts = company ? accountsOf(company) : 'corporate';
    // a bank's note never opens on insurance, an insurer's only on insurance
    const themes = sector.themes.filter((t) =>
      accounts === 'insurer' ? /insurance/.test(t) : accounts === 'bank' ? !/insurance/.test(t) : true,
    );
    const subject: TextSubject = {
      subject:
        company?.display ??
        (kind === 'strategy'
          ? place(country)
          : sector.id === macroSectorId
            ? 'Asian equities'
            : `Asian ${sector.short.toLowerCase()}`),
      sector,
      country,
      // a note on one country never opens on another's theme
      theme: prng.pick(country === 'Asia' ? themes : themesFor(themes, country)),
      rating: figures?.rating ?? '',
      year: publishedAt.getUTCFullYear(),
      figures,
    };
    const title = media ? media.title : reportTitle(prng, kind, subject, publishedAt);
    const kindTag = {
      initiation: 'Initiation',
      preview: 'Earnings',
      results: 'Earnings',
      update: 'CompanyUpdate',
      outlook: 'Outlook',
      thematic: 'Thematic',
      strategy: 'Strategy',
      monthly: 'Monthly',
    }[kind];
    const hashtags = media
      ? [...media.hashtags]
      : [
          ...new Set([
            ...prng.sample(sector.hashtags, prng.int(1, 3)),
            kindTag,
            ...(countryIds.length > 0 && prng.chance(0.4) ? [country.replace(/\s+/g, '')] : []),
          ]),
        ];
    return {
      index,
      kind,
      sector,
      extraSectorIds,
      company,
      companyIds,
      countryIds,
      analystIds: [lead.id, ...others.map((a) => a.id)],
      publishedAt,
      fileType: media ? media.fileType : types[index]!,
      title,
      subtitle: subtitleFor(kind),
      // a media report's description is what its audio or video says
      description: ((text) => (media && 'file' in media ? mediaTranscript(media.file) : text))(
        reportDescription(prng, subject),
      ),
      hashtags,
      subject,
      bodyPages: prng.int(3, 8),
      media: media ? ('file' in media ? { file: media.file } : { file: '', url: media.url }) : undefined,
    };
  });
};

/** The estimates table of a note: the company's four fiscal years as its figures give them, in its currency. */
const companyEstimates = (s: TextSubject, f: PeriodFigures) => {
  const c = f.currency;
  const cells = (values: (y: PeriodFigures['years'][number], i: number) => string) => f.years.map(values);
  const pe = (y: PeriodFigures['years'][number]) => f.price / y.eps;
  const header = [`${c.code} ${c.unit}`, ...cells((y) => `${y.year}${y.kind}`)];
  const common = {
    eps: [`EPS (${c.code})`, ...cells((y) => perShare(y.eps, c, c.epsDigits).slice(c.code.length + 1))],
    pe: ['P/E (x)', ...cells((y) => pe(y).toFixed(1))],
    dividend: ['Dividend yield (%)', ...cells((y) => ((y.eps * f.payout * 100) / f.price).toFixed(1))],
    net: ['Net profit', ...cells((y) => moneyCell(y.netProfit, c))],
  };
  if (f.accounts !== 'corporate') {
    return {
      header,
      rows: [
        ['Total income', ...cells((y) => moneyCell(y.revenue, c))],
        ['Pre-tax profit', ...cells((y) => moneyCell(y.ebit, c))],
        common.net,
        common.eps,
        ...(f.accounts === 'bank'
          ? [
              ['NIM (%)', ...cells((y) => (y.nim * 100).toFixed(2))],
              ['Credit cost (bp)', ...cells((y) => String(Math.round(y.creditCost * 10_000)))],
            ]
          : [['VNB growth (%)', ...cells((y) => (y.nbvGrowth * 100).toFixed(1))]]),
        ['ROE (%)', ...cells((y) => (y.roe * 100).toFixed(1))],
        common.pe,
        ['P/B (x)', ...cells((y) => metricAt(s, pe(y), y.roe).toFixed(2))],
        common.dividend,
      ],
    };
  }
  const metricRow =
    s.sector.metric === 'P/E'
      ? []
      : [[`${s.sector.metric} (x)`, ...cells((y) => metricAt(s, pe(y)).toFixed(1))]];
  return {
    header,
    rows: [
      ['Revenue', ...cells((y) => moneyCell(y.revenue, c))],
      ['EBIT', ...cells((y) => moneyCell(y.ebit, c))],
      ['EBIT margin (%)', ...cells((y) => (y.ebitMargin * 100).toFixed(1))],
      common.net,
      common.eps,
      common.pe,
      ...metricRow,
      common.dividend,
    ],
  };
};

/** A sector-wide table for notes without a company: aggregates drawn for the note, in US dollars. */
const sectorEstimates = (prng: Prng, s: TextSubject, years: number[]) => {
  let revenue = prng.int(4000, 90000);
  const rows = years.map(() => {
    revenue *= 1 + (prng.next() * 0.14 - 0.02);
    return revenue;
  });
  const band = sectorBands[s.sector.id]!;
  const margin = band.ebitMargin[0] + prng.next() * (band.ebitMargin[1] - band.ebitMargin[0]);
  const pe = band.pe[0] + prng.next() * (band.pe[1] - band.pe[0]);
  const header = ['USD m, coverage', ...years.map((y, i) => `${y}${i === 0 ? 'A' : 'E'}`)];
  const money = (r: number) => Math.round(r).toLocaleString('en-US');
  const peRow = ['P/E (x)', ...rows.map((_, i) => (pe * (1 - i * 0.07)).toFixed(1))];
  const dividendRow = ['Dividend yield (%)', ...years.map(() => (1 + prng.next() * 3).toFixed(1))];
  if (s.sector.id === 10000121) {
    const nim = 0.024 + prng.next() * 0.015;
    const roe = 0.09 + prng.next() * 0.06;
    return {
      header,
      rows: [
        ['Total income', ...rows.map(money)],
        ['Pre-tax profit', ...rows.map((r) => money(r * margin))],
        ['NIM (%)', ...rows.map((_, i) => ((nim + i * 0.0005) * 100).toFixed(2))],
        ['ROE (%)', ...rows.map((_, i) => ((roe + i * 0.002) * 100).toFixed(1))],
        peRow,
        ['P/B (x)', ...rows.map((_, i) => (pe * (1 - i * 0.07) * (roe + i * 0.002)).toFixed(2))],
        dividendRow,
      ],
    };
  }
  return {
    header,
    rows: [
      ['Revenue', ...rows.map(money)],
      ['EBIT', ...rows.map((r) => money(r * margin))],
      ['EBIT margin (%)', ...rows.map(() => (margin * 100).toFixed(1))],
      peRow,
      dividendRow,
    ],
  };
};

const researchDocument = (prng: Prng, plan: PlannedReport, firm: string): ResearchDocument => {
  const s = plan.subject;
  const fy = plan.publishedAt.getUTCFullYear();
  const f = s.figures;
  // one writer per document: no sentence is said twice in it
  const writer = createWriter(prng, s);
  const summary = f
    ? `${f.rating}, target price ${perShare(f.target, f.currency)}: ${upsideSummary(f)} from the share price of ${perShare(f.price, f.currency)}.`
    : writer.sentence('thesis');
  const keyPoints = [summary, writer.sentence('valuation'), writer.sentence('risks')];
  return {
    firm,
    title: plan.title,
    subtitle: plan.subtitle,
    sector: s.sector.name,
    subject: plan.company ? `${plan.company.display} (${plan.company.bbgCode})` : s.subject,
    rating: s.rating,
    analysts: plan.analystIds.map((id) => {
      const a = analystSeeds.find((x) => x.id === id)!;
      return { name: `${a.first} ${a.last}`, designation: a.designation, email: analystEmail(a) };
    }),
    publishedAt: plan.publishedAt,
    keyPoints,
    sections: [
      {
        heading: 'Investment thesis',
        paragraphs: [writer.paragraph('thesis'), writer.paragraph('thesis')],
      },
      {
        heading: 'Earnings outlook and valuation',
        paragraphs: [
          [f ? figuresSentence(plan.kind, s) : '', writer.paragraph('valuation')].join(' ').trim(),
          writer.paragraph('valuation'),
        ],
      },
      {
        heading: `What drives ${sectorNoun(s.sector)} from here`,
        paragraphs: [writer.paragraph('thesis')],
      },
    ],
    risks: writer.list('risks', prng.int(3, 4)),
    estimates: f ? companyEstimates(s, f) : sectorEstimates(prng, s, [fy - 1, fy, fy + 1, fy + 2]),
  };
};

const upsideSummary = (f: PeriodFigures) => {
  const upside = upsidePercent(f.price, f.target);
  return upside >= 0 ? `${upside}% upside` : `${-upside}% downside`;
};

const analystEmail = (a: AnalystSeed) =>
  `${a.first.toLowerCase().replace(/[^a-z]/g, '')}.${a.last.toLowerCase().replace(/[^a-z]/g, '')}@harbourline.example`;

const startOfUtcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The generator's first draws: the companies and the key charts (then the report plan, in this order). */
const demoCatalogueDraw = (base: Date) => {
  const prng = createPrng(0x4a5b1e);
  return { prng, companyRows: buildCompanies(), charts: buildKeyCharts(prng, base) };
};

/** Each document has its own generator, so that a report comes out the same whatever else is skipped. */
const demoDocument = (plan: PlannedReport, firm: string) =>
  researchDocument(createPrng(0x5eed0000 + plan.index), plan, firm);

/**
 * Every demo report as the seed writes it, without a database: its plan (title, description, sectors,
 * companies, countries, analysts, figures) and its document (the text of its PDF, HTML note or model). The
 * seed's checker (catalogue-checker.ts) reads these; the seed itself writes the same ones.
 */
export const demoCatalogueReports = (
  seedDate: Date,
  firm: string,
  count: number = demoCatalogueSize.reports,
) => {
  const base = startOfUtcDay(seedDate);
  const { prng, companyRows } = demoCatalogueDraw(base);
  return planReports(prng, base, companyRows, count).map((plan) => ({ plan, doc: demoDocument(plan, firm) }));
};
export type DemoReport = ReturnType<typeof demoCatalogueReports>[number];

/**
 * The demo research catalogue. Content comes from a fixed-seed generator and dates count back from the day of
 * the seed, so the same day gives the same catalogue and the lists always look current. Idempotent: rows with
 * fixed ids are inserted on conflict do nothing, and a report whose file path already exists is left alone.
 */
export const seedCatalogue = async (ctx: SeedContext, options: { reports?: number } = {}) => {
  const { db, config } = ctx;
  const storage: Storage = ctx.storage ?? createStorage(config);
  const firm = config.firm.name;
  const base = startOfUtcDay(ctx.clock());
  const reportCount = options.reports ?? demoCatalogueSize.reports;
  // the key charts and the report plan come from one generator, drawn before anything touches the database
  const { prng, companyRows, charts } = demoCatalogueDraw(base);

  await db
    .insert(regions)
    .values([...regionSeeds])
    .onConflictDoNothing();
  await db
    .insert(countries)
    .values(countrySeeds.map((c) => ({ id: c.id, name: c.name, regionId: c.regionId })))
    .onConflictDoNothing();
  const covers = await Promise.all(sectorSeeds.map((s) => sectorCover(s.name, s.colour)));
  await Promise.all(sectorSeeds.map((s, i) => storage.put(`sectors/${s.id}.webp`, covers[i]!, 'image/webp')));
  await db
    .insert(sectors)
    .values(
      sectorSeeds.map((s, i) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        imagePath: `sectors/${s.id}.webp`,
        sort: i + 1,
      })),
    )
    .onConflictDoNothing();

  // Analysts, their photos (253x203 PNG in storage) and sectors.
  const photos = await Promise.all(
    analystSeeds.map((a) => initialsPhoto(`${a.first[0]}${a.last[0]}`, a.colour)),
  );
  await Promise.all(analystSeeds.map((a, i) => storage.put(`analysts/${a.id}.png`, photos[i]!, 'image/png')));
  await db
    .insert(analysts)
    .values(
      analystSeeds.map((a) => ({
        id: a.id,
        name: `${a.first} ${a.last}`,
        designation: a.designation,
        email: analystEmail(a),
        phone: `${countrySeeds.find((c) => c.name === a.country)!.phone}${String(a.id).slice(-4)}`,
        country: a.country,
        description: analystBio(analystBios[a.id]!),
        imagePath: `analysts/${a.id}.png`,
        jobCategory: a.jobCategory,
        jobId: `HL-${a.id}`,
        sortOrder: a.order,
        isOurPeople: true,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(analystSectors)
    .values(analystSeeds.flatMap((a) => a.sectorIds.map((sectorId) => ({ analystId: a.id, sectorId }))))
    .onConflictDoNothing();

  await db.insert(companies).values(companyRows).onConflictDoNothing();

  const [hasCharts] = await db
    .select({ id: keyCharts.id })
    .from(keyCharts)
    .where(eq(keyCharts.sectorId, semiconductorSectorId))
    .limit(1);
  if (!hasCharts) {
    await db.insert(keyCharts).values(
      charts.map((c, i) => ({
        sectorId: semiconductorSectorId,
        category: c.category,
        title: c.title,
        unit: c.unit,
        data: { labels: c.labels, series: c.series },
        source: c.source.replace('Harbourline', firm),
        sort: i + 1,
      })),
    );
  }

  // Reports. The plan is drawn in full before anything is skipped, so it never depends on the database.
  const plans = planReports(prng, base, companyRows, reportCount);
  const keyOf = (plan: PlannedReport) =>
    plan.media?.url ??
    `demo/reports/${String(plan.index + 1).padStart(4, '0')}-${slug(plan.title)}.${plan.fileType}`;
  const existing = new Set(
    (
      await db
        .select({ filePath: reports.filePath })
        .from(reports)
        .where(inArray(reports.filePath, plans.map(keyOf)))
    ).map((r) => r.filePath),
  );
  const highlighted = new Set(
    prng
      .sample(
        plans.filter((p) => base.getTime() - p.publishedAt.getTime() < 120 * DAY),
        12,
      )
      .map((p) => p.index),
  );
  const mustRead = new Set(
    prng
      .sample(
        plans.filter((p) => base.getTime() - p.publishedAt.getTime() < 365 * DAY),
        10,
      )
      .map((p) => p.index),
  );
  const temp = new Set(
    prng
      .sample(
        plans.filter((p) => base.getTime() - p.publishedAt.getTime() < 60 * DAY),
        5,
      )
      .map((p) => p.index),
  );
  const free = new Set(prng.sample(plans, 8).map((p) => p.index));
  // The branded selection (what npi readers see): every seventh report between one week and half a year old,
  // chosen without the generator so that adding it left every other seeded choice as it was.
  const select = new Set(
    plans
      .filter((p) => {
        const age = base.getTime() - p.publishedAt.getTime();
        return age >= 7 * DAY && age < 182 * DAY;
      })
      .filter((_, position) => position % 7 === 0)
      .map((p) => p.index),
  );

  const created: { id: number; plan: PlannedReport }[] = [];
  for (const plan of plans) {
    const key = keyOf(plan);
    if (existing.has(key)) continue;
    // Each document has its own generator, so that a report comes out the same whatever else is skipped.
    const doc = demoDocument(plan, firm);
    let file: NewReport['file'];
    if (plan.media?.url) file = { url: plan.media.url };
    else if (plan.media) file = { key, bytes: await readFile(new URL(plan.media.file, demoMediaDir)) };
    else if (plan.fileType === 'htm') file = { key, bytes: new TextEncoder().encode(researchHtml(doc)) };
    else if (plan.fileType === 'xlsx') {
      // a model reads the same figures as every other note on the period
      const f = plan.subject.figures;
      if (!f) throw new Error(`Demo model ${plan.title} has no company`);
      file = {
        key,
        bytes: await earningsModelXlsx(doc, {
          summary: figuresSentence(plan.kind, plan.subject),
          currency: f.currency.code,
          accounts: f.accounts,
          years: f.years.map((y) => y.year),
          actual: f.years.map((y) => y.kind === 'A'),
          revenue: f.years.map((y) => y.revenue),
          ebitMargin: f.years.map((y) => y.ebitMargin),
          ratios:
            f.accounts === 'bank'
              ? [
                  { label: 'NIM (%)', values: f.years.map((y) => y.nim * 100) },
                  {
                    label: 'Credit cost (bp)',
                    values: f.years.map((y) => Math.round(y.creditCost * 10_000)),
                  },
                  { label: 'ROE (%)', values: f.years.map((y) => y.roe * 100) },
                ]
              : f.accounts === 'insurer'
                ? [
                    { label: 'VNB growth (%)', values: f.years.map((y) => y.nbvGrowth * 100) },
                    { label: 'ROE (%)', values: f.years.map((y) => y.roe * 100) },
                  ]
                : [],
          shares: f.shares,
          price: f.price,
          target: f.target,
          rating: f.rating,
        }),
      };
      // a page per section and one for the risks: no section is printed twice
    } else file = { key, bytes: await researchPdf(doc, doc.sections.length + 1) };
    const id = await addReport(db, storage, {
      title: plan.title,
      subtitle: plan.subtitle,
      coverage: plan.company?.display ?? plan.subject.country,
      publication: plan.company
        ? 'Company Research'
        : plan.kind === 'strategy'
          ? 'Strategy'
          : 'Sector Research',
      description: plan.description,
      hashtags: plan.hashtags,
      publishedAt: plan.publishedAt,
      fileType: plan.fileType,
      file,
      type: highlighted.has(plan.index) ? 'highlighted' : 'latest',
      isTempReport: temp.has(plan.index),
      mustRead: mustRead.has(plan.index),
      freeAccess: free.has(plan.index),
      specialSelect: select.has(plan.index),
      sectorIds: [plan.sector.id, ...plan.extraSectorIds],
      analystIds: plan.analystIds,
      companyIds: plan.companyIds,
      countryIds: plan.countryIds,
    });
    created.push({ id, plan });
  }

  await seedReaderActivity(db, prng, base, created);
  return { reports: created.length };
};

/** Views over the past year (Most Viewed), a few saved reports and the demo readers' subscriptions. */
const seedReaderActivity = async (
  db: Db,
  prng: Prng,
  base: Date,
  created: { id: number; plan: PlannedReport }[],
) => {
  const demoUsers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.test', 'client@demo.test', 'npi@demo.test']));
  const userId = (email: string) => demoUsers.find((u) => u.email === email)?.id;
  const client = userId('client@demo.test');
  const npi = userId('npi@demo.test');
  const viewers = [null, null, null, ...demoUsers.map((u) => u.id)];

  const yearAgo = base.getTime() - 365 * DAY;
  const views: { reportId: number; userId: number | null; viewedAt: Date }[] = [];
  for (const { id, plan } of created) {
    const published = plan.publishedAt.getTime();
    if (published + 90 * DAY < yearAgo) continue;
    const popularity = prng.next() ** 2;
    const count = Math.round(popularity * 40) + (plan.subject.sector.id === semiconductorSectorId ? 3 : 0);
    for (let k = 0; k < count; k++) {
      // most reads come in the first days after publication
      const after = Math.min(prng.next() ** 3 * 90 * DAY, base.getTime() - published);
      const viewedAt = published + after;
      if (viewedAt < yearAgo) continue;
      views.push({ reportId: id, userId: prng.pick(viewers) ?? null, viewedAt: new Date(viewedAt) });
    }
  }
  for (let i = 0; i < views.length; i += 1000) await db.insert(reportViews).values(views.slice(i, i + 1000));

  const subscribed = (sectorIds: readonly number[]) => (p: PlannedReport) => sectorIds.includes(p.sector.id);
  const clientSectors = sectorSeeds
    .map((s) => s.id)
    .filter((id) => !clientUnsubscribedSectorIds.includes(id as never));
  const recent = created.filter(({ plan }) => base.getTime() - plan.publishedAt.getTime() < 180 * DAY);
  const saves = [
    ...(client
      ? prng
          .sample(
            recent.filter((r) => subscribed(clientSectors)(r.plan)),
            8,
          )
          .map((r) => ({ userId: client, r }))
      : []),
    ...(npi
      ? prng
          .sample(
            recent.filter((r) => subscribed(npiSectorIds)(r.plan)),
            3,
          )
          .map((r) => ({ userId: npi, r }))
      : []),
  ];
  if (saves.length > 0) {
    await db
      .insert(savedReports)
      .values(
        saves.map(({ userId: u, r }) => ({
          userId: u,
          reportId: r.id,
          savedAt: new Date(r.plan.publishedAt.getTime() + prng.int(1, 72) * 3_600_000),
        })),
      )
      .onConflictDoNothing();
  }

  const subscribedAt = new Date(base.getTime() - 400 * DAY);
  if (client) await subscribeUser(db, client, clientSectors, subscribedAt);
  if (npi) await subscribeUser(db, npi, npiSectorIds, subscribedAt);
};

export const catalogueSeed: SeedModule = {
  name: 'catalogue',
  async run(ctx) {
    const started = performance.now();
    const { reports: added } = await seedCatalogue(ctx);
    ctx.log.info({ reports: added, ms: Math.round(performance.now() - started) }, 'Demo catalogue seeded');
  },
};

export const demoSectorIds = sectorSeeds.map((s) => s.id);
