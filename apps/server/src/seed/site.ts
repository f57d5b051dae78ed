import { sliderImageSize, withSlug } from '@portal/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { navItems, reports, sectors, siteContent, sliders } from '../db/schema/index.ts';
import { aboutContentKey } from '../modules/site/site.service.ts';
import { createStorage, type Storage } from '../modules/storage/storage.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';
import { insertParametersIfAbsent } from './site-parameters.ts';

interface NavSeed {
  type: 'link' | 'dropdown' | 'favourites' | 'modal';
  label: string;
  path?: string;
  tag?: string;
  children?: NavSeed[];
}

/** Sector groups of the demo menu (ids of the demo catalogue's sectors). */
const sectorGroups: { label: string; ids: number[] }[] = [
  { label: 'Financials & Property', ids: [10000121, 10000130, 10000123] },
  { label: 'Technology & Media', ids: [10000131, 10000128, 10000132] },
  { label: 'Industry & Resources', ids: [10000127, 10000134, 10000124, 10000129, 10000126] },
];
const macroSectorId = 10000136;

const buildMenu = (sectorName: Map<number, string>): NavSeed[] => {
  const sectorLink = (id: number): NavSeed[] => {
    const name = sectorName.get(id);
    return name ? [{ type: 'link', label: name, path: withSlug('/sectors', id, name) }] : [];
  };
  return [
    {
      type: 'dropdown',
      label: 'Research',
      children: [
        {
          type: 'dropdown',
          label: 'Sectors',
          children: sectorGroups.map((group) => ({
            type: 'dropdown' as const,
            label: group.label,
            children: group.ids.flatMap(sectorLink),
          })),
        },
        ...sectorLink(macroSectorId),
        { type: 'link', label: 'Companies', path: '/companies' },
        { type: 'link', label: 'Our People', path: '/people' },
        { type: 'link', label: 'Energy Transition', path: '/search', tag: 'EnergyTransition' },
      ],
    },
    { type: 'favourites', label: 'Favourites' },
    { type: 'link', label: 'About', path: '/about' },
    { type: 'link', label: 'Access', path: '/access' },
    { type: 'modal', label: 'Contact us' },
  ];
};

const insertMenu = async (db: Executor, items: NavSeed[], parentId: number | null) => {
  for (const [index, item] of items.entries()) {
    const [row] = await db
      .insert(navItems)
      .values({
        parentId,
        type: item.type,
        label: item.label,
        path: item.path ?? null,
        tag: item.tag ?? null,
        sortOrder: index + 1,
      })
      .returning({ id: navItems.id });
    if (item.children?.length) await insertMenu(db, item.children, row!.id);
  }
};

/**
 * A 1280x580 banner (WebP, a few KB): an abstract gradient with soft shapes and no text, so that the heading
 * drawn over it stays real, accessible text.
 */
export const bannerImage = (from: string, to: string, accent: string) => {
  const { width, height } = sliderImageSize;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r" cx="0.8" cy="0.3" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<rect width="${width}" height="${height}" fill="url(#r)"/>
<g fill="none" stroke="#ffffff" stroke-opacity="0.09" stroke-width="2">
<circle cx="1040" cy="170" r="140"/><circle cx="1040" cy="170" r="230"/><circle cx="1040" cy="170" r="320"/><circle cx="1040" cy="170" r="410"/>
</g>
<path d="M0 470 C 220 400, 420 520, 640 450 S 1060 380, 1280 430 L 1280 580 L 0 580 Z" fill="#000000" fill-opacity="0.18"/>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
};

const bannerColours: [string, string, string][] = [
  ['#0b2545', '#13315c', '#3e7cb1'],
  ['#1b4332', '#0b2545', '#52b788'],
  ['#3c1642', '#0b132b', '#c08497'],
];

const section = (id: string, title: string, paragraphs: string[]) =>
  `<section id="${id}"><h2>${escapeHtml(title)}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</section>`;

/** Page content parameters of the demo site (publicPageParameters), written for the configured firm. */
const pageParameters = (ctx: SeedContext, samples: { id: number; title: string }[]) => {
  const { firm } = ctx.config;
  const name = escapeHtml(firm.name);
  const email = escapeHtml(firm.email);
  return {
    sRshWebCareersHTML: [
      section('why-join', `Why join ${firm.name}`, [
        `${name} is an independent research house: our analysts publish what they believe, for investors who read closely. We are small enough for every analyst's work to matter and broad enough to cover Asia's markets from Tokyo to Jakarta.`,
        'We look for people who write clearly, check their numbers twice and enjoy being challenged by clients.',
      ]),
      section('open-roles', 'Open roles', [
        '<strong>Research Analyst, Technology &amp; Semiconductors</strong> (Hong Kong or Taipei): cover foundry, equipment and design names; five or more years of sell-side or buy-side experience.',
        '<strong>Associate, Banks &amp; Financials</strong> (Singapore): build and maintain models for ASEAN banks; CFA progress is an advantage.',
        '<strong>Client Services Executive</strong> (London): look after institutional subscribers in Europe and arrange analyst meetings.',
      ]),
      section('how-to-apply', 'How to apply', [
        `Send your CV and a short note on a stock or theme you know well to <a href="mailto:${email}">${email}</a>, with the role in the subject line. We reply to every application.`,
      ]),
    ].join(''),
    sRshWebOfficesHTML: [
      '<h2>Our offices</h2><ul>',
      `<li><strong>Hong Kong</strong> (headquarters): ${escapeHtml(firm.address)}</li>`,
      '<li><strong>Singapore</strong>: Marina Bay Financial Centre, Tower 2</li>',
      '<li><strong>London</strong>: 1 Poultry, London</li>',
      '<li><strong>New York</strong>: 1345 Avenue of the Americas</li>',
      '</ul>',
    ].join(''),
    sRshWebVisionHTML: [
      section('vision', 'Vision', [
        'To be the research partner investors trust first on Asia: independent, specific and early.',
      ]),
      section('mission', 'Mission', [
        'We publish research that changes decisions, and we put our analysts in front of the people who make them.',
      ]),
      section('values', 'Values', [
        'Independence in every call. Evidence before opinion. Clear writing. Respect for our readers&#39; time.',
      ]),
    ].join(''),
    sRshWebOurServicesHTML: [
      `<h1>Our services</h1><p>What ${name} does for investors, funds and corporates.</p>`,
      section('research', 'Research', [
        `${name} publishes company, sector, thematic and macro research across Asia, with models and key charts for every covered company.`,
      ]),
      section('advisory', 'Advisory', [
        'Bespoke projects for funds and corporates: market entry, due diligence and supply-chain checks, run by the analysts who cover the sector.',
      ]),
      section('connect', 'CONNECT', [
        'Meet our analysts one to one, at group events or on video replays; subscribers book appointments online.',
      ]),
      section('access', 'Access', [
        `Private equity and venture funds, public market investors and founders use our research in their own way. See <a href="/access">how to get access</a> or write to <a href="mailto:${email}">${email}</a>.`,
      ]),
    ].join(''),
    sAccessSampleReports: JSON.stringify(samples),
  };
};

const aboutHtml = (ctx: SeedContext) => {
  const { firm } = ctx.config;
  const name = escapeHtml(firm.name);
  return [
    `<h2>About ${name}</h2>`,
    `<p>${name} is an independent investment research and advisory firm headquartered in Hong Kong, with a Singapore affiliate and a network of regulated analysts across the region. We cover Asia's listed companies, sectors and economies for institutional investors, private equity and venture funds, and corporates.</p>`,
    '<h3>What we do</h3>',
    '<ul>',
    '<li><strong>Research</strong>: company, sector, thematic and macro reports, with models and key charts.</li>',
    '<li><strong>Advisory</strong>: bespoke projects, from market entry to due diligence.</li>',
    '<li><strong>CONNECT</strong>: meetings with our analysts, group events and video replays.</li>',
    '</ul>',
    '<h3>Independence</h3>',
    '<p>We take no investment banking mandates and hold no positions in the companies we cover. Our analysts are paid for the quality of their research, not for the trades it generates.</p>',
    '<h3>Regulation</h3>',
    `<p>${name} is licensed by the Securities and Futures Commission of Hong Kong, authorised by the UK Financial Conduct Authority and registered as an investment adviser with the US Securities and Exchange Commission. Our Singapore affiliate is an exempt financial adviser.</p>`,
    '<h3>Contact</h3>',
    `<p>${escapeHtml(firm.address)}<br>Phone: ${escapeHtml(firm.phone)}<br>E-mail: <a href="mailto:${escapeHtml(firm.email)}">${escapeHtml(firm.email)}</a></p>`,
  ].join('');
};

/**
 * The demo site (issue 5): menu, favourites, homepage sliders with generated banner images, About Us, and the
 * page content parameters. Runs after the catalogue, whose sectors and reports it links to (and does nothing
 * without it).
 */
export const siteSeed: SeedModule = {
  name: 'site',
  async run(ctx) {
    const { db, clock } = ctx;
    const storage: Storage = ctx.storage ?? createStorage(ctx.config);
    const now = clock();

    const sectorRows = await db
      .select({ id: sectors.id, name: sectors.name })
      .from(sectors)
      .where(inArray(sectors.id, [...sectorGroups.flatMap((g) => g.ids), macroSectorId]));
    if (sectorRows.length === 0) {
      // Only when the demo catalogue was left out (fast tests): nothing to link to, so no demo site either.
      ctx.log.info({ module: 'site' }, 'No demo catalogue: the demo site is not seeded');
      return;
    }
    // Idempotent like every seed module: a menu that exists (seeded before, or edited since) is left alone.
    const [existing] = await db.select({ id: navItems.id }).from(navItems).limit(1);
    if (!existing) await insertMenu(db, buildMenu(new Map(sectorRows.map((s) => [s.id, s.name]))), null);

    // The favourites' blogs (keyword1 and the energy blog) and their posts are the blogs seed's (issue 14).

    const latest = await db
      .select({ id: reports.id, title: reports.title, freeAccess: reports.freeAccess })
      .from(reports)
      // Temporary reports are not for the landing or the marketing page (GET /landing leaves them out too).
      .where(eq(reports.isTempReport, false))
      .orderBy(desc(reports.publishedAt), desc(reports.id))
      .limit(200);
    const featured = latest[0];
    const samples = [...latest.filter((r) => r.freeAccess), ...latest.filter((r) => !r.freeAccess)]
      .slice(0, 4)
      .map((r) => ({ id: r.id, title: r.title }));

    const images = await Promise.all(
      bannerColours.map(([from, to, accent]) => bannerImage(from, to, accent)),
    );
    await Promise.all(images.map((image, i) => storage.put(`sliders/${i + 1}.webp`, image, 'image/webp')));
    const firmName = ctx.config.firm.name;
    await db
      .insert(sliders)
      .values(
        [
          {
            key: 'slider1',
            name: 'Independent research',
            heading: 'Independent research on Asia',
            subHeading: `${firmName}: company, sector and macro research from analysts on the ground.`.slice(
              0,
              100,
            ),
            link: '/about',
          },
          {
            key: 'slider2',
            name: 'Latest research',
            heading: featured ? featured.title.slice(0, 75) : 'Our latest research',
            subHeading: 'Read our newest report, with its model and key charts.',
            link: null,
            reportUrl: featured ? withSlug('/reports', featured.id, featured.title) : null,
          },
          {
            key: 'slider3',
            name: 'Meet our analysts',
            heading: 'Meet the analysts behind the research',
            subHeading: 'Book a call with the analyst who covers your names, or see how to get access.',
            // ';' rule: the in-page link, then a link opened in a new window.
            link: '/people;/access',
          },
        ].map((slide, i) => ({
          ...slide,
          type: 'image' as const,
          active: true,
          isPrivate: false,
          mediaKey: `sliders/${i + 1}.webp`,
          format: 'image/webp',
          sortOrder: i + 1,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();

    await db
      .insert(siteContent)
      .values({ key: aboutContentKey, html: aboutHtml(ctx) })
      .onConflictDoNothing();
    await insertParametersIfAbsent(db, pageParameters(ctx, samples));
    // Report id 101010 opens "an external webcast" (spec 1 section 2.7); the demo points it at a demo video report.
    const [webcast] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.fileType, 'mp4'), eq(reports.isTempReport, false)))
      .orderBy(desc(reports.publishedAt), desc(reports.id))
      .limit(1);
    if (webcast) {
      await insertParametersIfAbsent(db, { rw_WebcastUrl: `${ctx.config.publicUrl}/reports/${webcast.id}` });
    }
  },
};
