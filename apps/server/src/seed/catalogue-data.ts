/**
 * Reference data of the demo research house (fictional: no real analysts or listed companies). Ids look like
 * the CRM's (sectors 100001xx, people 2001xx) so that links and calls read like the real thing.
 */

export const regions = [
  { id: 1, name: 'Greater China' },
  { id: 2, name: 'ASEAN' },
  { id: 3, name: 'North Asia' },
  { id: 4, name: 'South Asia' },
  { id: 5, name: 'Global' },
] as const;

export const countries = [
  { id: 1, name: 'China', regionId: 1, code: 'CH', phone: '+86 21 6100 ' },
  { id: 2, name: 'Hong Kong', regionId: 1, code: 'HK', phone: '+852 3000 ' },
  { id: 3, name: 'Taiwan', regionId: 1, code: 'TT', phone: '+886 2 8780 ' },
  { id: 4, name: 'Japan', regionId: 3, code: 'JP', phone: '+81 3 4500 ' },
  { id: 5, name: 'South Korea', regionId: 3, code: 'KS', phone: '+82 2 3700 ' },
  { id: 6, name: 'India', regionId: 4, code: 'IN', phone: '+91 22 6200 ' },
  { id: 7, name: 'Singapore', regionId: 2, code: 'SP', phone: '+65 6800 ' },
  { id: 8, name: 'Indonesia', regionId: 2, code: 'IJ', phone: '+62 21 5080 ' },
  { id: 9, name: 'Vietnam', regionId: 2, code: 'VN', phone: '+84 28 3820 ' },
  { id: 10, name: 'United States', regionId: 5, code: 'US', phone: '+1 212 555 ' },
] as const;

export type CountryName = (typeof countries)[number]['name'];

/** The words by which a theme names a country (`the residential bottom in China`, `Chinese auto exports`). */
const countryWords: Record<CountryName, RegExp> = {
  China: /\bChin(a|ese)\b/,
  'Hong Kong': /\bHong Kong\b/,
  Taiwan: /\bTaiwan(ese)?\b/,
  Japan: /\bJapan(ese)?\b/,
  'South Korea': /\bKorea(n)?\b/,
  India: /\bIndia(n)?\b/,
  Singapore: /\bSingapore(an)?\b/,
  Indonesia: /\bIndonesia(n)?\b/,
  Vietnam: /\bViet ?nam(ese)?\b/,
  'United States': /\b(US|United States|American)\b/,
};

/**
 * The themes a report on a company in `country` may take: none that names another country (a Japanese
 * developer's note does not open on "the residential bottom in China"); the sector's themes that name no country
 * at all are always fine. Falls back to every theme only if a sector had none left (none does today).
 */
export const themesFor = (themes: readonly string[], country: string): readonly string[] => {
  const others = Object.entries(countryWords).filter(([name]) => name !== country);
  const asean = ['Singapore', 'Indonesia', 'Vietnam'].includes(country);
  const fitting = themes.filter(
    (theme) => !others.some(([, words]) => words.test(theme)) && (asean || !/\bASEAN\b/.test(theme)),
  );
  return fitting.length > 0 ? fitting : themes;
};

export interface SectorSeed {
  id: number;
  name: string;
  short: string;
  description: string;
  /** words that make company names in this sector sound right */
  companyWords: readonly string[];
  hashtags: readonly string[];
  /** thematic subjects for sector and thematic reports */
  themes: readonly string[];
  /** what drives the numbers, used in body text */
  drivers: readonly string[];
  metric: string;
  /** cover image colour */
  colour: string;
}

export const semiconductorSectorId = 10000131;

export const sectors: readonly SectorSeed[] = [
  {
    id: 10000121,
    name: 'Banks & Financials',
    short: 'Financials',
    description:
      'Banks, insurers, brokers and exchanges across Asia: margins, credit costs and capital return.',
    companyWords: ['Bank', 'Financial Holdings', 'Capital', 'Life Assurance'],
    hashtags: ['Banks', 'NIM', 'AssetQuality', 'Insurance', 'Dividends'],
    themes: [
      'peak policy rates and deposit repricing',
      'credit costs in SME lending',
      'insurance new business value',
    ],
    drivers: ['net interest margin', 'loan growth', 'credit costs', 'fee income', 'capital return'],
    metric: 'P/B',
    colour: '#1d4e89',
  },
  {
    id: 10000123,
    name: 'Consumer & Retail',
    short: 'Consumer',
    description: 'Staples, discretionary, travel and retail: the Asian consumer from Jakarta to Osaka.',
    companyWords: ['Foods', 'Retail', 'Brands', 'Beverages', 'Leisure'],
    hashtags: ['Consumer', 'Tourism', 'Premiumisation', 'Staples', 'Retail'],
    themes: [
      'the return of the outbound Chinese tourist',
      'premiumisation in ASEAN staples',
      'input-cost relief',
    ],
    drivers: ['same-store sales', 'gross margin', 'store openings', 'input costs', 'pricing power'],
    metric: 'P/E',
    colour: '#b5651d',
  },
  {
    id: 10000124,
    name: 'Energy & Utilities',
    short: 'Energy',
    description: 'Oil and gas, power generation, grids and renewables through the energy transition.',
    companyWords: ['Power', 'Energy', 'Gas', 'Renewables', 'Grid'],
    hashtags: ['EnergyTransition', 'Solar', 'LNG', 'Power', 'Utilities'],
    themes: ['grid investment in the energy transition', 'LNG contracting cycle', 'solar module oversupply'],
    drivers: ['tariff resets', 'fuel costs', 'capacity additions', 'utilisation', 'regulated returns'],
    metric: 'EV/EBITDA',
    colour: '#2d6a4f',
  },
  {
    id: 10000126,
    name: 'Healthcare & Biotech',
    short: 'Healthcare',
    description: 'Hospitals, pharmaceuticals, CROs, medical devices and biotech pipelines.',
    companyWords: ['Pharma', 'Biologics', 'Medical', 'Healthcare', 'Life Sciences'],
    hashtags: ['Healthcare', 'Biotech', 'CRO', 'Hospitals', 'Pharma'],
    themes: ['volume-based procurement', 'biosimilar launches in the US', 'hospital capacity in India'],
    drivers: ['bed occupancy', 'pipeline milestones', 'pricing reform', 'R&D spend', 'out-licensing'],
    metric: 'P/E',
    colour: '#0f766e',
  },
  {
    id: 10000127,
    name: 'Industrials & Infrastructure',
    short: 'Industrials',
    description: 'Capital goods, logistics, shipping, construction and the supply-chain shift in Asia.',
    companyWords: ['Industries', 'Engineering', 'Logistics', 'Heavy Industries', 'Shipping'],
    hashtags: ['Infrastructure', 'Capex', 'SupplyChain', 'Shipping', 'ChinaPlusOne'],
    themes: [
      'China plus one and the supply-chain shift',
      'India infrastructure capex',
      'container freight rates',
    ],
    drivers: ['order intake', 'backlog', 'steel costs', 'utilisation', 'freight rates'],
    metric: 'EV/EBITDA',
    colour: '#6b4f2a',
  },
  {
    id: 10000128,
    name: 'Internet & Media',
    short: 'Internet',
    description: 'E-commerce, platforms, gaming, digital advertising and online financial services.',
    companyWords: ['Interactive', 'Digital', 'Online', 'Games', 'Networks'],
    hashtags: ['Internet', 'Ecommerce', 'Gaming', 'DigitalAds', 'AI'],
    themes: ['monetising generative AI', 'e-commerce take rates', 'game licensing approvals'],
    drivers: ['GMV growth', 'take rate', 'monthly active users', 'ad pricing', 'operating leverage'],
    metric: 'EV/EBIT',
    colour: '#6d28d9',
  },
  {
    id: 10000129,
    name: 'Materials & Mining',
    short: 'Materials',
    description: 'Metals, mining, chemicals, cement and the commodities that feed Asian growth.',
    companyWords: ['Resources', 'Mining', 'Chemicals', 'Metals', 'Cement'],
    hashtags: ['Commodities', 'Nickel', 'Steel', 'Chemicals', 'Mining'],
    themes: ['Indonesian nickel downstreaming', 'steel capacity discipline in China', 'lithium price reset'],
    drivers: ['commodity prices', 'unit costs', 'volume growth', 'capex discipline', 'export quotas'],
    metric: 'EV/EBITDA',
    colour: '#7c5e10',
  },
  {
    id: 10000130,
    name: 'Property & REITs',
    short: 'Property',
    description: 'Developers, landlords and REITs: residential cycles, office vacancies and cap rates.',
    companyWords: ['Land', 'Properties', 'Estates', 'REIT', 'Development'],
    hashtags: ['Property', 'REITs', 'Housing', 'Office', 'CapRates'],
    themes: [
      'the residential bottom in China',
      'office vacancy in Hong Kong',
      'Singapore REIT refinancing',
      'construction cost inflation',
    ],
    drivers: ['contracted sales', 'rental reversion', 'cap rates', 'gearing', 'land bank'],
    metric: 'P/NAV',
    colour: '#9f1239',
  },
  {
    id: semiconductorSectorId,
    name: 'Technology & Semiconductors',
    short: 'Technology',
    description: 'Foundry, memory, equipment, components and hardware: the Asian technology supply chain.',
    companyWords: ['Semiconductor', 'Microelectronics', 'Precision', 'Technology', 'Electronics'],
    hashtags: ['Semiconductors', 'AI', 'Memory', 'Foundry', 'HBM'],
    themes: ['AI servers and advanced packaging', 'the memory upcycle', 'mature-node overcapacity'],
    drivers: ['wafer shipments', 'utilisation', 'ASPs', 'inventory days', 'HBM3E volumes'],
    metric: 'P/E',
    colour: '#1e3a8a',
  },
  {
    id: 10000132,
    name: 'Telecoms',
    short: 'Telecoms',
    description: 'Mobile and fixed operators, towers and data centres.',
    companyWords: ['Telecom', 'Mobile', 'Communications', 'Towers', 'Data Centres'],
    hashtags: ['Telecoms', '5G', 'DataCentres', 'Towers', 'Dividends'],
    themes: ['5G monetisation', 'data-centre demand from AI', 'in-market consolidation'],
    drivers: ['ARPU', 'subscriber growth', 'capex intensity', 'churn', 'tower tenancy'],
    metric: 'EV/EBITDA',
    colour: '#0e7490',
  },
  {
    id: 10000134,
    name: 'Autos & EV Supply Chain',
    short: 'Autos',
    description: 'Carmakers, batteries, components and the electric-vehicle supply chain.',
    companyWords: ['Motor', 'Automotive', 'Battery', 'Mobility', 'Auto Parts'],
    hashtags: ['EV', 'Batteries', 'Autos', 'Exports', 'PriceWar'],
    themes: ['the EV price war', 'battery chemistry shifts to LFP', 'Chinese auto exports'],
    drivers: ['unit volumes', 'mix', 'battery costs', 'pricing', 'export share'],
    metric: 'P/E',
    colour: '#374151',
  },
  {
    id: 10000136,
    name: 'Macro & Strategy',
    short: 'Strategy',
    description: 'Economics, asset allocation and equity strategy for Asia and the world.',
    companyWords: ['Holdings', 'Group', 'Investments', 'Corporation', 'Enterprises'],
    hashtags: ['Macro', 'Strategy', 'Rates', 'FX', 'AssetAllocation'],
    themes: [
      'the Fed easing cycle and Asian currencies',
      'earnings revisions breadth',
      'Japan corporate reform',
    ],
    drivers: ['earnings revisions', 'real rates', 'currency', 'fund flows', 'valuation dispersion'],
    metric: 'P/E',
    colour: '#334155',
  },
];

/** Every country of the catalogue but the United States. */
const asia: readonly CountryName[] = [
  'China',
  'Hong Kong',
  'Taiwan',
  'Japan',
  'South Korea',
  'India',
  'Singapore',
  'Indonesia',
  'Vietnam',
];

export interface AnalystSeed {
  id: number;
  first: string;
  last: string;
  designation: string;
  country: CountryName;
  jobCategory: 'Analysts' | 'Sales' | 'Management';
  sectorIds: number[];
  /**
   * What the analyst writes on: per sector of `sectorIds`, the countries of the companies covered (`all`: every
   * country, the United States included). A report's authors all cover its sector, and each company on it is
   * covered by one of them (catalogue.ts plans them so; the seed's checker asserts it over every report).
   */
  covers: Partial<Record<number, readonly CountryName[] | 'all'>>;
  order: number | null;
  colour: string;
  years: number;
  previous: string;
  education: string;
}

export const analysts: readonly AnalystSeed[] = [
  {
    id: 200101,
    first: 'Margaret',
    last: 'Lau',
    designation: 'Head of Research',
    country: 'Hong Kong',
    jobCategory: 'Management',
    sectorIds: [10000136],
    covers: { 10000136: 'all' },
    order: 1,
    colour: '#1d3557',
    years: 24,
    previous: 'a global investment bank in Hong Kong and London',
    education: 'the University of Hong Kong and the London School of Economics',
  },
  {
    id: 200102,
    first: 'Daniel',
    last: 'Okafor-Tan',
    designation: 'Chief Asia Strategist',
    country: 'Singapore',
    jobCategory: 'Analysts',
    sectorIds: [10000136],
    covers: { 10000136: 'all' },
    order: 2,
    colour: '#264653',
    years: 19,
    previous: 'a sovereign wealth fund',
    education: 'the National University of Singapore',
  },
  {
    id: 200103,
    first: 'Wei-Lun',
    last: 'Hsieh',
    designation: 'Senior Analyst, Greater China Semiconductors',
    country: 'Taiwan',
    jobCategory: 'Analysts',
    sectorIds: [10000131],
    covers: { 10000131: ['Taiwan', 'China', 'Hong Kong', 'Singapore'] },
    order: 3,
    colour: '#2a4d69',
    years: 16,
    previous: 'a foundry as a process integration engineer',
    education: 'National Taiwan University',
  },
  {
    id: 200104,
    first: 'Hana',
    last: 'Mizuno',
    designation: 'Analyst, Japan Technology Hardware',
    country: 'Japan',
    jobCategory: 'Analysts',
    sectorIds: [10000131, 10000134],
    covers: { 10000131: ['Japan'], 10000134: ['Japan'] },
    order: 4,
    colour: '#3d405b',
    years: 11,
    previous: 'a Japanese securities house',
    education: 'Keio University',
  },
  {
    id: 200105,
    first: 'Ji-ho',
    last: 'Park',
    designation: 'Analyst, Korea Memory and Display',
    country: 'South Korea',
    jobCategory: 'Analysts',
    sectorIds: [10000131],
    covers: { 10000131: ['South Korea'] },
    order: 5,
    colour: '#355070',
    years: 9,
    previous: 'a memory maker in strategic planning',
    education: 'Seoul National University',
  },
  {
    id: 200106,
    first: 'Arjun',
    last: 'Mehta',
    designation: 'Senior Analyst, India Financials',
    country: 'India',
    jobCategory: 'Analysts',
    sectorIds: [10000121],
    covers: { 10000121: ['India'] },
    order: 6,
    colour: '#6d597a',
    years: 14,
    previous: 'a domestic mutual fund',
    education: 'IIM Ahmedabad',
  },
  {
    id: 200107,
    first: 'Siew Ling',
    last: 'Chua',
    designation: 'Analyst, Asia Banks and Insurers ex-India',
    country: 'Singapore',
    jobCategory: 'Analysts',
    sectorIds: [10000121],
    covers: { 10000121: ['Singapore', 'Indonesia', 'Vietnam', 'Hong Kong', 'South Korea'] },
    order: 7,
    colour: '#4a6c6f',
    years: 8,
    previous: 'the central bank in supervision',
    education: 'Nanyang Technological University',
  },
  {
    id: 200108,
    first: 'Rizky',
    last: 'Pratama',
    designation: 'Analyst, Asia Consumer and Indonesia Materials',
    country: 'Indonesia',
    jobCategory: 'Analysts',
    sectorIds: [10000123, 10000129],
    covers: { 10000123: ['Indonesia', 'Singapore', 'Japan', 'China'], 10000129: ['Indonesia'] },
    order: 8,
    colour: '#7f5539',
    years: 7,
    previous: 'a regional consumer group in corporate finance',
    education: 'Universitas Indonesia',
  },
  {
    id: 200109,
    first: 'Thanh',
    last: 'Nguyen Duc',
    designation: 'Analyst, Vietnam Equities',
    country: 'Vietnam',
    jobCategory: 'Analysts',
    sectorIds: [10000130, 10000123],
    covers: { 10000130: ['Vietnam'], 10000123: ['Vietnam'] },
    order: 9,
    colour: '#386641',
    years: 6,
    previous: 'a Ho Chi Minh City brokerage',
    education: 'Foreign Trade University, Hanoi',
  },
  {
    id: 200110,
    first: 'Yifan',
    last: 'Zhou',
    designation: 'Senior Analyst, Asia Internet',
    country: 'China',
    jobCategory: 'Analysts',
    sectorIds: [10000128],
    covers: { 10000128: asia },
    order: 10,
    colour: '#5e548e',
    years: 13,
    previous: 'an internet platform in investor relations',
    education: 'Fudan University',
  },
  {
    id: 200111,
    first: 'Kenneth',
    last: 'Ip',
    designation: 'Analyst, Asia Property',
    country: 'Hong Kong',
    jobCategory: 'Analysts',
    sectorIds: [10000130],
    covers: { 10000130: ['Hong Kong', 'China', 'Singapore', 'Japan', 'India'] },
    order: null,
    colour: '#8d5b4c',
    years: 12,
    previous: 'a property consultancy',
    education: 'the Chinese University of Hong Kong',
  },
  {
    id: 200112,
    first: 'Lakshmi',
    last: 'Narayanan',
    designation: 'Analyst, Asia Healthcare',
    country: 'India',
    jobCategory: 'Analysts',
    sectorIds: [10000126],
    covers: { 10000126: asia },
    order: 11,
    colour: '#0b525b',
    years: 10,
    previous: 'a pharmaceutical company in business development',
    education: 'the University of Mumbai',
  },
  {
    id: 200113,
    first: 'Mei',
    last: 'Chen',
    designation: 'Analyst, Greater China and India Autos',
    country: 'China',
    jobCategory: 'Analysts',
    sectorIds: [10000134, 10000124],
    covers: { 10000134: ['China', 'India', 'Taiwan'], 10000124: ['China'] },
    order: 12,
    colour: '#9c6644',
    years: 8,
    previous: 'an automotive consultancy in Shanghai',
    education: 'Tsinghua University',
  },
  {
    id: 200114,
    first: 'Tomoko',
    last: 'Saito',
    designation: 'Analyst, Asia Industrials',
    country: 'Japan',
    jobCategory: 'Analysts',
    sectorIds: [10000127],
    covers: { 10000127: ['Japan', 'China', 'Hong Kong', 'Singapore', 'India', 'Vietnam'] },
    order: null,
    colour: '#52796f',
    years: 15,
    previous: 'a trading house',
    education: 'Waseda University',
  },
  {
    id: 200115,
    first: 'Marcus',
    last: 'Lim',
    designation: 'Analyst, Regional Telecoms',
    country: 'Singapore',
    jobCategory: 'Analysts',
    sectorIds: [10000132],
    covers: { 10000132: asia },
    order: 13,
    colour: '#3a5a40',
    years: 9,
    previous: 'a tower company in strategy',
    education: 'the University of Melbourne',
  },
  {
    id: 200116,
    first: 'Eleanor',
    last: 'Whitfield',
    designation: 'Global Energy Strategist',
    country: 'United States',
    jobCategory: 'Analysts',
    sectorIds: [10000124, 10000129],
    covers: { 10000124: 'all', 10000129: 'all' },
    order: 14,
    colour: '#6b705c',
    years: 18,
    previous: 'an energy trading desk in New York',
    education: 'Columbia University',
  },
  {
    id: 200117,
    first: 'Sung-min',
    last: 'Cho',
    designation: 'Analyst, Korea Industrials and Shipbuilding',
    country: 'South Korea',
    jobCategory: 'Analysts',
    sectorIds: [10000127, 10000134],
    covers: { 10000127: ['South Korea'], 10000134: ['South Korea'] },
    order: null,
    colour: '#457b9d',
    years: 7,
    previous: 'a shipyard in finance',
    education: 'Yonsei University',
  },
  {
    id: 200118,
    first: 'Vikram',
    last: 'Rao',
    designation: 'Economist, South Asia',
    country: 'India',
    jobCategory: 'Analysts',
    sectorIds: [10000136, 10000121],
    covers: { 10000136: ['India'], 10000121: ['India'] },
    order: 15,
    colour: '#774936',
    years: 12,
    previous: 'the finance ministry as an adviser',
    education: 'the Delhi School of Economics',
  },
  {
    id: 200119,
    first: 'Grace',
    last: 'Leung',
    designation: 'Head of Institutional Sales, Asia',
    country: 'Hong Kong',
    jobCategory: 'Sales',
    sectorIds: [10000136],
    covers: {},
    order: null,
    colour: '#adb5bd',
    years: 17,
    previous: 'a regional broker',
    education: 'the University of Toronto',
  },
  {
    id: 200120,
    first: 'Oliver',
    last: 'Brandt',
    designation: 'Sales, Europe and United States',
    country: 'United States',
    jobCategory: 'Sales',
    sectorIds: [10000131, 10000128],
    covers: {},
    order: null,
    colour: '#495057',
    years: 10,
    previous: 'a European research boutique',
    education: 'the University of St Gallen',
  },
];

/**
 * Each analyst's profile, written per person (paragraphs; the seed stores them as HTML paragraphs on lines of
 * their own, so a plain-text preview of the profile keeps a space between them).
 */
export const analystBios: Record<number, readonly string[]> = {
  200101: [
    'Margaret Lau leads the research department and chairs the committee that signs off every rating change. She set up the firm’s Asia strategy product and still writes its quarterly outlook.',
    'Before joining, Margaret spent fourteen years at a global investment bank in Hong Kong and London, latterly as head of Asian equity strategy. She studied economics at the University of Hong Kong and holds a master’s degree from the London School of Economics.',
  ],
  200102: [
    'Daniel Okafor-Tan writes the firm’s regional strategy: asset allocation across Asian markets, earnings revisions and the flows that move them. His weekly briefing is the firm’s most-read publication.',
    'Daniel joined from a sovereign wealth fund, where he ran the Asian equity allocation for six years. He is a graduate of the National University of Singapore and a CFA charterholder.',
  ],
  200103: [
    'Wei-Lun Hsieh covers foundry, advanced packaging and the semiconductor supply chain in Taiwan, China, Hong Kong and Singapore. His work on wafer capacity and CoWoS-class packaging is followed closely by investors in the AI build-out.',
    'Wei-Lun began his career as a process integration engineer at a foundry in Hsinchu before moving to the sell side. He holds a master’s degree in electrical engineering from National Taiwan University.',
  ],
  200104: [
    'Hana Mizuno covers Japanese technology hardware, from semiconductor equipment to electronic components, and the Japanese auto parts makers that supply electric vehicles.',
    'She previously worked at a Japanese securities house as an equipment analyst. Hana graduated from Keio University and reads company filings in Japanese and English.',
  ],
  200105: [
    'Ji-ho Park covers Korean memory and display makers. His quarterly DRAM and HBM supply model is built from wafer starts up, and he tracks contract prices every month.',
    'Ji-ho spent four years in strategic planning at a memory maker before joining the firm. He holds an engineering degree from Seoul National University.',
  ],
  200106: [
    'Arjun Mehta leads coverage of Indian banks and non-bank lenders. He focuses on deposit franchises, credit costs in unsecured retail lending and the capital needs of fast-growing private banks.',
    'Arjun was a financials analyst at a domestic mutual fund for six years. He holds an MBA from IIM Ahmedabad and is a CFA charterholder.',
  ],
  200107: [
    'Siew Ling Chua covers banks and insurers outside India: Singapore, Indonesia, Vietnam, Hong Kong and Korea. Her research looks at net interest margins through the rate cycle, asset quality in SME lending and dividend capacity.',
    'Siew Ling joined from the Monetary Authority’s bank supervision department. She graduated in accountancy from Nanyang Technological University.',
  ],
  200108: [
    'Rizky Pratama covers consumer companies across Asia, from Indonesian staples to Japanese retailers and Chinese drinks makers, and the Indonesian nickel producers that shape the country’s export earnings. He spends much of the year visiting stores, smelters and distributors.',
    'He previously worked in corporate finance at a regional consumer group. Rizky holds a degree in economics from Universitas Indonesia.',
  ],
  200109: [
    'Thanh Nguyen Duc covers Vietnamese equities, with a focus on residential developers, industrial parks and consumer companies.',
    'Thanh joined from a Ho Chi Minh City brokerage, where he built its first English-language research product. He studied finance at the Foreign Trade University in Hanoi.',
  ],
  200110: [
    'Yifan Zhou leads coverage of Asian internet platforms, from China to Japan, Korea, Indonesia and India: e-commerce, online games, digital advertising and cloud. She is known for her work on how generative AI changes the economics of search and advertising.',
    'Yifan spent five years in investor relations at an internet platform in Hangzhou. She holds a degree in economics from Fudan University.',
  ],
  200111: [
    'Kenneth Ip covers developers, landlords and REITs in Hong Kong, China, Singapore, Japan and India. He publishes a monthly tracker of residential transactions, office vacancies and retail rents.',
    'Kenneth was a valuation surveyor at a property consultancy before moving into research. He graduated from the Chinese University of Hong Kong.',
  ],
  200112: [
    'Lakshmi Narayanan covers Asian pharmaceuticals, hospitals, biologics makers and contract research organisations, with particular attention to US generics pricing and biosimilar launches.',
    'She worked in business development at a pharmaceutical company for six years. Lakshmi holds a master’s degree in pharmacology from the University of Mumbai.',
  ],
  200113: [
    'Mei Chen covers carmakers and battery makers in China, India and Taiwan, and Chinese power utilities. Her research on battery chemistry and the EV price war draws on monthly registration and installation data.',
    'Mei previously worked at an automotive consultancy in Shanghai. She holds a degree in automotive engineering from Tsinghua University.',
  ],
  200114: [
    'Tomoko Saito covers Asian industrials outside Korea: Japanese machinery and factory automation, shipping and logistics from Hong Kong to Vietnam, and India’s infrastructure builders. She has followed the corporate governance reforms of the Tokyo Stock Exchange since they began.',
    'Tomoko spent seven years at a trading house before joining the firm. She graduated from Waseda University.',
  ],
  200115: [
    'Marcus Lim covers telecom operators, tower companies and data centres across Asia. His research focuses on mobile pricing, spectrum costs and the power needs of AI data centres.',
    'Marcus previously worked in strategy at a tower company. He holds a degree in commerce from the University of Melbourne.',
  ],
  200116: [
    'Eleanor Whitfield writes the firm’s global energy strategy: oil, LNG, power markets and the metals of the energy transition, seen from the Asian buyer’s side.',
    'Eleanor joined from an energy trading desk in New York. She holds a master’s degree in international affairs from Columbia University.',
  ],
  200117: [
    'Sung-min Cho covers Korean shipbuilders, machinery makers and auto parts suppliers. He tracks order intake and newbuild prices yard by yard.',
    'Sung-min worked in the finance department of a shipyard before moving to research. He graduated in business administration from Yonsei University.',
  ],
  200118: [
    'Vikram Rao is the firm’s economist for South Asia. He writes on Indian growth, inflation and monetary policy, and on what they mean for banks and rate-sensitive stocks.',
    'Vikram advised the finance ministry for four years before joining. He holds a doctorate in economics from the Delhi School of Economics.',
  ],
  200119: [
    'Grace Leung heads institutional sales in Asia and looks after the firm’s largest clients in Hong Kong, Singapore and Tokyo. She arranges the analyst roadshows and the annual Asia conference.',
    'Grace previously ran an equity sales team at a regional broker. She graduated from the University of Toronto.',
  ],
  200120: [
    'Oliver Brandt covers clients in Europe and the United States, with a focus on technology and internet specialists.',
    'He joined from a European research boutique, where he sold Asian technology research. Oliver holds a master’s degree from the University of St Gallen.',
  ],
};

/**
 * Where a sector's companies sit: EBIT margin (fraction of revenue) and the P/E range the market pays. The
 * earnings models and every figure quoted in notes are drawn inside these bands (catalogue-figures.ts).
 */
export const sectorBands: Record<number, { ebitMargin: [number, number]; pe: [number, number] }> = {
  10000121: { ebitMargin: [0.28, 0.4], pe: [7.5, 12] },
  10000123: { ebitMargin: [0.07, 0.14], pe: [13, 24] },
  10000124: { ebitMargin: [0.12, 0.22], pe: [8, 14] },
  10000126: { ebitMargin: [0.14, 0.24], pe: [16, 27] },
  10000127: { ebitMargin: [0.06, 0.12], pe: [10, 18] },
  10000128: { ebitMargin: [0.12, 0.26], pe: [14, 26] },
  10000129: { ebitMargin: [0.09, 0.18], pe: [7.5, 13] },
  10000130: { ebitMargin: [0.22, 0.34], pe: [7.5, 13] },
  10000131: { ebitMargin: [0.14, 0.3], pe: [12, 25] },
  10000132: { ebitMargin: [0.15, 0.25], pe: [11, 17] },
  10000134: { ebitMargin: [0.05, 0.1], pe: [8, 15] },
  10000136: { ebitMargin: [0.08, 0.15], pe: [8, 14] },
};

export interface CompanySeed {
  /** the name readers see (without the legal suffix) */
  name: string;
  country: CountryName;
  sectorId: number;
  /** Bloomberg style: local code and the exchange's suffix */
  ticker: string;
  description: string;
}

/**
 * The covered companies, written one by one: fictional names that fit their country, tickers in the format of
 * their exchange (none is meant to be a real listed company; a code may still coincide with a real one).
 */
export const companySeeds: readonly CompanySeed[] = [
  // Banks & Financials
  {
    name: 'Meranti Bay Bank',
    country: 'Singapore',
    sectorId: 10000121,
    ticker: 'MBB SP',
    description:
      'Meranti Bay Bank is Singapore’s fourth-largest lender by deposits, with SME and trade-finance franchises in Malaysia and Indonesia. Wealth management fees are a growing share of income.',
  },
  {
    name: 'Halvern Life Assurance',
    country: 'Hong Kong',
    sectorId: 10000121,
    ticker: '1428 HK',
    description:
      'Halvern Life Assurance sells life and health insurance in Hong Kong, where mainland visitors buy about a third of its new policies. Its agency force is among the largest in the city.',
  },
  {
    name: 'Suriya Vale Bank',
    country: 'India',
    sectorId: 10000121,
    ticker: 'SVBK IN',
    description:
      'Suriya Vale Bank is a private-sector bank in India with a retail deposit base in the south and fast-growing unsecured lending. Its branch network doubled over five years.',
  },
  {
    name: 'Parvani Finance',
    country: 'India',
    sectorId: 10000121,
    ticker: 'PARVFIN IN',
    description:
      'Parvani Finance is a non-bank lender in India that finances two-wheelers, tractors and small businesses in rural districts. Its collection network reaches over 20,000 villages.',
  },
  {
    name: 'Bintara Bank',
    country: 'Indonesia',
    sectorId: 10000121,
    ticker: 'BNTR IJ',
    description:
      'Bintara Bank is a mid-sized Indonesia lender focused on payroll loans and micro-credit. Its mobile banking app has twelve million users.',
  },
  {
    name: 'Hanul Financial Group',
    country: 'South Korea',
    sectorId: 10000121,
    ticker: '176420 KS',
    description:
      'Hanul Financial Group owns a commercial bank, a card company and a brokerage in South Korea. It is one of the first Korean financial groups to commit to a value-up plan with share buy-backs.',
  },
  {
    name: 'Mekong Commercial Bank',
    country: 'Vietnam',
    sectorId: 10000121,
    ticker: 'MKB VN',
    description:
      'Mekong Commercial Bank is a joint-stock lender in Vietnam, strongest in the Mekong Delta, with a growing book of mortgages and loans to agricultural exporters.',
  },
  // Consumer & Retail
  {
    name: 'Saigon Pearl Foods',
    country: 'Vietnam',
    sectorId: 10000123,
    ticker: 'SPF VN',
    description:
      'Saigon Pearl Foods makes dairy drinks, instant noodles and sauces in Vietnam and sells them through 150,000 traditional grocery outlets. Exports to Cambodia and Laos add a tenth of sales.',
  },
  {
    name: 'Pelangi Jaya Consumer',
    country: 'Indonesia',
    sectorId: 10000123,
    ticker: 'PLJY IJ',
    description:
      'Pelangi Jaya Consumer is an Indonesia maker of biscuits, coffee mixes and personal care products. Rural distribution and small pack sizes keep it ahead of multinational rivals.',
  },
  {
    name: 'Aoshiro Retail',
    country: 'Japan',
    sectorId: 10000123,
    ticker: '3172 JP',
    description:
      'Aoshiro Retail runs 900 drugstores in Japan, many near stations and tourist districts, where duty-free sales to visitors have recovered above their 2019 level.',
  },
  {
    name: 'Qilan Beverages',
    country: 'China',
    sectorId: 10000123,
    ticker: '603719 CH',
    description:
      'Qilan Beverages brews premium baijiu and bottled tea in China. Its mid-priced spirits sell mainly in Sichuan and the eastern provinces.',
  },
  {
    name: 'Tamaki Brands',
    country: 'Japan',
    sectorId: 10000123,
    ticker: '4938 JP',
    description:
      'Tamaki Brands sells skincare and cosmetics in Japan and across Asia. Travel retail and China make up about 40% of sales.',
  },
  {
    name: 'Cendana Retail',
    country: 'Indonesia',
    sectorId: 10000123,
    ticker: 'CDNA IJ',
    description:
      'Cendana Retail operates convenience stores and supermarkets in Indonesia, with most of its 3,000 stores outside Java.',
  },
  {
    name: 'Sentosa Ridge Leisure',
    country: 'Singapore',
    sectorId: 10000123,
    ticker: 'SRLR SP',
    description:
      'Sentosa Ridge Leisure owns hotels and attractions in Singapore and resorts in Bintan. Visitor arrivals from China and India drive its earnings.',
  },
  // Energy & Utilities
  {
    name: 'Tianquay Power',
    country: 'China',
    sectorId: 10000124,
    ticker: '601836 CH',
    description:
      'Tianquay Power is a China power generator moving from coal to wind and solar. Renewables already supply a third of its capacity.',
  },
  {
    name: 'Norvane Renewables',
    country: 'India',
    sectorId: 10000124,
    ticker: 'NRVN IN',
    description:
      'Norvane Renewables builds and operates solar and wind farms in India under long-term contracts with state utilities. It is adding battery storage to sell round-the-clock power.',
  },
  {
    name: 'Cahaya Energi',
    country: 'Indonesia',
    sectorId: 10000124,
    ticker: 'CHYA IJ',
    description:
      'Cahaya Energi produces gas and geothermal power in Indonesia. Its new LNG contracts with Japanese buyers start next year.',
  },
  {
    name: 'Kaiyo Gas',
    country: 'Japan',
    sectorId: 10000124,
    ticker: '9541 JP',
    description:
      'Kaiyo Gas is a city-gas and power retailer in Japan, buying LNG on long-term contracts and reselling it to homes and factories in the Kansai region.',
  },
  {
    name: 'Daebong Energy',
    country: 'South Korea',
    sectorId: 10000124,
    ticker: '096310 KS',
    description:
      'Daebong Energy refines oil and runs a petrochemical complex in South Korea. It is investing in hydrogen and offshore wind.',
  },
  {
    name: 'Northwind Power',
    country: 'United States',
    sectorId: 10000124,
    ticker: 'NWND US',
    description:
      'Northwind Power develops utility-scale solar and storage projects in the United States and buys its modules largely from Asian suppliers.',
  },
  {
    name: 'Truong Son Power',
    country: 'Vietnam',
    sectorId: 10000124,
    ticker: 'TSP VN',
    description:
      'Truong Son Power owns hydropower and wind plants in Vietnam and sells power to the state grid under feed-in tariffs.',
  },
  // Healthcare & Biotech
  {
    name: 'Zhenova Biologics',
    country: 'China',
    sectorId: 10000126,
    ticker: '688529 CH',
    description:
      'Zhenova Biologics develops antibody drugs in China and has licensed two of them to US partners. Its first biosimilar is on sale in Europe.',
  },
  {
    name: 'Ondari Pharma',
    country: 'India',
    sectorId: 10000126,
    ticker: 'ONDR IN',
    description:
      'Ondari Pharma makes generic medicines in India for the US and domestic markets. Complex injectables are its main growth driver.',
  },
  {
    name: 'Corvella Healthcare',
    country: 'Singapore',
    sectorId: 10000126,
    ticker: 'CVH SP',
    description:
      'Corvella Healthcare runs private hospitals and clinics in Singapore and Malaysia, with a growing medical-tourism business.',
  },
  {
    name: 'Nakaji Pharmaceutical',
    country: 'Japan',
    sectorId: 10000126,
    ticker: '4593 JP',
    description:
      'Nakaji Pharmaceutical is a mid-sized drug maker in Japan with an oncology pipeline and royalty income from a diabetes drug.',
  },
  {
    name: 'Seorin Biologics',
    country: 'South Korea',
    sectorId: 10000126,
    ticker: '214870 KQ',
    description:
      'Seorin Biologics is a contract manufacturer of biologic drugs in South Korea, listed on KOSDAQ, adding capacity for global pharmaceutical clients.',
  },
  {
    name: 'Anlai Medical',
    country: 'Hong Kong',
    sectorId: 10000126,
    ticker: '2189 HK',
    description:
      'Anlai Medical sells diagnostic equipment and consumables from Hong Kong to hospitals in mainland China and Southeast Asia.',
  },
  {
    name: 'Westmere Life Sciences',
    country: 'Singapore',
    sectorId: 10000126,
    ticker: 'WMLS SP',
    description:
      'Westmere Life Sciences is a contract research organisation based in Singapore, running clinical trials across Asia for American and European biotech clients.',
  },
  // Industrials & Infrastructure
  {
    name: 'Hoshimura Heavy Industries',
    country: 'Japan',
    sectorId: 10000127,
    ticker: '7014 JP',
    description:
      'Hoshimura Heavy Industries builds gas turbines, industrial boilers and defence equipment in Japan. Its order book reached a record this year.',
  },
  {
    name: 'Koryo Shipbuilding',
    country: 'South Korea',
    sectorId: 10000127,
    ticker: '042690 KS',
    description:
      'Koryo Shipbuilding builds LNG carriers and container ships in South Korea, with a backlog of about three years of work.',
  },
  {
    name: 'Tanjong Ardi Logistics',
    country: 'Singapore',
    sectorId: 10000127,
    ticker: 'TAL SP',
    description:
      'Tanjong Ardi Logistics runs warehouses, port services and cross-border trucking from Singapore into Malaysia and Thailand.',
  },
  {
    name: 'Quanrui Engineering',
    country: 'China',
    sectorId: 10000127,
    ticker: '002958 CH',
    description:
      'Quanrui Engineering makes factory automation equipment and robots in China and is expanding its sales to Southeast Asia.',
  },
  {
    name: 'Mirava Infrastructure',
    country: 'India',
    sectorId: 10000127,
    ticker: 'MIRAVA IN',
    description:
      'Mirava Infrastructure builds highways, metro lines and water projects in India, mostly for central and state governments.',
  },
  {
    name: 'Jinhai Shipping',
    country: 'Hong Kong',
    sectorId: 10000127,
    ticker: '1735 HK',
    description:
      'Jinhai Shipping is a Hong Kong dry-bulk and container shipowner chartering vessels on routes between China and Southeast Asia.',
  },
  {
    name: 'Cuu Long Logistics',
    country: 'Vietnam',
    sectorId: 10000127,
    ticker: 'CLL VN',
    description:
      'Cuu Long Logistics operates river ports, bonded warehouses and industrial parks in Vietnam, serving manufacturers moving out of China.',
  },
  // Internet & Media
  {
    name: 'Yunhe Digital',
    country: 'China',
    sectorId: 10000128,
    ticker: '300879 CH',
    description:
      'Yunhe Digital runs a short-video platform and an advertising network in China. Its AI tools help small merchants make video adverts.',
  },
  {
    name: 'Kestrelbay Online',
    country: 'Hong Kong',
    sectorId: 10000128,
    ticker: '1966 HK',
    description:
      'Kestrelbay Online runs online travel and food-delivery apps from Hong Kong across Greater China and Southeast Asia.',
  },
  {
    name: 'Kaminari Games',
    country: 'Japan',
    sectorId: 10000128,
    ticker: '3689 JP',
    description:
      'Kaminari Games develops mobile and console games in Japan. Two franchises bring in most of its revenue, and overseas sales are rising.',
  },
  {
    name: 'Namsan Networks',
    country: 'South Korea',
    sectorId: 10000128,
    ticker: '263720 KQ',
    description:
      'Namsan Networks runs a webtoon platform and a music streaming service in South Korea, listed on KOSDAQ, and licenses its stories to studios abroad.',
  },
  {
    name: 'Kirana Digital',
    country: 'Indonesia',
    sectorId: 10000128,
    ticker: 'KIRA IJ',
    description:
      'Kirana Digital is an Indonesia e-commerce marketplace for small shops, with its own payments and lending arm.',
  },
  {
    name: 'Veltra Online',
    country: 'India',
    sectorId: 10000128,
    ticker: 'VELTRA IN',
    description:
      'Veltra Online runs a food-delivery and quick-commerce app in India, with dark stores in 40 cities.',
  },
  {
    name: 'Sanwei Digital',
    country: 'Taiwan',
    sectorId: 10000128,
    ticker: '6589 TT',
    description:
      'Sanwei Digital publishes online games in Taiwan and licenses Japanese and Korean titles for Southeast Asia.',
  },
  // Materials & Mining
  {
    name: 'Pelita Nikel Resources',
    country: 'Indonesia',
    sectorId: 10000129,
    ticker: 'PNKL IJ',
    description:
      'Pelita Nikel Resources mines nickel ore in Sulawesi and runs smelters in Indonesia that make nickel pig iron and battery-grade intermediates.',
  },
  {
    name: 'Tengfei Cement',
    country: 'China',
    sectorId: 10000129,
    ticker: '600781 CH',
    description:
      'Tengfei Cement is a cement and aggregates maker in China, strongest in the central provinces, now cutting capacity as housing starts fall.',
  },
  {
    name: 'Vindhya Metals',
    country: 'India',
    sectorId: 10000129,
    ticker: 'VINDHYA IN',
    description:
      'Vindhya Metals produces aluminium and copper in India from its own bauxite mines and a captive power plant.',
  },
  {
    name: 'Shirakawa Chemicals',
    country: 'Japan',
    sectorId: 10000129,
    ticker: '4113 JP',
    description:
      'Shirakawa Chemicals makes specialty chemicals in Japan, including high-purity gases and photoresist materials for chipmakers.',
  },
  {
    name: 'Baekson Steel',
    country: 'South Korea',
    sectorId: 10000129,
    ticker: '004562 KS',
    description:
      'Baekson Steel is an integrated steelmaker in South Korea supplying shipyards and carmakers, and is investing in hydrogen-based ironmaking.',
  },
  {
    name: 'Ellory Specialty Materials',
    country: 'Taiwan',
    sectorId: 10000129,
    ticker: '1742 TT',
    description:
      'Ellory Specialty Materials produces copper foil and glass fibre cloth in Taiwan for circuit boards used in servers and phones.',
  },
  // Property & REITs
  {
    name: 'Harrowgate Properties',
    country: 'Hong Kong',
    sectorId: 10000130,
    ticker: '1627 HK',
    description:
      'Harrowgate Properties is a Hong Kong landlord of offices and shopping malls in Central and Kowloon, with a small residential development arm.',
  },
  {
    name: 'Greyfield Land',
    country: 'Hong Kong',
    sectorId: 10000130,
    ticker: '1539 HK',
    description:
      'Greyfield Land develops housing in Hong Kong and the Greater Bay Area and keeps a portfolio of hotels.',
  },
  {
    name: 'Marisco REIT',
    country: 'Singapore',
    sectorId: 10000130,
    ticker: 'MRST SP',
    description:
      'Marisco REIT owns business parks, logistics warehouses and data-centre shells in Singapore and Australia.',
  },
  {
    name: 'Longhua Development',
    country: 'China',
    sectorId: 10000130,
    ticker: '600917 CH',
    description:
      'Longhua Development is a state-backed developer in China with a land bank concentrated in first- and second-tier cities.',
  },
  {
    name: 'Thu Thiem Land',
    country: 'Vietnam',
    sectorId: 10000130,
    ticker: 'TTL VN',
    description:
      'Thu Thiem Land develops apartments and townships in Vietnam, mainly around Ho Chi Minh City.',
  },
  {
    name: 'Amberlane Estates',
    country: 'India',
    sectorId: 10000130,
    ticker: 'AMBRLN IN',
    description:
      'Amberlane Estates builds residential and office projects in India, in Mumbai, Pune and Bengaluru.',
  },
  {
    name: 'Rinkai Estates',
    country: 'Japan',
    sectorId: 10000130,
    ticker: '8962 JP',
    description:
      'Rinkai Estates owns offices and rental apartments in Japan, mostly in central Tokyo and Osaka.',
  },
  // Technology & Semiconductors
  {
    name: 'Sorvik Semiconductor',
    country: 'Taiwan',
    sectorId: 10000131,
    ticker: '6231 TT',
    description:
      'Sorvik Semiconductor is a specialty foundry in Taiwan making power, analogue and image-sensor chips on mature nodes.',
  },
  {
    name: 'Tessaro Microelectronics',
    country: 'Taiwan',
    sectorId: 10000131,
    ticker: '3687 TT',
    description:
      'Tessaro Microelectronics is an advanced packaging and test house in Taiwan whose capacity for AI accelerators is sold out through next year.',
  },
  {
    name: 'Hwaseon Semiconductor',
    country: 'South Korea',
    sectorId: 10000131,
    ticker: '019260 KS',
    description:
      'Hwaseon Semiconductor makes DRAM and NAND in South Korea and is ramping HBM3E for AI accelerators.',
  },
  {
    name: 'Yoshida Precision',
    country: 'Japan',
    sectorId: 10000131,
    ticker: '6879 JP',
    description:
      'Yoshida Precision makes wafer-cleaning and inspection equipment in Japan, selling to foundries and memory makers across Asia.',
  },
  {
    name: 'Jiaxu Semiconductor',
    country: 'China',
    sectorId: 10000131,
    ticker: '688721 CH',
    description:
      'Jiaxu Semiconductor designs microcontrollers and power chips in China for cars and appliances, listed on the STAR Market.',
  },
  {
    name: 'Oriel Technology',
    country: 'Hong Kong',
    sectorId: 10000131,
    ticker: '2283 HK',
    description:
      'Oriel Technology assembles camera modules and optical components from Hong Kong, with plants in Guangdong and Vietnam.',
  },
  {
    name: 'Cobaltia Semiconductor',
    country: 'Taiwan',
    sectorId: 10000131,
    ticker: '6742 TT',
    description:
      'Cobaltia Semiconductor is a fabless chip designer in Taiwan whose networking chips are made by the island’s foundries and sold to data-centre switch makers.',
  },
  {
    name: 'Lumaro Precision',
    country: 'Singapore',
    sectorId: 10000131,
    ticker: 'LMRP SP',
    description:
      'Lumaro Precision makes precision parts and test handlers in Singapore for semiconductor equipment makers.',
  },
  // Telecoms
  {
    name: 'Bayswift Communications',
    country: 'Singapore',
    sectorId: 10000132,
    ticker: 'BSWC SP',
    description:
      'Bayswift Communications is a mobile and broadband operator in Singapore with stakes in operators in Thailand and the Philippines.',
  },
  {
    name: 'Nusantara Towers',
    country: 'Indonesia',
    sectorId: 10000132,
    ticker: 'NSTW IJ',
    description:
      'Nusantara Towers leases space on 25,000 telecom towers in Indonesia to the country’s mobile operators.',
  },
  {
    name: 'Pragati Mobile',
    country: 'India',
    sectorId: 10000132,
    ticker: 'PRAGATI IN',
    description:
      'Pragati Mobile is a mobile operator in India with 300 million subscribers, now raising tariffs after years of price competition.',
  },
  {
    name: 'Kizuna Data Centres',
    country: 'Japan',
    sectorId: 10000132,
    ticker: '9439 JP',
    description:
      'Kizuna Data Centres builds and runs data centres in Japan for cloud providers, in Tokyo, Osaka and Hokkaido.',
  },
  {
    name: 'Viet Star Mobile',
    country: 'Vietnam',
    sectorId: 10000132,
    ticker: 'VSM VN',
    description:
      'Viet Star Mobile is the third-largest mobile operator in Vietnam and is rolling out 5G in the main cities.',
  },
  {
    name: 'Tamsui Telecom',
    country: 'Taiwan',
    sectorId: 10000132,
    ticker: '4979 TT',
    description: 'Tamsui Telecom offers mobile, fixed broadband and enterprise cloud services in Taiwan.',
  },
  // Autos & EV Supply Chain
  {
    name: 'Shenlu Motor',
    country: 'China',
    sectorId: 10000134,
    ticker: '601365 CH',
    description:
      'Shenlu Motor makes electric and hybrid cars in China and exports a fifth of its output to the Middle East, Latin America and Europe.',
  },
  {
    name: 'Xiantao Battery',
    country: 'China',
    sectorId: 10000134,
    ticker: '300861 CH',
    description:
      'Xiantao Battery makes LFP battery cells in China for cars and grid storage, with a new plant in Hungary.',
  },
  {
    name: 'Shiozaki Motor',
    country: 'Japan',
    sectorId: 10000134,
    ticker: '7238 JP',
    description:
      'Shiozaki Motor makes compact cars and motorcycles in Japan and sells most of them in India and Southeast Asia.',
  },
  {
    name: 'Seohae Mobility',
    country: 'South Korea',
    sectorId: 10000134,
    ticker: '204320 KS',
    description:
      'Seohae Mobility supplies thermal-management systems and electric motors in South Korea to Korean and American carmakers.',
  },
  {
    name: 'Deccan Motors',
    country: 'India',
    sectorId: 10000134,
    ticker: 'DECCAN IN',
    description: 'Deccan Motors makes tractors, utility vehicles and electric three-wheelers in India.',
  },
  {
    name: 'Tainan Auto Parts',
    country: 'Taiwan',
    sectorId: 10000134,
    ticker: '1531 TT',
    description:
      'Tainan Auto Parts makes aftermarket body parts and lamps in Taiwan for the US and European markets.',
  },
  // Macro & Strategy: the conglomerates strategists discuss
  {
    name: 'Pinecrest Holdings',
    country: 'Hong Kong',
    sectorId: 10000136,
    ticker: '1187 HK',
    description:
      'Pinecrest Holdings is a Hong Kong conglomerate with ports, retail, utilities and telecoms in Asia and Europe.',
  },
  {
    name: 'Calloway Group',
    country: 'Singapore',
    sectorId: 10000136,
    ticker: 'CLWY SP',
    description:
      'Calloway Group is a Singapore investment holding company with stakes in shipyards, property and data centres.',
  },
  {
    name: 'Sinar Cakra Group',
    country: 'Indonesia',
    sectorId: 10000136,
    ticker: 'SCKR IJ',
    description:
      'Sinar Cakra Group is an Indonesia conglomerate spanning car distribution, palm oil, coal and banking.',
  },
  {
    name: 'Oakhaven Investments',
    country: 'Hong Kong',
    sectorId: 10000136,
    ticker: '1879 HK',
    description:
      'Oakhaven Investments is a Hong Kong holding company that owns stakes in Asian consumer and logistics businesses.',
  },
  {
    name: 'Yamabuki Corporation',
    country: 'Japan',
    sectorId: 10000136,
    ticker: '8019 JP',
    description:
      'Yamabuki Corporation is a trading house in Japan with interests in energy, metals, food and machinery, and a rising payout.',
  },
];

/** The firm's one rating scale, best first: Buy at 10% upside to target or more, Sell at 10% downside or more. */
export const reportingRatings = ['Buy', 'Hold', 'Sell'] as const;
