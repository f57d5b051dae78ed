/**
 * The texts of the CONNECT demo (issue 15): three campaigns of the firm's events calendar, each event in its venue's
 * city and IANA zone at a local hour a real event would keep. Dates are relative to the seed's clock (days ahead or,
 * negative, days ago; a weekend date moves to the next Monday), so the demo always has upcoming and past events.
 * Speakers name analysts of the demo catalogue by id (the seed reads their names and titles from `analysts`) or a
 * guest; the topics stay with the catalogue's sectors and the speakers' coverage.
 */

export type SpeakerSeed = number | { name: string; title: string };

export interface EventSeed {
  /** stable and unique: the meeting room's name (https://meet.jit.si/<Firm>-<slug>) */
  slug: string;
  /** {M} is the month of the event ('January 2030'): the past edition of a series says when it was */
  name: string;
  city: string;
  timeZone: string;
  /** days from the seed clock's date in the venue's zone */
  inDays: number;
  /** local wall-clock start, 'HH:mm' */
  at: string;
  durationMinutes: number;
  /** the date is not fixed yet (iEvtType_PikId 2118400009): the start is the provisional one */
  toBeConfirmed?: boolean;
  speakers: SpeakerSeed[];
  /** paragraphs */
  topic: string[];
  /**
   * Catalogue sector names (catalogue-data.ts `sectors[].name`) the event is about: its replay is for the readers of
   * these sectors (connect_event_sectors).
   */
  sectors: string[];
}

export interface CampaignSeed {
  /** {Y} is the seed clock's year */
  title: string;
  events: EventSeed[];
}

export const connectCampaignSeeds: CampaignSeed[] = [
  {
    title: 'Asia Pacific Investor Forum {Y}',
    events: [
      {
        slug: 'apif-tokyo-governance',
        sectors: ['Industrials & Infrastructure', 'Technology & Semiconductors'],
        name: 'Japan Corporate Governance Breakfast',
        city: 'Tokyo',
        timeZone: 'Asia/Tokyo',
        inDays: -18,
        at: '08:00',
        durationMinutes: 75,
        speakers: [
          200114,
          200104,
          { name: 'Kazuo Endo', title: 'Former Head of Stewardship, a Japanese public pension fund' },
        ],
        topic: [
          'Buybacks, unwound cross-shareholdings and the exchange’s push on companies trading below book value have changed how Japanese boards talk to investors. Tomoko Saito and Hana Mizuno review which industrial and hardware names have delivered on their capital plans, and which have only published one.',
          'Kazuo Endo joins them to discuss what engagement looks like from the asset owner’s side, and what to expect from the next round of annual general meetings.',
        ],
      },
      {
        slug: 'apif-hong-kong-keynote',
        sectors: ['Macro & Strategy'],
        name: 'Asia Strategy Keynote: Positioning for the Next Rate Cycle',
        city: 'Hong Kong',
        timeZone: 'Asia/Hong_Kong',
        inDays: 9,
        at: '09:30',
        durationMinutes: 90,
        speakers: [200101, 200102],
        topic: [
          'Margaret Lau opens the forum with the house view for the year ahead. Daniel Okafor-Tan then walks through our model portfolio: where falling policy rates help Asian equities most, why we stay overweight the semiconductor supply chain, and which markets we would fund it from.',
          'The session closes with questions from the floor; the slides are sent to registered participants afterwards.',
        ],
      },
      {
        slug: 'apif-singapore-asean-banks',
        sectors: ['Banks & Financials'],
        name: 'ASEAN Banks and the Deposit Repricing Cycle',
        city: 'Singapore',
        timeZone: 'Asia/Singapore',
        inDays: 12,
        at: '14:00',
        durationMinutes: 60,
        speakers: [200107, 200106],
        topic: [
          'Net interest margins peaked with policy rates; what happens next depends on how fast deposits reprice. Siew Ling Chua compares the ASEAN banks’ deposit franchises and SME books, and Arjun Mehta sets them against India’s private banks, where loan growth still outpaces deposits.',
        ],
      },
      {
        slug: 'apif-taipei-semiconductor-day',
        sectors: ['Technology & Semiconductors'],
        name: 'Semiconductor Supply Chain Day',
        city: 'Taipei',
        timeZone: 'Asia/Taipei',
        inDays: 23,
        at: '10:00',
        durationMinutes: 120,
        speakers: [
          200103,
          200105,
          200104,
          { name: 'Dr Lin Pei-Chen', title: 'Packaging Technology Consultant, Hsinchu' },
        ],
        topic: [
          'Our semiconductor team meets in Taipei for a morning on the supply chain behind AI servers: foundry capacity at the leading nodes, advanced packaging, and the memory price cycle. Wei-Lun Hsieh covers foundry and equipment, Ji-ho Park high-bandwidth memory, and Hana Mizuno the Japanese materials and equipment makers.',
          'Dr Lin Pei-Chen explains where packaging capacity is really constrained, and what it takes to add it.',
        ],
      },
    ],
  },
  {
    title: 'Energy Transition Roundtables',
    events: [
      {
        slug: 'etr-shanghai-solar',
        sectors: ['Energy & Utilities'],
        name: 'Solar Module Oversupply: How Long Does It Last?',
        city: 'Shanghai',
        timeZone: 'Asia/Shanghai',
        inDays: -34,
        at: '15:00',
        durationMinutes: 60,
        speakers: [200113, 200116],
        topic: [
          'Module prices have fallen below the cash cost of all but the leanest producers. Mei Chen and Eleanor Whitfield look at capacity exits, inventory in the channel and the policy response, and at what cheaper modules mean for installations across Asia.',
        ],
      },
      {
        slug: 'etr-london-grid-investment',
        sectors: ['Energy & Utilities', 'Industrials & Infrastructure'],
        name: 'Grid Investment and the Cost of Capital',
        city: 'London',
        timeZone: 'Europe/London',
        inDays: 16,
        at: '15:00',
        durationMinutes: 60,
        speakers: [200116, { name: 'Helen Marsh', title: 'Partner, Kestrel Grid Advisory' }],
        topic: [
          'Transmission, not generation, is now the bottleneck of the energy transition. Eleanor Whitfield sets out the grid spending plans of Asia’s regulated utilities and what allowed returns they need to fund them.',
          'Helen Marsh compares them with the European regulatory models investors know, from revenue caps to the treatment of construction work in progress. Timed for investors in Europe; a recording follows for Asia.',
        ],
      },
      {
        slug: 'etr-new-york-lng',
        sectors: ['Energy & Utilities'],
        name: 'LNG Contracting: Who Signs Next?',
        city: 'New York',
        timeZone: 'America/New_York',
        inDays: 30,
        at: '11:00',
        durationMinutes: 60,
        speakers: [200116],
        topic: [
          'A wave of US liquefaction capacity arrives just as Asian buyers return to long-term contracts. Eleanor Whitfield discusses contract pricing, the buyers most likely to sign next, and what the contracting cycle means for regional gas utilities and power generators.',
        ],
      },
      {
        slug: 'etr-sydney-renewables',
        sectors: ['Energy & Utilities', 'Materials & Mining'],
        name: 'Australia’s Renewable Build-out and Asian Demand',
        city: 'Sydney',
        timeZone: 'Australia/Sydney',
        inDays: 58,
        at: '10:00',
        durationMinutes: 90,
        toBeConfirmed: true,
        speakers: [200116, 200113],
        topic: [
          'Australia is building wind, solar and transmission for its own grid and planning export hydrogen and green metals for Asia’s. Eleanor Whitfield and Mei Chen weigh the projects that are funded against those still on paper, and the battery supply chain behind them.',
          'The date will be confirmed with the venue; registered participants hear first.',
        ],
      },
    ],
  },
  {
    title: 'Quarterly Macro Outlook',
    events: [
      {
        slug: 'qmo-singapore-last-quarter',
        sectors: ['Macro & Strategy'],
        name: 'Quarterly Macro Outlook: Asia, {M}',
        city: 'Singapore',
        timeZone: 'Asia/Singapore',
        inDays: -84,
        at: '08:30',
        durationMinutes: 60,
        speakers: [200102, 200118],
        topic: [
          'Daniel Okafor-Tan and Vikram Rao reviewed growth, inflation and policy across Asia for the quarter: the timing of the first rate cuts, the dollar, and the case for adding to Indian and ASEAN equities.',
        ],
      },
      {
        slug: 'qmo-singapore',
        sectors: ['Macro & Strategy'],
        name: 'Quarterly Macro Outlook: Asia',
        city: 'Singapore',
        timeZone: 'Asia/Singapore',
        inDays: 6,
        at: '08:30',
        durationMinutes: 60,
        speakers: [200102, 200118],
        topic: [
          'Our economists and strategists present the quarter’s house view: growth and inflation by economy, how far central banks can ease, currencies, and our asset allocation across Asian equities and bonds.',
          'Vikram Rao adds a closer look at India’s fiscal path and the rupee; the model portfolio’s changes follow.',
        ],
      },
      {
        slug: 'qmo-london',
        sectors: ['Macro & Strategy'],
        name: 'Quarterly Macro Outlook: Asia for European Investors',
        city: 'London',
        timeZone: 'Europe/London',
        inDays: 7,
        at: '08:00',
        durationMinutes: 45,
        speakers: [200102],
        topic: [
          'The same outlook, timed for Europe’s morning: Daniel Okafor-Tan summarises our view on Asian growth, rates and currencies, and answers questions on positioning from a European portfolio.',
        ],
      },
      {
        slug: 'qmo-new-york',
        sectors: ['Macro & Strategy'],
        name: 'Quarterly Macro Outlook: Asia for US Investors',
        city: 'New York',
        timeZone: 'America/New_York',
        inDays: 7,
        at: '08:30',
        durationMinutes: 45,
        speakers: [200102, 200116],
        topic: [
          'For investors in the Americas: Daniel Okafor-Tan on the outlook for Asian equities as US rates fall, with Eleanor Whitfield on energy prices and what they mean for inflation in importing economies.',
        ],
      },
    ],
  },
];

/**
 * Who registered for what: the demo client approved on one event and waiting on another; readers of the CRM's
 * firms (the users-admin seed's activated users, by e-mail local part) on several, some approved by the admin.
 * npi@demo.test is never registered (the browser tests register it).
 */
export interface RegistrationSeed {
  event: string;
  email: string;
  /** days before the seed's clock (or before the event, for a past one) the reader registered */
  daysBefore: number;
  approved: boolean;
}

export const clientApprovedEvent = 'qmo-singapore';
export const clientPendingEvent = 'apif-hong-kong-keynote';

export const connectRegistrationSeeds: RegistrationSeed[] = [
  { event: clientApprovedEvent, email: 'client@demo.test', daysBefore: 9, approved: true },
  { event: clientPendingEvent, email: 'client@demo.test', daysBefore: 2, approved: false },
  { event: 'qmo-singapore', email: 'hiroshi.tanaka@kaiyo-pension.example', daysBefore: 11, approved: true },
  { event: 'qmo-singapore', email: 'meiling.goh@straits-meridian.example', daysBefore: 8, approved: true },
  { event: 'qmo-singapore', email: 'arjun.raman@straits-meridian.example', daysBefore: 1, approved: false },
  { event: 'qmo-london', email: 'oliver.hartley@thamesridge.example', daysBefore: 6, approved: true },
  {
    event: 'qmo-london',
    email: 'charlotte.ainsworth@fenwick-square.example',
    daysBefore: 3,
    approved: false,
  },
  { event: 'qmo-new-york', email: 'daniel.okafor@hudsonlantern.example', daysBefore: 5, approved: true },
  {
    event: 'qmo-new-york',
    email: 'rebecca.lindqvist@lexington-arch.example',
    daysBefore: 2,
    approved: false,
  },
  {
    event: 'apif-hong-kong-keynote',
    email: 'wingyan.lau@taitam-capital.example',
    daysBefore: 14,
    approved: true,
  },
  {
    event: 'apif-hong-kong-keynote',
    email: 'hiroshi.tanaka@kaiyo-pension.example',
    daysBefore: 4,
    approved: false,
  },
  {
    event: 'apif-singapore-asean-banks',
    email: 'meiling.goh@straits-meridian.example',
    daysBefore: 7,
    approved: false,
  },
  {
    event: 'apif-singapore-asean-banks',
    email: 'yuki.sato@sakuragawa-life.example',
    daysBefore: 10,
    approved: true,
  },
  {
    event: 'apif-taipei-semiconductor-day',
    email: 'daniel.okafor@hudsonlantern.example',
    daysBefore: 3,
    approved: false,
  },
  {
    event: 'etr-london-grid-investment',
    email: 'oliver.hartley@thamesridge.example',
    daysBefore: 12,
    approved: true,
  },
  {
    event: 'etr-london-grid-investment',
    email: 'charlotte.ainsworth@fenwick-square.example',
    daysBefore: 2,
    approved: false,
  },
  {
    event: 'etr-sydney-renewables',
    email: 'wingyan.lau@taitam-capital.example',
    daysBefore: 5,
    approved: false,
  },
  // past events: every registrant was approved and had their link before the day
  {
    event: 'apif-tokyo-governance',
    email: 'hiroshi.tanaka@kaiyo-pension.example',
    daysBefore: 16,
    approved: true,
  },
  {
    event: 'apif-tokyo-governance',
    email: 'yuki.sato@sakuragawa-life.example',
    daysBefore: 9,
    approved: true,
  },
  { event: 'etr-shanghai-solar', email: 'client@demo.test', daysBefore: 12, approved: true },
  {
    event: 'etr-shanghai-solar',
    email: 'oliver.hartley@thamesridge.example',
    daysBefore: 20,
    approved: true,
  },
  { event: 'qmo-singapore-last-quarter', email: 'client@demo.test', daysBefore: 10, approved: true },
  {
    event: 'qmo-singapore-last-quarter',
    email: 'meiling.goh@straits-meridian.example',
    daysBefore: 6,
    approved: true,
  },
];

/**
 * Analysts who take one-to-one bookings, each in the zone of their office. The demo client subscribes to the sectors
 * of all but Kenneth Ip (Hong Kong Property, a sector the client does not hold): his slots show the not-subscribed
 * refusal.
 */
export const calendarAnalystIds = [200102, 200103, 200104, 200116, 200111] as const;

/** The zone of an analyst's office, by the catalogue's country. */
export const officeZones: Record<string, string> = {
  China: 'Asia/Shanghai',
  'Hong Kong': 'Asia/Hong_Kong',
  Taiwan: 'Asia/Taipei',
  Japan: 'Asia/Tokyo',
  'South Korea': 'Asia/Seoul',
  India: 'Asia/Kolkata',
  Singapore: 'Asia/Singapore',
  Indonesia: 'Asia/Jakarta',
  Vietnam: 'Asia/Ho_Chi_Minh',
  'United States': 'America/New_York',
};

/** Office hours offered for 30-minute calls (local time): mornings and afternoons, never lunch. */
export const slotStarts = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
] as const;

/**
 * Readers of the CRM's firms who booked calls, with the product their firm subscribes to (the same as their firm's
 * contacts in the CRM seed): booking is for subscribers, so the seed gives them that Subscriber entry if they have
 * none yet. Each books early slots of the analysts that product covers.
 */
export const slotBookerSeeds = [
  { email: 'hiroshi.tanaka@kaiyo-pension.example', productId: 9100005 },
  { email: 'daniel.okafor@hudsonlantern.example', productId: 9100001 },
  { email: 'oliver.hartley@thamesridge.example', productId: 9100004 },
] as const;
