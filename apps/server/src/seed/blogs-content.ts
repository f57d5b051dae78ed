// The demo blogs' posts (issue 14): analysts' notes between reports, about the companies, countries and sectors of
// the demo catalogue (catalogue-data.ts: the same names, tickers, countries and currencies). Written as blocks, not
// HTML, so that blogs.ts makes both the stored HTML and the editor's JSON (Tiptap) from one text.

/** Inline text: **bold** and *italic* are the only marks. */
export type Block =
  | readonly ['h2' | 'h3' | 'p' | 'quote', string]
  | readonly ['ul' | 'ol', readonly string[]]
  | readonly ['chart'];

/** A chart drawn at seed time from the note's own figures (the text quotes the same numbers). */
export interface ChartSeed {
  /** file name under posts/ */
  name: string;
  title: string;
  /** the image's text alternative: what the chart shows */
  alt: string;
  unit: string;
  kind: 'bar' | 'line';
  points: readonly (readonly [string, number])[];
}

export interface PostSeed {
  blog: 'strategy' | 'energy' | 'brief';
  title: string;
  /** days before the seed; null: a draft never published */
  daysAgo: number | null;
  /** associated research: the latest reports on these tickers, or of this sector when no ticker has one */
  research?: { tickers?: readonly string[]; sectorId?: number; count: number };
  chart?: ChartSeed;
  blocks: readonly Block[];
}

export const demoBlogKeys = {
  strategy: 'keyword1',
  // New blogs get a random UUID key (spec 2); the demo's are fixed so that reseeding adds nothing.
  energy: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  brief: '7c9e2a41-3b6d-4f08-9a15-2d4e6f8b0c13',
} as const;

export const demoPosts: readonly PostSeed[] = [
  // ---------------------------------------------------------------- Asia Strategy Notes (npi)
  {
    blog: 'strategy',
    title: 'When the Fed cuts, the won and the rupee part ways',
    daysAgo: 67,
    blocks: [
      [
        'p',
        'Clients keep asking the same question: if the Federal Reserve is easing, should they buy Asian currencies as a block? Our answer is no. The first 100 basis points of US cuts help the currencies of current-account deficit countries far less than those of the exporters, and this cycle will be no different.',
      ],
      ['h2', 'Two kinds of Asian currency'],
      [
        'p',
        'The **Korean won** and the **New Taiwan dollar** move with global trade and the semiconductor cycle. When US rates fall and the dollar softens, their exporters convert more of their dollar receipts, and foreign equity inflows into Seoul and Taipei follow the memory and foundry names. In the last three easing cycles the won gained between 4% and 9% against the dollar in the twelve months after the first cut.',
      ],
      [
        'p',
        'The **Indian rupee** and the **Indonesian rupiah** behave differently. Both central banks manage their currencies closely and use easier US policy to rebuild reserves rather than to let the exchange rate appreciate. The rupee moved less than 2% in either direction after each of the last three first cuts. For a dollar-based investor in India, the return comes from the equities and the bonds, not the currency.',
      ],
      ['h2', 'What we do with it'],
      [
        'ul',
        [
          'We keep our overweight in Korea and Taiwan, where currency and earnings revisions point the same way.',
          'In India we stay overweight the domestic banks and infrastructure names but do not add currency risk on top: the rupee is a low-volatility funding currency, not a trade.',
          'In Indonesia we prefer local-currency bonds to equities until the fiscal numbers of the new budget are clear.',
        ],
      ],
      [
        'quote',
        'A weaker dollar is a tide that lifts the exporters first. The importers get a calmer sea, which is worth something, but it is not a rally.',
      ],
      [
        'p',
        'The risk to this view is a US recession deep enough to hit Asian exports harder than easier money helps them. In that case the won would weaken despite the cuts, as it did in 2001 and 2008, and the rupee would look like the safer holding. We put that at one chance in four.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: 'Earnings revisions breadth turns positive in North Asia',
    daysAgo: 60,
    chart: {
      name: 'revisions-breadth-north-asia',
      title: 'North Asia earnings revisions breadth (%)',
      alt: 'Line chart of earnings revisions breadth in North Asia over six months: -18, -12, -6, -1, 4 and 9 per cent.',
      unit: '%',
      kind: 'line',
      points: [
        ['Jan', -18],
        ['Feb', -12],
        ['Mar', -6],
        ['Apr', -1],
        ['May', 4],
        ['Jun', 9],
      ],
    },
    blocks: [
      [
        'p',
        'For the first time in two years, more analysts are raising their earnings forecasts for North Asian companies than cutting them. Revisions breadth, the number of upgrades minus downgrades as a share of all estimates, reached **+9%** in June, from **-18%** in January. It has risen every month this year.',
      ],
      ['chart'],
      ['h2', 'Why breadth matters more than the level'],
      [
        'p',
        'Index earnings growth can be carried by a handful of large companies; breadth cannot. When the number of companies with rising estimates grows month after month, it tells us the recovery is spreading beyond the AI hardware leaders into the rest of the market. Historically, a move from negative to positive breadth in Korea and Taiwan has preceded six months of outperformance against the rest of Asia about 70% of the time.',
      ],
      ['h2', 'Where the upgrades are'],
      [
        'ul',
        [
          "**Technology and semiconductors**: memory prices and foundry utilisation, led by the Korean memory makers and Taiwan's equipment suppliers.",
          '**Industrials**: shipbuilders in Korea, whose order books now reach into 2028 at better prices.',
          '**Financials**: Korean banks and insurers, where value-up plans add capital return to steady margins.',
        ],
      ],
      [
        'p',
        "Japan is the exception in North Asia: breadth there has been flat around zero for three months as the stronger yen eats into exporters' forecasts. Domestic names, the drugstores and the property companies, are still being upgraded.",
      ],
      ['h2', 'What would change our mind'],
      [
        'p',
        'Breadth is a trend indicator, and it turns late. Two consecutive monthly declines would make us cut our overweight in Korea back to neutral. For now the data say the earnings recovery is broadening, and our portfolio stays positioned for it.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: "Japan's governance reform: buy-backs are the easy part",
    daysAgo: 53,
    research: { tickers: ['8019 JP', '7014 JP'], count: 2 },
    blocks: [
      [
        'p',
        "Japanese companies announced record share buy-backs again this year, and the Tokyo Stock Exchange's request that companies trading below book value explain how they will fix it has clearly worked. But the market has already rewarded the buy-backs. The next leg of the reform story depends on something harder: companies selling businesses they should not own.",
      ],
      ['h2', 'Capital return is priced in'],
      [
        'p',
        "The share of Prime Market companies trading below 1x book value has fallen from about half to under 40% since the exchange's request. Much of that rerating came from announcements of higher payouts. We think investors now need to look for the second stage: balance sheets that shrink because non-core assets are sold, and returns on equity that rise because margins do, not only because equity is bought back.",
      ],
      ['h2', 'Two companies at different stages'],
      [
        'p',
        '**Yamabuki Corporation (8019 JP)**, the trading house, is a good example of the second stage. It has sold its stakes in two domestic food businesses and put the proceeds into its resources and power assets, with a return-on-equity target of 12% that does not rely on buy-backs alone.',
      ],
      [
        'p',
        '**Hoshimura Heavy Industries (7014 JP)** is still in the first stage. Its buy-back is welcome, but its cross-shareholdings in customers and banks are worth almost a fifth of its market value and have barely moved.',
      ],
      [
        'quote',
        'Buying back shares is a decision of the board. Selling a business is a decision of the whole company, and it is where reform becomes real.',
      ],
      ['h2', 'How we screen for it'],
      [
        'ol',
        [
          'Cross-shareholdings above 10% of market value, with a stated plan to reduce them.',
          'A disclosed return target for each segment, not only for the group.',
          'At least one disposal or spin-off in the last two years.',
        ],
      ],
      [
        'p',
        'Fewer than forty companies in our coverage universe pass all three tests today. That is the list we would own as the reform moves from dividends to restructuring.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: 'Korea value-up: Hanul Financial Group shows the template',
    daysAgo: 46,
    research: { tickers: ['176420 KS'], sectorId: 10000121, count: 2 },
    blocks: [
      [
        'p',
        "Korea's value-up programme has been criticised for being voluntary and short on penalties. Yet the financial groups are proving that a voluntary programme can work when the numbers are simple and public. **Hanul Financial Group (176420 KS)** is the clearest case, and its plan is the template we would like other Korean companies to copy.",
      ],
      ['h2', 'What Hanul committed to'],
      [
        'ul',
        [
          'A total shareholder return ratio of 50% of net profit by 2027, from about 33% last year.',
          'A common equity tier 1 ratio kept between 13% and 13.5%, with everything above the range returned.',
          'Buy-backs cancelled, not held in treasury, so that the share count actually falls.',
        ],
      ],
      [
        'p',
        'The last point matters more than it looks. Korean companies have often bought back shares and kept them, which leaves the door open to reissuing them later. Cancelling them makes the return permanent.',
      ],
      ['h2', 'Why the market believes it'],
      [
        'p',
        "Hanul's bank earns a steady net interest margin, its card company is past the worst of its credit costs, and its brokerage gains from the retail trading boom in Seoul. Capital generation of about 80 basis points of CET1 a year funds the payout without squeezing loan growth. The formula is transparent enough for investors to check every quarter.",
      ],
      [
        'quote',
        "Value-up works when an investor can calculate next year's buy-back from this year's capital ratio.",
      ],
      ['h2', 'Beyond the banks'],
      [
        'p',
        "The harder cases are the family-controlled industrial groups, where holding-company structures and cross-holdings complicate any capital return policy. We will judge the programme's success by whether two or three of them publish plans as specific as Hanul's before the end of the year. Until then, the Korean financials remain our preferred way to own the theme.",
      ],
    ],
  },
  {
    blog: 'strategy',
    title: 'India: paying up for domestic growth without overpaying',
    daysAgo: 39,
    blocks: [
      [
        'p',
        'Indian equities trade at about 22 times forward earnings, the most expensive large market in Asia. We remain overweight, but the valuation means stock selection has to do more of the work. Our approach is to pay for domestic growth where earnings are visible and to avoid the parts of the market where the price already assumes everything goes right.',
      ],
      ['h2', 'Where growth is visible'],
      [
        'p',
        '**Infrastructure** is the clearest case. Central government capital spending has roughly tripled in five years, and the order books of contractors such as **Mirava Infrastructure (MIRAVA IN)** cover more than three years of revenue. When the customer is the state and the projects are already awarded, the earnings path is easier to forecast than almost anywhere else in the region.',
      ],
      [
        'p',
        '**Private banks** are the second. Loan growth of 14% to 16% a year looks sustainable with nominal GDP growing at 10% to 11%, and the better-run lenders such as **Suriya Vale Bank (SVBK IN)** are still gaining market share from state-owned banks. The constraint is deposits, not demand, which is why we prefer banks with strong retail franchises.',
      ],
      ['h2', 'Where the price assumes too much'],
      [
        'ul',
        [
          'Consumer staples trading above 50 times earnings while rural volume growth is still in single digits.',
          'Newly listed internet companies priced on revenue rather than on any visible path to profit.',
          'Small caps, where the valuation premium to large caps is close to its highest in a decade.',
        ],
      ],
      [
        'quote',
        'In India the question is rarely whether the company will grow. It is how many years of that growth the share price already contains.',
      ],
      ['h2', 'The risk'],
      [
        'p',
        'A sharp rise in oil prices remains the main macro risk: India imports more than 85% of its crude, and every ten-dollar move in Brent widens the current-account deficit by roughly 0.4% of GDP. We would reduce our overweight if Brent stayed above US$100 a barrel for a quarter.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: "Indonesia's fiscal arithmetic after the transition",
    daysAgo: 32,
    research: { tickers: ['BNTR IJ', 'CDNA IJ'], count: 2 },
    blocks: [
      [
        'p',
        "Indonesia's new government has promised free school meals, faster infrastructure and a higher growth target, while keeping the legal cap on the budget deficit at 3% of GDP. Markets have started to ask whether all of these fit together. Our arithmetic says they do, just, but only if revenue collection improves.",
      ],
      ['h2', 'The numbers'],
      [
        'p',
        'The meals programme alone costs about Rp 170 trillion a year at full scale, close to 0.7% of GDP. With the deficit already running at about 2.5%, there is little room left unless tax revenue rises from its current level of around 10% of GDP, one of the lowest ratios in the region.',
      ],
      [
        'ul',
        [
          'A stronger tax administration system could add 0.5% of GDP within two years.',
          'Lower fuel subsidies would free a similar amount, but are politically hard.',
          'Phasing the meals programme, as the government has now signalled, keeps this year within the cap.',
        ],
      ],
      ['h2', 'What it means for equities'],
      [
        'p',
        'The meals programme is good news for domestic food supply chains and for the retailers and consumer companies closest to lower-income households. **Cendana Retail (CDNA IJ)**, with most of its stores outside Java, is one of the beneficiaries we would highlight. Banks with payroll-loan books such as **Bintara Bank (BNTR IJ)** gain from a larger civil-service and contractor payroll.',
      ],
      [
        'p',
        'The risk is in the bond market. If investors start to doubt the 3% cap, the rupiah and government bond yields would come under pressure, and Bank Indonesia would have to keep rates higher for longer. That would hurt the banks first.',
      ],
      [
        'quote',
        'The 3% ceiling has survived every government since 2003. It is the most important number in Indonesian markets.',
      ],
      ['p', "We stay neutral on Indonesia until next year's budget shows how the programme is funded."],
    ],
  },
  {
    blog: 'strategy',
    title: 'Model portfolio: three changes for the quarter',
    daysAgo: 25,
    research: { tickers: ['6231 TT', '1627 HK'], count: 3 },
    chart: {
      name: 'model-portfolio-active-weights',
      title: 'Model portfolio: active weights by market',
      alt: "Bar chart of the model portfolio's active weights: Taiwan +4, Korea +3, India +2, Japan 0, Singapore -1, Indonesia -2, China -4 and Hong Kong -2 percentage points.",
      unit: 'percentage points',
      kind: 'bar',
      points: [
        ['Taiwan', 4],
        ['Korea', 3],
        ['India', 2],
        ['Japan', 0],
        ['Singapore', -1],
        ['Indonesia', -2],
        ['Hong Kong', -2],
        ['China', -4],
      ],
    },
    blocks: [
      [
        'p',
        'We make three changes to our Asia model portfolio this quarter. They follow the themes of our last three notes: earnings revisions are broadening in North Asia, Korean capital return is real, and Chinese earnings still lack a catalyst.',
      ],
      ['chart'],
      ['h2', 'The changes'],
      [
        'ol',
        [
          '**Taiwan raised to +4 points overweight** from +2, through **Sorvik Semiconductor (6231 TT)**, whose advanced-packaging capacity is sold out into next year.',
          '**China cut to -4 points underweight** from -2. Property sales have not stabilised and the earnings revisions ratio is still negative.',
          '**Hong Kong kept at -2 points**, but we switch within it from the developers into the dividend payers, adding **Harrowgate Properties (1627 HK)**, whose rental income covers its dividend 1.4 times.',
        ],
      ],
      ['h2', 'What we did not change'],
      [
        'p',
        "Korea stays at +3 points and India at +2. Japan stays neutral: governance reform is a long story, but the stronger yen is a near-term headwind for exporters' earnings. Singapore and Indonesia stay small underweights, Singapore because its banks' margins have peaked and Indonesia until the budget is clearer.",
      ],
      ['h2', 'Performance so far'],
      [
        'p',
        'Since its launch, the model portfolio has returned 6.8% against 4.1% for the MSCI AC Asia ex Japan benchmark, both in US dollars. Most of the outperformance came from the overweight in Taiwanese technology and the underweight in Chinese property. The largest detractor was our early overweight in Indonesia, which we closed two months ago.',
      ],
      [
        'quote',
        'The portfolio is a way of keeping ourselves honest: every view in these notes has a weight, and every weight has a result.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: 'Hong Kong: the dividend market nobody wants',
    daysAgo: 12,
    blocks: [
      [
        'p',
        "The Hang Seng Index yields about 4% today, more than the MSCI World and more than Hong Kong's own three-month interbank rate now that rates are falling. Yet global investors still treat Hong Kong only as a proxy for China's growth. We think that misses a market that has quietly become one of the best income markets in the world.",
      ],
      ['h2', 'Where the yield comes from'],
      [
        'ul',
        [
          '**Landlords**: rental income from malls and offices still covers dividends, even with office vacancy near 15%.',
          '**Insurers**: **Halvern Life Assurance (1428 HK)** has raised its dividend for five straight years, helped by mainland visitors buying policies in the city.',
          '**Utilities and telecoms**: regulated returns and little need for new capital.',
        ],
      ],
      ['h2', 'Why now'],
      [
        'p',
        "Hong Kong's currency peg means local rates follow US rates. As the Fed cuts, the cost of financing for landlords falls directly, and the gap between dividend yields and deposit rates widens in favour of equities. In the last easing cycle, Hong Kong's high-yield stocks outperformed the broader index by about 8% over twelve months.",
      ],
      [
        'p',
        '**Harrowgate Properties (1627 HK)** is our preferred landlord: its gearing is below 20%, its retail malls are fully let, and its dividend yield is close to 6%. We prefer it to the residential developers, whose earnings still depend on a mainland housing recovery we cannot yet see.',
      ],
      ['quote', 'In Hong Kong the growth story is uncertain; the income story is already in the bank.'],
      [
        'p',
        'The main risk is another leg down in mainland sentiment that drags every Hong Kong stock with it, regardless of yield. We accept that risk for the income, but we size the position accordingly.',
      ],
    ],
  },
  {
    blog: 'strategy',
    title: 'China plus one: who is actually winning the factory move',
    daysAgo: null,
    blocks: [
      [
        'p',
        'Five years into the supply-chain shift out of China, the winners are no longer a matter of opinion. Trade data, foreign direct investment and the order books of the companies that build factories now tell a consistent story: Vietnam and India are winning the assembly, Mexico is winning the North American market, and China still keeps most of the components.',
      ],
      ['h2', 'Vietnam: the assembly line'],
      [
        'p',
        "Vietnam's exports to the United States have more than doubled since 2018, led by electronics and furniture. Industrial parks in the north are close to full, and logistics companies such as **Cuu Long Logistics (CLL VN)** are adding warehouse capacity as fast as land permits allow. The constraint is power: the north's grid came close to its limits during last year's drought.",
      ],
      ['h2', 'India: the new scale'],
      [
        'p',
        "India's production-linked incentives have brought phone assembly at scale, and the next stage is components. **Mirava Infrastructure (MIRAVA IN)** is building industrial corridors that make the move possible. What India still lacks is the dense network of suppliers that makes Shenzhen so hard to leave.",
      ],
      ['h2', 'China: still the supplier'],
      [
        'p',
        'Much of what leaves China as finished goods returns as components. Chinese exports to Vietnam and Mexico have grown faster than Chinese exports to the United States have fallen. For engineering companies such as **Quanrui Engineering (002958 CH)**, the factory move has meant new customers abroad, not lost ones.',
      ],
      [
        'ul',
        [
          'Winners: industrial-park owners and logistics in Vietnam, contractors in India.',
          'Neutral: Chinese component makers, which follow their customers.',
          'Losers: companies that depend on a single Chinese assembly site for US sales.',
        ],
      ],
    ],
  },

  // ---------------------------------------------------------------- Energy Transition Insights (pi)
  {
    blog: 'energy',
    title: 'Solar module prices have found their floor, and it is cash cost',
    daysAgo: 68,
    research: { tickers: ['NWND US', '601836 CH'], count: 2 },
    chart: {
      name: 'solar-module-price',
      title: 'Mono PERC module price (US cents per watt)',
      alt: 'Line chart of the solar module price in US cents per watt over six quarters: 21, 17, 14, 12, 11 and 11.',
      unit: 'c/W',
      kind: 'line',
      points: [
        ['Q1 {Y-1}', 21],
        ['Q2 {Y-1}', 17],
        ['Q3 {Y-1}', 14],
        ['Q4 {Y-1}', 12],
        ['Q1 {Y}', 11],
        ['Q2 {Y}', 11],
      ],
    },
    blocks: [
      [
        'p',
        'Module prices fell by almost half in eighteen months, from 21 US cents per watt to 11 cents. The last two quarters were flat. We think this is the floor: at 11 cents, most Chinese manufacturers are selling at their cash cost, and the weakest are already closing lines.',
      ],
      ['chart'],
      ['h2', 'Why the floor holds'],
      [
        'p',
        'Polysilicon, wafers, cells and modules all expanded at once in 2022 and 2023. Global manufacturing capacity now exceeds 1,000 gigawatts a year against installations of about 450 gigawatts. That overcapacity drove the price collapse, but it also means the marginal producer now loses cash on every additional module. Production cuts announced since the spring amount to about a fifth of capacity.',
      ],
      ['h2', 'Who gains from cheap modules'],
      [
        'ul',
        [
          '**Developers and owners of solar farms**, whose project returns rise as capital costs fall. **Northwind Power (NWND US)** buys most of its modules from Asian suppliers and has locked in prices for its next 2 gigawatts.',
          '**Integrated generators** in China such as **Tianquay Power (601836 CH)**, which is adding solar capacity at the lowest cost per megawatt it has ever paid.',
          '**Emerging-market buyers**: installations in India, the Middle East and Southeast Asia are rising fastest where prices matter most.',
        ],
      ],
      ['h2', 'Who does not'],
      [
        'p',
        'Manufacturers themselves. Even the leaders report negative margins in modules, and we do not expect a recovery before capacity shrinks further. We would rather own the buyers of modules than the makers for at least the next year.',
      ],
      [
        'quote',
        'Overcapacity is a tax on the manufacturer and a subsidy to everyone who builds a solar farm.',
      ],
    ],
  },
  {
    blog: 'energy',
    title: 'Norvane Renewables: storage turns solar into baseload, at a price',
    daysAgo: 61,
    research: { tickers: ['NRVN IN'], sectorId: 10000124, count: 2 },
    chart: {
      name: 'india-tariffs-storage',
      title: 'Winning tariffs in Indian auctions (INR per kWh)',
      alt: 'Bar chart of winning tariffs in Indian power auctions in rupees per kilowatt-hour: solar 2.6, wind 3.4, solar with storage 4.5 and new coal 5.8.',
      unit: 'INR/kWh',
      kind: 'bar',
      points: [
        ['Solar', 2.6],
        ['Wind', 3.4],
        ['Solar + storage', 4.5],
        ['New coal', 5.8],
      ],
    },
    blocks: [
      [
        'p',
        "India's power auctions have changed. The government no longer only asks for the cheapest solar power; it asks for power that is there when it is needed, including in the evening peak. **Norvane Renewables (NRVN IN)** has won more of these round-the-clock tenders than any other developer this year, and the tariffs show why the model works.",
      ],
      ['chart'],
      ['h2', 'The economics'],
      [
        'p',
        'Plain solar now clears at about INR 2.6 per kWh, the cheapest power in India, but it stops at sunset. Adding four hours of battery storage raises the winning tariff to about INR 4.5 per kWh. That is still well below the INR 5.8 per kWh that a new coal plant would need, and the power arrives when state utilities need it most.',
      ],
      [
        'ul',
        [
          'Battery pack prices have fallen by about a third in a year, which is what made these tariffs possible.',
          "Norvane's contracts run for 25 years with state utilities and a central counterparty, which reduces payment risk.",
          'Its equity return on storage projects is about 14%, against 12% on plain solar.',
        ],
      ],
      ['h2', 'The price'],
      [
        'p',
        "The catch is the balance sheet. Storage projects need almost twice the capital per megawatt of contracted capacity, and Norvane's net debt to EBITDA is rising towards 6 times. The company plans to sell minority stakes in operating assets to fund the build-out, which we think is the right answer but will dilute returns.",
      ],
      [
        'quote',
        'India has solved cheap power. The next problem is power at seven in the evening, and it is being solved with batteries.',
      ],
      [
        'p',
        'We see Norvane as the best-placed Indian developer for this shift, and the stake sales are the catalyst to watch in the coming two quarters.',
      ],
    ],
  },
  {
    blog: 'energy',
    title: "Japan's LNG buyers are signing long-term contracts again",
    daysAgo: 54,
    research: { tickers: ['9541 JP', 'CHYA IJ'], sectorId: 10000124, count: 2 },
    chart: {
      name: 'lng-long-term-contracts',
      title: 'Long-term LNG contracts signed by Asian buyers (Mtpa)',
      alt: 'Bar chart of long-term LNG contracts signed by Asian buyers, in million tonnes a year: {Y-5} 12, {Y-4} 19, {Y-3} 31, {Y-2} 38 and {Y-1} 42.',
      unit: 'Mtpa',
      kind: 'bar',
      points: [
        ['{Y-5}', 12],
        ['{Y-4}', 19],
        ['{Y-3}', 31],
        ['{Y-2}', 38],
        ['{Y-1}', 42],
      ],
    },
    blocks: [
      [
        'p',
        'After a decade of buying more and more LNG on the spot market, Japanese utilities and gas companies have returned to long-term contracts. The 2022 price spike, when spot LNG in Asia briefly cost more than US$60 per million British thermal units, taught them what flexibility costs when supply is short.',
      ],
      ['chart'],
      ['h2', 'What the buyers are doing'],
      [
        'p',
        'Asian buyers signed 42 million tonnes a year of new long-term contracts last year, more than three times the volume of {Y-5}. **Kaiyo Gas (9541 JP)** is typical: it has signed two 15-year contracts, one with a US Gulf Coast project and one with **Cahaya Energi (CHYA IJ)** in Indonesia, which will take its share of long-term supply from about 70% to over 85% by 2027.',
      ],
      ['h2', 'Why it matters for the companies'],
      [
        'ul',
        [
          'For Kaiyo Gas, more contracted supply means less earnings volatility: its profits swung by more than JPY 30 billion in 2022 as spot costs outran regulated tariffs.',
          'For Cahaya Energi, a Japanese offtake contract priced against oil gives a predictable cash flow that supports the financing of its new gas fields.',
          "For both, the contracts lock in a role for gas into the 2040s, whatever the pace of Japan's nuclear restarts.",
        ],
      ],
      [
        'quote',
        'A long-term LNG contract is insurance. Japan paid for not having enough of it in 2022 and does not intend to pay again.',
      ],
      [
        'p',
        'The risk for buyers is that a wave of new US and Qatari supply arrives in 2026 and 2027 and pushes spot prices well below contract prices. We think that risk is real but manageable: most new contracts include price reviews after five years.',
      ],
    ],
  },
  {
    blog: 'energy',
    title: "China's grid spending is the transition trade investors overlook",
    daysAgo: 47,
    research: { tickers: ['601836 CH'], count: 1 },
    chart: {
      name: 'china-grid-investment',
      title: 'China grid investment (RMB billion)',
      alt: "Bar chart of China's grid investment in billions of renminbi: {Y-5} 490, {Y-4} 495, {Y-3} 501, {Y-2} 527 and {Y-1} 605.",
      unit: 'RMB bn',
      kind: 'bar',
      points: [
        ['{Y-5}', 490],
        ['{Y-4}', 495],
        ['{Y-3}', 501],
        ['{Y-2}', 527],
        ['{Y-1}', 605],
      ],
    },
    blocks: [
      [
        'p',
        'China added more solar capacity last year than the United States has installed in its history. The problem is no longer building power plants; it is moving their power to where it is used. Grid investment rose to about RMB 605 billion last year, up 15%, and we expect double-digit growth to continue for at least three years.',
      ],
      ['chart'],
      ['h2', 'Why the grid is the bottleneck'],
      [
        'p',
        'The best wind and solar resources are in the north and west; the demand is on the east coast. Ultra-high-voltage lines connect the two, but each takes three to four years to build, and construction fell behind the renewable boom. The result is curtailment: in some northern provinces, more than a tenth of wind and solar output was wasted last year.',
      ],
      ['h2', 'Who benefits'],
      [
        'ul',
        [
          'Transformer, switchgear and cable makers, whose order books have doubled in two years.',
          'Generators with capacity in constrained provinces, such as **Tianquay Power (601836 CH)**, whose curtailment falls as new lines open.',
          'Storage suppliers, as grid companies now require new solar farms to add batteries.',
        ],
      ],
      [
        'p',
        'Investors tend to look for the transition in the share prices of solar and battery makers, where overcapacity has crushed margins. The grid is a better business: its spending is set by state plans, its suppliers face less competition, and its returns are regulated rather than fought over. We expect grid-equipment orders to stay strong even if new solar installations slow next year.',
      ],
      [
        'p',
        'For Tianquay, every percentage point less curtailment adds about RMB 250 million to annual profit, roughly 3% of our earnings forecast. That is the most direct way we know to own the grid build-out through a power generator.',
      ],
      ['quote', 'The energy transition in China is now a transmission story. Generation was the easy part.'],
    ],
  },
  {
    blog: 'energy',
    title: "Vietnam's power plan: hydropower's bad year and what follows",
    daysAgo: 40,
    blocks: [
      [
        'p',
        "Last year's drought left Vietnam's northern reservoirs at their lowest levels in decades and forced rolling power cuts in industrial parks around Hanoi. The episode exposed how much the country depends on hydropower and how quickly its factory boom has outgrown its grid. The government's answer, Power Development Plan 8, is now being put into practice.",
      ],
      ['h2', 'What the plan says'],
      [
        'ul',
        [
          'Installed capacity roughly doubles to about 150 gigawatts by 2030.',
          'Offshore wind reaches 6 gigawatts by 2030, from nothing today.',
          'No new coal plants after those already under construction; LNG-fired power fills the gap.',
          'Direct power purchase agreements let factories buy renewable power from developers.',
        ],
      ],
      ['h2', 'What it means for Truong Son Power'],
      [
        'p',
        '**Truong Son Power (TSP VN)** owns hydropower and onshore wind plants and sells to the state utility under feed-in tariffs. Its earnings fell by about a third in the drought year, as its hydro output dropped by 40%. This year, with reservoirs refilled, we expect output to recover close to the ten-year average and profit to rise by more than 50%, to about VND 1,400 billion.',
      ],
      [
        'p',
        "The bigger opportunity is the direct purchase mechanism. Electronics exporters in the north want certified renewable power to meet their customers' emissions targets, and Truong Son's wind projects are close to the industrial parks that need it.",
      ],
      ['quote', "Vietnam's factories have outrun its grid. The power plan is the attempt to catch up."],
      [
        'p',
        "The risk is execution: Vietnam's approval process for new projects remains slow, and several wind farms waited more than two years for a tariff. We will watch the first direct agreements closely.",
      ],
    ],
  },
  {
    blog: 'energy',
    title: "Korea's refiners and the hydrogen option",
    daysAgo: 33,
    blocks: [
      [
        'p',
        'Korean refiners have had two very good years: margins on diesel and jet fuel stayed high as Russian exports were rerouted and new refineries elsewhere started late. Now that margins are normalising, investors are asking what the refiners will do with the cash. **Daebong Energy (096310 KS)** has given the clearest answer: it is building a hydrogen business next to its refinery.',
      ],
      ['h2', 'The plan'],
      [
        'p',
        "Daebong will invest about KRW 3 trillion by 2030 in blue hydrogen, made from natural gas with the carbon captured and stored, and in an offshore wind joint venture off Ulsan. The hydrogen is meant for Korea's power plants, which are required to co-fire a rising share of clean fuels from 2027.",
      ],
      ['h2', 'Why we are cautious'],
      [
        'ul',
        [
          'Blue hydrogen costs about US$3 per kilogram today, two to three times the price at which power generators can use it without subsidies.',
          "Korea's clean hydrogen auctions have so far awarded less volume than planned.",
          'Carbon storage sites in Korean waters are still at the survey stage.',
        ],
      ],
      [
        'p',
        "None of this means the plan will fail, but the returns depend on government policy more than on Daebong's execution. We would rather see the refiner keep its dividend, currently about 5%, than spend the cash too quickly on projects whose economics are not yet proven.",
      ],
      [
        'quote',
        'The refiners have the cash, the engineers and the sites. What they do not yet have is a customer who will pay for clean hydrogen without a subsidy.',
      ],
      [
        'p',
        'We will revisit the view after the next clean hydrogen auction results, expected in the fourth quarter.',
      ],
    ],
  },
  {
    blog: 'energy',
    title: 'Curtailment: the number that decides renewable returns in China',
    daysAgo: 19,
    research: { tickers: ['601836 CH'], count: 2 },
    chart: {
      name: 'china-curtailment',
      title: 'Wind and solar curtailment in northern China (% of output)',
      alt: 'Line chart of wind and solar curtailment in northern China over six quarters: 5.1, 6.8, 8.2, 10.4, 9.1 and 7.6 per cent of output.',
      unit: '%',
      kind: 'line',
      points: [
        ['Q1 {Y-1}', 5.1],
        ['Q2 {Y-1}', 6.8],
        ['Q3 {Y-1}', 8.2],
        ['Q4 {Y-1}', 10.4],
        ['Q1 {Y}', 9.1],
        ['Q2 {Y}', 7.6],
      ],
    },
    blocks: [
      [
        'p',
        'Investors in Chinese renewable generators usually look at capacity growth and tariffs. The number that has moved returns most over the past year is a different one: curtailment, the share of wind and solar output that the grid cannot take. In northern China it rose from 5.1% to 10.4% in a year before falling back to 7.6% last quarter.',
      ],
      ['chart'],
      ['h2', 'Why it peaked'],
      [
        'p',
        'Two new ultra-high-voltage lines from Inner Mongolia and Gansu opened in the spring, adding about 16 gigawatts of transmission capacity. At the same time, provincial grids began to pay for flexible coal plants and batteries that absorb midday solar output. Both effects should continue: four more lines are scheduled to open in the next eighteen months.',
      ],
      ['h2', 'What it does to returns'],
      [
        'p',
        'For a typical solar farm in the north, each percentage point of curtailment cuts the equity return by roughly 0.3 points. At 10% curtailment, many new projects earned less than their cost of capital; at 5%, they earn about 8%, which is acceptable for a state-backed generator.',
      ],
      [
        'ul',
        [
          '**Tianquay Power (601836 CH)**: about 40% of its wind and solar capacity is in the affected provinces. Falling curtailment is the main reason we expect its renewable profits to grow by more than 20% next year.',
          'Developers concentrated in the east coast provinces are less exposed but also gain less.',
        ],
      ],
      [
        'p',
        'We will update these figures every quarter. The national energy regulator publishes provincial curtailment rates about six weeks after each quarter ends, and we compare them with the commissioning dates of new transmission lines to check that the improvement is structural rather than a good season for demand.',
      ],
      [
        'quote',
        'A solar farm that cannot sell its power is just an expensive field. Transmission is what turns it back into an asset.',
      ],
    ],
  },
  {
    blog: 'energy',
    title: "Indonesia's geothermal: slow, expensive and worth it",
    daysAgo: 6,
    blocks: [
      [
        'p',
        "Indonesia sits on about 40% of the world's geothermal resources and uses less than a tenth of them. The reasons are well known: exploration is risky, drilling is expensive, and for years the tariffs paid by the state utility did not cover the risk. A new tariff regulation has changed that, and **Cahaya Energi (CHYA IJ)** is the company best placed to benefit.",
      ],
      ['h2', 'What changed'],
      [
        'p',
        'The new ceiling tariffs for geothermal power range from about US 9.8 to 13 cents per kWh for the first ten years, depending on plant size and location, and the government now shares part of the exploration risk through a drilling fund. For the first time, a mid-sized geothermal project in Sumatra or Sulawesi can earn a double-digit equity return in US dollars.',
      ],
      ['h2', 'Why it is worth the wait'],
      [
        'ul',
        [
          'Geothermal runs around the clock, with capacity factors above 90%, which no other renewable in Indonesia can match.',
          'Once built, a plant runs for 30 years or more with low operating costs and no fuel price risk.',
          'It helps Indonesia replace coal in the grids outside Java, where gas is scarce.',
        ],
      ],
      [
        'p',
        'Cahaya Energi plans to add about 300 megawatts of geothermal capacity by 2030, at a cost of roughly US$1.5 billion. Its gas business, with new LNG contracts to Japan, provides the cash flow to fund it. We think the market values the geothermal assets at little more than their book value, which leaves room for a rerating as the first new plants come online.',
      ],
      [
        'quote',
        'Geothermal is the slowest way to build renewable power in Indonesia, and the only one that works at night without a battery.',
      ],
    ],
  },

  // ---------------------------------------------------------------- Morning Market Brief (pre)
  {
    blog: 'brief',
    title: 'Memory prices lift Seoul; Taiwan waits for the foundry numbers',
    daysAgo: 64,
    research: { tickers: ['019260 KS', '6231 TT'], count: 2 },
    chart: {
      name: 'dram-contract-prices',
      title: 'DRAM contract price change, month on month (%)',
      alt: 'Bar chart of monthly DRAM contract price changes over five months: 3, 5, 8, 12 and 10 per cent.',
      unit: '%',
      kind: 'bar',
      points: [
        ['Feb', 3],
        ['Mar', 5],
        ['Apr', 8],
        ['May', 12],
        ['Jun', 10],
      ],
    },
    blocks: [
      [
        'p',
        'Korean technology shares led the region higher yesterday after a trade survey showed DRAM contract prices rising 10% in June, the fifth monthly increase in a row. The KOSPI closed 1.4% higher, with **Hwaseon Semiconductor (019260 KS)** up 4.2% to a two-year high.',
      ],
      ['chart'],
      ['h2', 'What is driving memory'],
      [
        'p',
        'Memory makers cut production hard last year and are now allocating more of their capacity to high-bandwidth memory for AI servers. That leaves less for standard DRAM used in phones and PCs, just as those markets stabilise. Inventory at the memory makers has fallen from about 20 weeks to under 10.',
      ],
      ['h2', 'Taiwan: waiting for the foundry'],
      [
        'p',
        "Taiwan's market was flat ahead of monthly sales figures from the foundries and packaging houses due this week. **Sorvik Semiconductor (6231 TT)** has guided to second-quarter revenue growth of 8% to 10%, quarter on quarter, driven by advanced packaging for AI accelerators. A figure at the top of that range would confirm that the AI build-out is still accelerating.",
      ],
      ['h3', 'On our radar today'],
      [
        'ul',
        [
          "Korea's June export data, with semiconductors expected up more than 40% year on year.",
          "Japan's machinery orders, a guide to equipment demand.",
          'Any comment from the memory makers on capacity additions for the second half.',
        ],
      ],
      [
        'p',
        "Elsewhere in the region, Japan's equipment makers followed Seoul higher, while Hong Kong lagged on weak mainland property data. Foreign investors bought a net US$620 million of Korean equities, the largest daily inflow in a month, almost all of it in technology.",
      ],
      [
        'p',
        'Our view is unchanged: the memory upcycle has further to run as long as the makers keep their new capacity for high-bandwidth memory. The first sign of trouble would be a rise in standard DRAM inventory at PC makers, which we check every month.',
      ],
    ],
  },
  {
    blog: 'brief',
    title: "Singapore's visitors are back, and they are spending more",
    daysAgo: 57,
    research: { tickers: ['SRLR SP'], sectorId: 10000123, count: 2 },
    chart: {
      name: 'singapore-visitor-arrivals',
      title: 'Singapore visitor arrivals (million, first five months)',
      alt: 'Bar chart of Singapore visitor arrivals in the first five months of each year, in millions: 2019 7.9, {Y-2} 5.6, {Y-1} 6.3 and {Y} 7.0.',
      unit: 'm',
      kind: 'bar',
      points: [
        ['2019', 7.9],
        ['{Y-2}', 5.6],
        ['{Y-1}', 6.3],
        ['{Y}', 7.0],
      ],
    },
    blocks: [
      [
        'p',
        'Singapore received 7.0 million visitors in the first five months of the year, close to 90% of the same period in 2019. The recovery is now led by travellers from China and India, and the latest figures suggest they are spending more per trip than before the pandemic.',
      ],
      ['chart'],
      ['h2', 'Why it matters for leisure stocks'],
      [
        'p',
        '**Sentosa Ridge Leisure (SRLR SP)** reported hotel occupancy of 86% in the last quarter and average room rates 18% above 2019 levels. Its attractions on Sentosa Island had their busiest month on record during the school holidays in May. The mutual visa exemption between Singapore and China, in place since February, is doing what it was meant to do.',
      ],
      [
        'ul',
        [
          'Visitors from China: up 2.5 times year on year, still 25% below 2019.',
          'Visitors from India: above 2019 levels for the third month in a row.',
          'Spending per visitor: up about 12% on 2019, led by hotels and entertainment.',
        ],
      ],
      ['h3', 'What to watch'],
      [
        'p',
        'The concert and event calendar has done much of the work this year. The question for the second half is whether visitor numbers hold up without the large events of the first quarter. Early hotel bookings for the Formula One weekend in September are ahead of last year, which is encouraging.',
      ],
      [
        'p',
        "Retail landlords and airport concessions benefit too, though less directly. Changi's passenger traffic is now above its pre-pandemic level, and Orchard Road's tenant sales rose about 6% year on year in the latest quarter, helped by visitors who spend more on luxury goods than residents do.",
      ],
      [
        'p',
        'We see Sentosa Ridge as the most direct listed way to own the recovery, and its balance sheet has room to fund the planned expansion of its Bintan resorts.',
      ],
    ],
  },
  {
    blog: 'brief',
    title: 'Indian banks: deposits, not demand, set the pace of growth',
    daysAgo: 50,
    blocks: [
      [
        'p',
        "The Reserve Bank of India's latest data show bank credit growing 16% year on year and deposits only 12%. The gap has persisted for more than a year, and it is now the single most important constraint on Indian bank earnings. Loan demand is not the problem; funding it is.",
      ],
      ['h2', 'Why deposits lag'],
      [
        'p',
        'Indian households are moving savings from bank deposits into mutual funds and equities. Monthly inflows into systematic investment plans now exceed INR 200 billion. Banks are responding by raising deposit rates, which squeezes margins, or by slowing loan growth, which squeezes earnings growth.',
      ],
      ['h2', 'Winners and losers'],
      [
        'ul',
        [
          '**Suriya Vale Bank (SVBK IN)**: a granular retail deposit base in southern India and a branch network that doubled in five years give it one of the lowest funding costs among the private banks.',
          '**Parvani Finance (PARVFIN IN)**: as a non-bank lender it depends on bank and bond funding, and its borrowing costs have risen about 60 basis points in a year.',
          'State-owned banks: large deposit bases but slower to lend, and gaining back some share.',
        ],
      ],
      [
        'p',
        'The regulator has also raised risk weights on unsecured consumer loans and on bank lending to non-bank finance companies. That hits the fastest-growing parts of the market and favours banks that fund themselves with deposits.',
      ],
      ['h3', 'Our view'],
      [
        'p',
        'We expect sector loan growth to slow to about 13% next year, closer to deposit growth. Banks with strong retail deposit franchises will keep their margins; those that relied on wholesale funding will see earnings growth slow first.',
      ],
    ],
  },
  {
    blog: 'brief',
    title: "China's EV price war enters its third round",
    daysAgo: 43,
    research: { tickers: ['601365 CH', '300861 CH'], count: 2 },
    blocks: [
      [
        'p',
        'Another Chinese carmaker cut prices on its best-selling electric models this week, by up to RMB 20,000 a car. It is the third round of cuts in eighteen months. **Shenlu Motor (601365 CH)** fell 3.8% on the news, while its battery supplier **Xiantao Battery (300861 CH)** was down 2.1%.',
      ],
      ['h2', 'Why the cuts keep coming'],
      [
        'p',
        "China's carmakers have capacity to build about 40 million vehicles a year for a domestic market of about 26 million. Electric vehicles now make up more than half of new car sales, so the fight for share has moved from petrol cars to EVs. Price is the easiest weapon, and lower battery costs make it affordable for the leaders.",
      ],
      ['h2', 'Who can afford it'],
      [
        'ul',
        [
          "Battery cells now cost about RMB 0.4 per watt-hour, about half of what they cost two years ago, which cushions the carmakers' margins.",
          "Shenlu's gross margin fell from 19% to 16% over the last two rounds; we expect another point of decline this year.",
          'Smaller makers with gross margins below 10% will struggle to follow, and consolidation is likely.',
        ],
      ],
      ['h3', 'The export valve'],
      [
        'p',
        'Exports are how Chinese carmakers escape the domestic price war. Shenlu now sells about a fifth of its cars abroad, mainly in Southeast Asia, the Middle East and Latin America, at higher prices than at home. European and US tariffs limit the most profitable markets, but emerging markets are absorbing more each quarter.',
      ],
      [
        'p',
        "We prefer the battery makers to the carmakers: Xiantao's volumes keep growing whichever brand wins, and its cost lead is widening.",
      ],
    ],
  },
  {
    blog: 'brief',
    title: "Japan's drugstores: inbound sales are back above 2019",
    daysAgo: 29,
    research: { tickers: ['3172 JP', '4938 JP'], sectorId: 10000123, count: 2 },
    chart: {
      name: 'aoshiro-duty-free-sales',
      title: 'Aoshiro Retail duty-free sales (JPY billion, fiscal year)',
      alt: "Bar chart of Aoshiro Retail's duty-free sales in billions of yen: FY2019 48, FY{Y-3} 19, FY{Y-2} 41 and FY{Y-1} 56.",
      unit: 'JPY bn',
      kind: 'bar',
      points: [
        ['FY2019', 48],
        ['FY{Y-3}', 19],
        ['FY{Y-2}', 41],
        ['FY{Y-1}', 56],
      ],
    },
    blocks: [
      [
        'p',
        'The weak yen has made Japan the cheapest it has been for foreign shoppers in decades, and the drugstores near stations and tourist districts are the first to feel it. **Aoshiro Retail (3172 JP)** reported duty-free sales of JPY 56 billion for the fiscal year, 17% above its 2019 level and almost three times what it sold three years ago.',
      ],
      ['chart'],
      ['h2', 'Who is buying'],
      [
        'p',
        'Visitors from South Korea, Taiwan and Southeast Asia now make up most of the duty-free customers; mainland Chinese visitors are still about a third below 2019 numbers. The basket has changed too: skincare, sunscreen and over-the-counter medicines have replaced the electronics and baby formula that filled suitcases before the pandemic.',
      ],
      [
        'ul',
        [
          'Average duty-free spending per receipt: about JPY 14,000, up 9% on 2019.',
          "Duty-free share of Aoshiro's sales: 7%, against 6% in 2019.",
          'Brands such as **Tamaki Brands (4938 JP)** gain as their skincare lines are among the most requested products.',
        ],
      ],
      ['h3', 'The yen risk'],
      [
        'p',
        "A stronger yen would reduce the price advantage, and the Bank of Japan's rate increases make that a real possibility. Our analysis suggests that a move from 155 to 140 yen per dollar would reduce duty-free sales growth by about a third, but would not reverse it: the visitors are coming for the travel, and the shopping follows.",
      ],
      [
        'p',
        'The company is also adapting its stores: it has added multilingual staff at its 120 busiest locations, extended opening hours near stations and installed self-service duty-free counters that cut the time needed to process a tax-free sale from about five minutes to under one.',
      ],
      [
        'p',
        "Aoshiro's domestic business is also improving as wage growth lifts household spending, which gives the stock two sources of earnings growth rather than one.",
      ],
    ],
  },
  {
    blog: 'brief',
    title: "Nickel: Indonesia's output keeps prices pinned down",
    daysAgo: 15,
    blocks: [
      [
        'p',
        "Nickel prices on the London Metal Exchange have fallen to about US$16,500 a tonne, less than half their level two years ago. The reason is Indonesia: the country now produces more than half of the world's mined nickel, and its output keeps growing faster than demand from stainless steel and batteries.",
      ],
      ['h2', 'How Indonesia took over'],
      [
        'p',
        'The ban on exports of nickel ore in 2020 forced miners to process their ore at home. Chinese investment built dozens of smelters in Sulawesi and the Moluccas, first for nickel pig iron used in stainless steel, and then for the high-pressure acid leaching plants that make battery-grade nickel. Production costs in these plants are among the lowest in the world.',
      ],
      ['h2', 'What it means for producers'],
      [
        'ul',
        [
          '**Pelita Nikel Resources (PNKL IJ)** has some of the lowest cash costs in the industry, about US$11,000 a tonne, and still earns a margin at current prices.',
          'High-cost producers in Australia and New Caledonia have closed or suspended mines; more closures are likely.',
          'The government has slowed the approval of new mining quotas, which may limit ore supply next year.',
        ],
      ],
      ['h3', 'Our view'],
      [
        'p',
        'We do not expect a quick recovery in nickel prices, but we think the low is close. Mine closures outside Indonesia and tighter ore quotas inside it should keep prices between US$16,000 and US$19,000 a tonne next year. In that range, the lowest-cost Indonesian producers continue to generate cash while their competitors do not.',
      ],
      [
        'p',
        'The risk is a slower shift to nickel-rich batteries, as Chinese carmakers prefer cheaper lithium iron phosphate cells for most models.',
      ],
    ],
  },
  {
    blog: 'brief',
    title: 'Telecom towers: the quiet compounder in Indonesia',
    daysAgo: 4,
    blocks: [
      [
        'p',
        "While markets debate interest rates and elections, Indonesia's tower companies keep doing what they have done for a decade: adding tenants to existing towers and raising cash flow faster than revenue. **Nusantara Towers (NSTW IJ)** reported first-half EBITDA up 8% with a margin of 86%, and its shares yield about 4%.",
      ],
      ['h2', 'Why towers compound'],
      [
        'p',
        "A tower costs money once. Every additional operator that puts its antennas on it pays rent at almost no extra cost to the owner. Nusantara's tenancy ratio, the average number of tenants per tower, has risen from 1.6 to 1.9 in five years, and each increase of 0.1 adds about Rp 350 billion of annual EBITDA.",
      ],
      ['h2', 'What comes next'],
      [
        'ul',
        [
          "**5G roll-out**: Indonesia's operators have barely started. Denser networks need more sites, especially in cities.",
          "**Fibre to the tower**: Nusantara's fibre network now connects about 40% of its towers, a second source of recurring revenue.",
          '**Consolidation among operators**: a risk, because merged operators remove duplicate antennas, but most contracts include penalties for early termination.',
        ],
      ],
      [
        'p',
        'Its contracts are long, with an average remaining life of seven years, and most rent is paid in rupiah but indexed to inflation. That makes Nusantara one of the few Indonesian stocks whose earnings do not depend on commodity prices or consumer demand.',
      ],
      ['h3', 'The question of leverage'],
      [
        'p',
        'Net debt is about 3.8 times EBITDA, high for an Indonesian company but typical for a tower owner. Falling rates help: about a third of its debt is floating, and each 100 basis points less saves it roughly Rp 200 billion a year.',
      ],
    ],
  },
  {
    blog: 'brief',
    title: "Korea's shipbuilders: order books now reach 2028",
    daysAgo: null,
    blocks: [
      [
        'p',
        'Korean shipbuilders have enough orders to keep their yards full until 2028, the longest visibility in fifteen years. **Koryo Shipbuilding (042690 KS)** rose 2.6% yesterday after winning a US$1.1 billion order for four large LNG carriers, at a price of about US$260 million per ship.',
      ],
      ['h2', 'Why prices keep rising'],
      [
        'p',
        'After a decade of closures, global shipbuilding capacity is about 30% below its 2011 peak. At the same time, shipowners need to replace ageing fleets with vessels that can run on LNG, methanol or ammonia to meet tighter emission rules. With yards full, the builders can choose their orders, and newbuild prices are close to their 2008 record.',
      ],
      ['h2', 'What it means for margins'],
      [
        'ul',
        [
          'Ships ordered in 2021 and 2022 at lower prices are now mostly delivered; the more profitable orders of 2023 and 2024 are next.',
          'Steel plate prices, the largest material cost, have eased about 10% from their peak.',
          'Labour is the constraint: Korean yards are hiring foreign workers to fill gaps.',
        ],
      ],
      [
        'p',
        'Container ships, which made up most orders two years ago, have slowed sharply as freight rates normalised. LNG carriers, tankers and car carriers have taken their place, and these are the vessels on which Korean yards earn the highest margins. Chinese yards win more of the simpler bulk carriers and small container ships.',
      ],
      [
        'p',
        "Koryo's order backlog now stands at about US$38 billion, roughly 3.5 years of revenue. Around 60% of it is LNG carriers, and more than a third of the backlog was signed at prices above US$250 million per carrier, compared with under US$200 million for the ships it is delivering this year.",
      ],
      [
        'p',
        "We expect Koryo's operating margin to rise from about 4% last year to 8% to 9% within two years as the newer orders flow through. The risk is a sharp drop in LNG carrier demand if new liquefaction projects are delayed.",
      ],
    ],
  },
];
