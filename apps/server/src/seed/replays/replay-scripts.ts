/**
 * The demo's webinar replays (issue 25): what is shown and said in each. Three are the recordings of the past
 * CONNECT events of the demo (connect-content.ts), one per campaign; the fourth is the analysts' briefing on the
 * Asia Semiconductor Yearbook (viewer.ts), which belongs to no event. make-replay.ts turns a script into an MP4
 * (a slide per entry, spoken by espeak-ng) and a transcript whose lines are the spoken lines, so the text always
 * matches what is heard.
 *
 * The words stay with the catalogue: speakers are the events' speakers with the names and titles of
 * catalogue-data.ts, each speaks on what they cover, and the only figures quoted are the yearbook's estimates
 * (viewer.ts). Spoken lines avoid symbols espeak-ng reads oddly (no "$", "%", "&" or dashes used as punctuation).
 */

export interface ReplaySpeaker {
  /** as the catalogue spells it, 'First Last' */
  name: string;
  /** shown under the name on the slides */
  role: string;
  /** the catalogue analyst, or null for a guest */
  analystId: number | null;
  /** espeak-ng voice and variant (`en-gb+f3`) */
  voice: string;
}

export interface ReplaySlide {
  heading: string;
  /** 2 to 4 short lines shown on the slide */
  bullets: string[];
  /** who speaks while the slide is shown: a `name` of the script's speakers */
  speaker: string;
  /** full sentences, spoken in order; each is one transcript entry */
  lines: string[];
}

export interface ReplayScript {
  /** stable and unique, [a-z0-9-] */
  slug: string;
  title: string;
  /** 2 or 3 sentences */
  description: string;
  /** the CONNECT event this is the recording of (connect-content.ts), or null */
  eventSlug: string | null;
  /** the catalogue analysts who speak, in order of appearance */
  analystIds: number[];
  /** catalogue sector names (catalogue-data.ts `sectors[].name`) */
  sectors: string[];
  speakers: ReplaySpeaker[];
  slides: ReplaySlide[];
}

const saito: ReplaySpeaker = {
  name: 'Tomoko Saito',
  role: 'Analyst, Asia Industrials',
  analystId: 200114,
  voice: 'en-gb+f3',
};
const mizuno: ReplaySpeaker = {
  name: 'Hana Mizuno',
  role: 'Analyst, Japan Technology Hardware',
  analystId: 200104,
  voice: 'en-gb+f2',
};
const endo: ReplaySpeaker = {
  name: 'Kazuo Endo',
  role: 'Former Head of Stewardship, a Japanese public pension fund',
  analystId: null,
  voice: 'en-gb+m2',
};
const chen: ReplaySpeaker = {
  name: 'Mei Chen',
  role: 'Analyst, Greater China and India Autos',
  analystId: 200113,
  voice: 'en-gb+f4',
};
const whitfield: ReplaySpeaker = {
  name: 'Eleanor Whitfield',
  role: 'Global Energy Strategist',
  analystId: 200116,
  voice: 'en-us+f3',
};
const okaforTan: ReplaySpeaker = {
  name: 'Daniel Okafor-Tan',
  role: 'Chief Asia Strategist',
  analystId: 200102,
  voice: 'en-gb+m3',
};
const rao: ReplaySpeaker = {
  name: 'Vikram Rao',
  role: 'Economist, South Asia',
  analystId: 200118,
  voice: 'en-gb+m7',
};
const hsieh: ReplaySpeaker = {
  name: 'Wei-Lun Hsieh',
  role: 'Senior Analyst, Greater China Semiconductors',
  analystId: 200103,
  voice: 'en-gb+m1',
};
const park: ReplaySpeaker = {
  name: 'Ji-ho Park',
  role: 'Analyst, Korea Memory and Display',
  analystId: 200105,
  voice: 'en-gb+m6',
};

const governance: ReplayScript = {
  slug: 'japan-governance-breakfast-replay',
  title: 'Japan Corporate Governance Breakfast: who delivered on their capital plans',
  description:
    'Tomoko Saito and Hana Mizuno review how Japanese industrial and technology hardware companies have answered the exchange’s call to manage for the cost of capital, and which have only published a plan. Kazuo Endo, former head of stewardship at a Japanese public pension fund, explains what engagement looks like from the asset owner’s side and what to expect at the next annual general meetings.',
  eventSlug: 'apif-tokyo-governance',
  analystIds: [200114, 200104],
  sectors: ['Industrials & Infrastructure', 'Technology & Semiconductors'],
  speakers: [saito, mizuno, endo],
  slides: [
    {
      heading: 'Japan Corporate Governance Breakfast',
      bullets: [
        'Asia Pacific Investor Forum, Tokyo',
        'Tomoko Saito, Asia Industrials',
        'Hana Mizuno, Japan Technology Hardware',
        'Guest: Kazuo Endo, former Head of Stewardship',
      ],
      speaker: saito.name,
      lines: [
        'Good morning, and welcome to this Harbourline Research breakfast on Japanese corporate governance.',
        'I am Tomoko Saito, and I cover Asian industrials, from Japanese machinery and factory automation to shipping and logistics.',
        'With me are my colleague Hana Mizuno, who covers Japanese technology hardware, and our guest Kazuo Endo, the former head of stewardship at a Japanese public pension fund.',
        'We will look at what has changed in Japanese boardrooms, which companies have delivered on their capital plans, and what we expect from the next round of annual general meetings.',
      ],
    },
    {
      heading: 'What has changed in the boardroom',
      bullets: [
        'Boards asked to manage for the cost of capital',
        'Companies below book value must publish a plan',
        'Cross-shareholdings are being sold down',
        'Buybacks have become routine',
      ],
      speaker: saito.name,
      lines: [
        'The starting point is the exchange’s request that listed companies manage with their cost of capital and their share price in mind.',
        'Companies trading below book value were asked to explain why, and to publish a plan to fix it.',
        'At the same time, banks, insurers and business partners have been selling the cross-shareholdings that used to protect management from outside shareholders.',
        'As a result, buybacks, once the exception in Japan, are now a routine part of how boards talk to investors.',
      ],
    },
    {
      heading: 'Industrials: delivered, or only published?',
      bullets: [
        'Delivered: dated targets, assets sold, cash returned',
        'Published only: new vocabulary, same balance sheet',
        'The simplest test: is net cash still growing?',
      ],
      speaker: saito.name,
      lines: [
        'In our industrials coverage, the plans fall into two groups.',
        'The companies that delivered set a return on equity target with a date, sold non-core assets and cross-holdings, and handed the cash back through buybacks and higher dividends.',
        'The others published a plan with all the right words, but their balance sheets look the same as they did before the exchange asked.',
        'The simplest test is the net cash line: if it keeps growing while the shares sit below book value, the plan has not started.',
      ],
    },
    {
      heading: 'Technology hardware: capital plans in a cyclical industry',
      bullets: [
        'Equipment makers: payouts up, research spending kept',
        'Component makers: the most idle cash',
        'What we want: a payout policy set through the cycle',
      ],
      speaker: mizuno.name,
      lines: [
        'Thank you, Tomoko. I am Hana Mizuno, and I cover Japanese technology hardware, from semiconductor equipment to electronic components.',
        'The semiconductor equipment makers were already among the better performers on returns, and most have raised their payouts while keeping their research and capital spending.',
        'The electronic component makers are where the idle cash sits, and where plans have been slowest to turn into buybacks.',
        'In a cyclical industry, we want a payout policy set through the cycle, so that shareholders are not the first cost to be cut in a downturn.',
      ],
    },
    {
      heading: 'Engagement from the asset owner’s side',
      bullets: [
        'Stewardship is now part of the mandate',
        'Votes against the top executive when returns stay low',
        'Dialogue months before the meeting, not after it',
      ],
      speaker: endo.name,
      lines: [
        'Thank you. I am Kazuo Endo, and until recently I ran stewardship at a Japanese public pension fund.',
        'For an asset owner, engagement is no longer a courtesy: we ask our managers to show what they discussed with each company and what changed as a result.',
        'The most effective tool has been the vote on the top executive, when returns on equity stay low for several years and there is no credible plan.',
        'The best conversations now happen months before the meeting, while a board can still change its proposals.',
      ],
    },
    {
      heading: 'What to expect at the next annual general meetings',
      bullets: [
        'More shareholder proposals on capital policy',
        'More votes against directors of companies below book',
        'Independent directors under closer scrutiny',
      ],
      speaker: endo.name,
      lines: [
        'At the next round of annual general meetings, I expect more shareholder proposals on capital policy and on the remaining cross-shareholdings.',
        'I also expect more votes against the directors of companies that trade below book value and have not explained why.',
        'And investors will look harder at independent directors, asking whether they have actually challenged management.',
      ],
    },
    {
      heading: 'Our view, and what would change it',
      bullets: [
        'We prefer dated targets and a record of delivery',
        'Risk: a slowdown in orders used as a reason to pause',
        'A softer stance from the exchange would change our view',
      ],
      speaker: saito.name,
      lines: [
        'To sum up our view: we prefer companies that set dated targets and have already delivered, over those that have only published a plan.',
        'The main risk is that a slowdown in orders gives boards a reason to pause buybacks and hold on to cash again.',
        'What would change our view is a softer stance from the exchange, or friendly shareholders buying the stakes that banks and insurers are selling.',
        'Thank you for joining us. Our latest notes on these companies are on the portal, and your Harbourline contact can arrange a follow-up call with any of us.',
      ],
    },
  ],
};

const solar: ReplayScript = {
  slug: 'solar-oversupply-roundtable-replay',
  title: 'Solar Module Oversupply: How Long Does It Last?',
  description:
    'Module prices have fallen below the cash cost of all but the leanest producers. Eleanor Whitfield and Mei Chen look at capacity exits, inventory in the channel and the policy response, and at what cheaper modules mean for installations, developers and power utilities across Asia.',
  eventSlug: 'etr-shanghai-solar',
  analystIds: [200116, 200113],
  sectors: ['Energy & Utilities'],
  speakers: [whitfield, chen],
  slides: [
    {
      heading: 'Solar Module Oversupply: How Long Does It Last?',
      bullets: [
        'Energy Transition Roundtables, Shanghai',
        'Eleanor Whitfield, Global Energy Strategist',
        'Mei Chen, Chinese power utilities and batteries',
      ],
      speaker: whitfield.name,
      lines: [
        'Good afternoon from Shanghai, and welcome to this Harbourline Research energy transition roundtable.',
        'I am Eleanor Whitfield, the firm’s global energy strategist, and I am joined by Mei Chen, who covers Chinese power utilities as well as carmakers and battery makers.',
        'Our question today is simple: solar modules now sell below the cash cost of all but the leanest producers, so how long can that last?',
      ],
    },
    {
      heading: 'What changed: prices below cash cost',
      bullets: [
        'Factories built faster than installations grew',
        'Polysilicon and wafers fell first, then modules',
        'The question now: who leaves, and how fast',
      ],
      speaker: whitfield.name,
      lines: [
        'Over the last two years, the industry added manufacturing capacity far faster than the world added installations.',
        'Prices fell along the whole chain, starting with polysilicon and wafers, and modules now sell below the cash cost of most producers.',
        'When a product sells below cash cost, the question is no longer whether capacity leaves the market, but who leaves first and how quickly.',
      ],
    },
    {
      heading: 'Capacity exits: who leaves first',
      bullets: [
        'Older lines and single-step makers close first',
        'Leaders keep running to hold market share',
        'Local governments and banks slow the exits',
      ],
      speaker: chen.name,
      lines: [
        'Thank you, Eleanor. I am Mei Chen, and in China we already see the older production lines shutting down.',
        'The first to go are the smaller makers with older technology and only one step of the chain, because they have no cheaper cost base to fall back on.',
        'The leaders keep their factories running to hold market share, even at a loss, because they have the balance sheets to wait.',
        'Exits are slower than the cost curve alone suggests, because local governments and banks prefer to keep their employers and borrowers alive.',
      ],
    },
    {
      heading: 'Inventory in the channel',
      bullets: [
        'Distributors and developers hold modules bought dearer',
        'Stock must clear before orders return',
        'We watch export volumes and warehouse stocks',
      ],
      speaker: chen.name,
      lines: [
        'The second issue is the inventory held by distributors, by developers and in overseas warehouses.',
        'Much of it was bought at higher prices, and it has to be sold or installed before new orders return at better prices.',
        'We watch monthly export volumes and warehouse stocks in Europe and Asia: when exports fall while installations hold up, destocking is under way.',
      ],
    },
    {
      heading: 'The policy response',
      bullets: [
        'Beijing wants an end to competing on price alone',
        'Tighter standards and less credit for new plants',
        'Help for mergers and exits',
      ],
      speaker: chen.name,
      lines: [
        'Beijing has signalled that it wants the industry to stop competing on price alone.',
        'The tools we expect are tighter efficiency and energy standards for new plants, less easy credit for new capacity, and help for mergers and exits.',
        'Policy will not set prices directly, but it can shorten the period of losses by a few quarters.',
      ],
    },
    {
      heading: 'Cheaper modules, more installations across Asia',
      bullets: [
        'Lower system costs bring new markets into range',
        'The limit is now grid connection, land and storage',
        'Developers and utilities gain; manufacturers pay',
      ],
      speaker: whitfield.name,
      lines: [
        'For buyers this is good news: cheaper modules lower the cost of a solar plant and bring new markets into range, from India to South East Asia.',
        'The limit on installations is no longer the price of the panel, but the grid connection, the land, and the storage needed to use the power in the evening.',
        'In our coverage, that makes developers and power utilities the winners of the oversupply, and the manufacturers the ones who pay for it.',
      ],
    },
    {
      heading: 'How long it lasts, and what would change our view',
      bullets: [
        'Base case: a long trough, not a quick bounce',
        'Sooner: firm limits on capacity and credit',
        'Later: trade barriers that close export markets',
      ],
      speaker: whitfield.name,
      lines: [
        'Our base case is a long trough rather than a quick bounce: prices stay near cash cost until enough older capacity has closed and the channel inventory has cleared.',
        'We would turn more positive sooner if limits on new capacity and bank lending became firm, or if large producers announced real closures rather than temporary shutdowns.',
        'We would become more cautious if new trade barriers closed more export markets, because that would push even more modules into the markets that remain open.',
        'Thank you for joining us. Our notes on Chinese power utilities and the energy transition are on the portal, and both of us are available for follow-up calls.',
      ],
    },
  ],
};

const macro: ReplayScript = {
  slug: 'quarterly-macro-outlook-asia-replay',
  title: 'Quarterly Macro Outlook: Asia. Rate cuts, the dollar, India and ASEAN',
  description:
    'Daniel Okafor-Tan and Vikram Rao review growth, inflation and policy across Asia for the quarter. They discuss when the first rate cuts come, what a turn in the dollar means for Asian currencies, and why we are adding to Indian and ASEAN equities.',
  eventSlug: 'qmo-singapore-last-quarter',
  analystIds: [200102, 200118],
  sectors: ['Macro & Strategy'],
  speakers: [okaforTan, rao],
  slides: [
    {
      heading: 'Quarterly Macro Outlook: Asia',
      bullets: ['Singapore', 'Daniel Okafor-Tan, Chief Asia Strategist', 'Vikram Rao, Economist, South Asia'],
      speaker: okaforTan.name,
      lines: [
        'Good morning from Singapore, and welcome to the Harbourline Research quarterly macro outlook for Asia.',
        'I am Daniel Okafor-Tan, the firm’s chief Asia strategist, and I am joined by Vikram Rao, our economist for South Asia.',
        'We will cover growth and inflation across the region, the timing of the first rate cuts, the dollar, and why we want to add to Indian and ASEAN equities.',
      ],
    },
    {
      heading: 'Growth and inflation: the quarter in brief',
      bullets: [
        'Exports recovering with the technology cycle',
        'Inflation back near target in most economies',
        'China: growth steady, prices weak',
      ],
      speaker: okaforTan.name,
      lines: [
        'Growth across Asia has held up better than many expected, helped by electronics exports and the recovery in the technology cycle.',
        'Inflation has come back close to the central banks’ targets in most economies, with food prices the main exception.',
        'China is the outlier: growth is steady, but prices are weak, and the property market still holds back confidence.',
      ],
    },
    {
      heading: 'The first rate cuts: who moves when',
      bullets: [
        'Most Asian central banks wait for the Federal Reserve',
        'Most room to ease where real rates are highest',
        'Gradual cuts for growing economies, not a rescue',
      ],
      speaker: okaforTan.name,
      lines: [
        'Most Asian central banks want to see the Federal Reserve cut first, because easing ahead of it would put pressure on their currencies.',
        'Once the Fed moves, the room to ease is greatest where real interest rates are highest and inflation is already under control.',
        'We expect gradual cuts rather than a rush: this is an easing cycle for economies that are growing, not a rescue.',
      ],
    },
    {
      heading: 'The dollar and Asian currencies',
      bullets: [
        'A softer dollar as US rates fall',
        'Relief for energy importers and dollar borrowers',
        'Less currency risk for foreign investors',
      ],
      speaker: okaforTan.name,
      lines: [
        'The strong dollar has been the biggest headwind for Asian assets, and we think it turns as US rates come down.',
        'A softer dollar helps the energy importers, lowers the cost of dollar debt, and gives central banks more freedom to cut.',
        'For foreign investors, it also lowers the currency risk of owning Asian equities, which has kept many of them underweight.',
      ],
    },
    {
      heading: 'India: growth, the fiscal path and the rupee',
      bullets: [
        'Growth led by public investment',
        'The fiscal deficit on a steady path down',
        'A stable rupee; room to ease as food prices settle',
      ],
      speaker: rao.name,
      lines: [
        'Thank you, Daniel. I am Vikram Rao, and I cover the economies of South Asia.',
        'India remains the fastest-growing large economy in the region, with growth led by public investment in roads, railways and power.',
        'The government has kept the fiscal deficit on a steady path down, which leaves the central bank room to ease once food inflation settles.',
        'The rupee has been one of the steadiest currencies in Asia, and lower rates would help banks’ loan growth and the rate-sensitive stocks.',
      ],
    },
    {
      heading: 'Why we add to Indian and ASEAN equities',
      bullets: [
        'Domestic demand, less exposed to global trade',
        'Earnings revisions turning up',
        'Falling rates help the sectors that borrow and build',
      ],
      speaker: okaforTan.name,
      lines: [
        'That brings us to positioning: we are adding to Indian and ASEAN equities.',
        'Both markets are driven by domestic demand rather than global trade, and earnings revisions there have been turning up.',
        'Falling rates and a softer dollar help the sectors that borrow and build, such as property developers, consumer companies and infrastructure.',
        'We fund the move from markets where the good news is already in the price, and we stay overweight the semiconductor supply chain.',
      ],
    },
    {
      heading: 'What would change our view',
      bullets: [
        'US inflation that delays the Federal Reserve',
        'A renewed rise in oil prices',
        'Valuations running ahead of earnings',
      ],
      speaker: okaforTan.name,
      lines: [
        'Three things would change our view.',
        'First, US inflation that stays high enough to delay the Federal Reserve, which would keep the dollar strong.',
        'Second, a renewed rise in oil prices, which would hurt India and the energy importers of ASEAN the most.',
        'Third, valuations running ahead of earnings: India in particular is not a cheap market, and it needs earnings growth to justify its multiple.',
        'Thank you for joining us. Our next quarterly outlook is already in the calendar, and you can register for it on the portal.',
      ],
    },
  ],
};

const yearbook: ReplayScript = {
  slug: 'asia-semiconductor-yearbook-briefing',
  title: 'Asia Semiconductor Yearbook: the analyst briefing',
  description:
    'Wei-Lun Hsieh, Ji-ho Park and Hana Mizuno present this year’s Asia Semiconductor Yearbook. They explain why AI accelerators keep leading-edge foundry and high-bandwidth memory sold out, where mature-node pricing stands, and why we prefer the bottlenecks of the chain: advanced packaging, HBM and test.',
  eventSlug: null,
  analystIds: [200103, 200105, 200104],
  sectors: ['Technology & Semiconductors'],
  speakers: [hsieh, park, mizuno],
  slides: [
    {
      heading: 'Asia Semiconductor Yearbook: the analyst briefing',
      bullets: [
        'Wei-Lun Hsieh, Greater China Semiconductors',
        'Ji-ho Park, Korea Memory and Display',
        'Hana Mizuno, Japan Technology Hardware',
      ],
      speaker: hsieh.name,
      lines: [
        'Hello, and welcome to the Harbourline Research briefing on this year’s Asia Semiconductor Yearbook.',
        'I am Wei-Lun Hsieh, and I cover foundry, advanced packaging and the semiconductor supply chain in Greater China.',
        'I am joined by Ji-ho Park, who covers the Korean memory makers, and Hana Mizuno, who covers Japanese semiconductor equipment and materials.',
      ],
    },
    {
      heading: 'Three messages from the yearbook',
      bullets: [
        'Leading-edge foundry and HBM sold out through next year',
        'Mature-node pricing has bottomed',
        'We prefer the bottlenecks: packaging, HBM and test',
      ],
      speaker: hsieh.name,
      lines: [
        'The yearbook has three messages.',
        'First, demand for AI accelerators keeps leading-edge foundry capacity and high-bandwidth memory sold out through next year.',
        'Second, pricing at the mature nodes has bottomed, and utilisation recovers as customers’ inventories return to normal.',
        'Third, we prefer the bottlenecks of the chain: advanced packaging, high-bandwidth memory and test.',
      ],
    },
    {
      heading: 'Foundry: the leading edge full, mature nodes recovering',
      bullets: [
        'Foundry revenue: US$139bn this year, US$161bn next',
        'Leading-edge capacity booked by AI customers',
        'Mature nodes: utilisation up, price cuts behind us',
      ],
      speaker: hsieh.name,
      lines: [
        'Our estimate for foundry revenue is 139 billion US dollars this year, rising to 161 billion next year.',
        'Most of that growth comes from the leading nodes, where capacity is booked by the makers of AI accelerators and their cloud customers.',
        'At the mature nodes the price cuts are behind us, and utilisation is rising as phone, PC and industrial customers finish working through their inventories.',
      ],
    },
    {
      heading: 'Advanced packaging: the tightest link',
      bullets: [
        'Accelerator and memory joined on one substrate',
        'Tools, substrates and engineers take time to add',
        'Test: more test time for every larger chip',
      ],
      speaker: hsieh.name,
      lines: [
        'The tightest link in the chain is advanced packaging, where the accelerator and its stacks of memory are joined side by side on one substrate.',
        'Capacity is being added quickly, but the tools, the substrates and the skilled engineers take time, so we expect packaging to stay tight through next year.',
        'Test is the quieter winner: larger and more complex chips need more test time per unit, which supports the test houses and their equipment suppliers.',
      ],
    },
    {
      heading: 'Memory: DRAM and high-bandwidth memory',
      bullets: [
        'DRAM revenue: US$52bn last year, US$89bn this year',
        'US$104bn next year as HBM grows',
        'HBM takes wafers from ordinary DRAM',
      ],
      speaker: park.name,
      lines: [
        'Thank you, Wei-Lun. I am Ji-ho Park, and I cover the Korean memory makers.',
        'We estimate DRAM revenue at 89 billion US dollars this year, up from 52 billion last year, and 104 billion next year.',
        'High-bandwidth memory is the reason: each stack uses far more wafer area than ordinary DRAM, so its growth tightens supply for every other kind of memory.',
        'As long as the makers keep their capital spending disciplined, we expect contract prices to stay firm.',
      ],
    },
    {
      heading: 'NAND, equipment and materials',
      bullets: [
        'NAND revenue: US$61bn this year, US$66bn next',
        'Equipment spend: US$104bn this year, US$113bn next',
        'Japanese makers strong in test, dicing and materials',
      ],
      speaker: mizuno.name,
      lines: [
        'Thank you, Ji-ho. I am Hana Mizuno, and I cover Japanese semiconductor equipment and materials.',
        'NAND recovers more slowly than DRAM: we estimate revenue of 61 billion US dollars this year and 66 billion next year, as storage demand from data centres returns.',
        'Equipment spending rises from 104 billion US dollars this year to 113 billion next year, led by the leading-edge foundries, memory and packaging.',
        'Japanese makers are strong in exactly the steps that are tight, such as test, wafer dicing and grinding, and packaging materials, so we expect their orders to grow with packaging capacity.',
      ],
    },
    {
      heading: 'What would change our view',
      bullets: [
        'A pause in AI spending by the large cloud providers',
        'Tighter export controls on chips and tools',
        'Packaging and HBM capacity catching up with demand',
      ],
      speaker: hsieh.name,
      lines: [
        'What would change our view?',
        'The biggest risk is a pause in AI spending by the large cloud providers, which would hit the leading edge, memory and packaging at the same time.',
        'Tighter export controls would change who can buy which chips and tools, and could move demand between suppliers quickly.',
        'And if packaging and memory capacity catch up with demand faster than we expect, pricing at the bottlenecks would soften, and we would become more selective.',
      ],
    },
    {
      heading: 'Where to go from here',
      bullets: [
        'The full yearbook: estimates, valuations and top picks',
        'Semiconductor Supply Chain Day, Taipei',
        'Book a call with any of us',
      ],
      speaker: hsieh.name,
      lines: [
        'The full yearbook, with our estimates, valuations and top picks, is on the portal.',
        'We will go deeper on packaging and memory at our Semiconductor Supply Chain Day in Taipei, and you can register for it on the portal.',
        'Thank you for listening.',
      ],
    },
  ],
};

/** The four demo replays: the three past CONNECT events' recordings, then the yearbook briefing. */
export const demoReplayScripts: readonly ReplayScript[] = [governance, solar, macro, yearbook];
