import { eq } from 'drizzle-orm';
import { parameters, reports, sectors } from '../db/schema/index.ts';
import { addReport } from '../modules/ingest/add-report.ts';
import { createStorage } from '../modules/storage/storage.ts';
import { watermarkParameter } from '../modules/watermark/watermark.service.ts';
import {
  analysts as analystSeeds,
  reportingRatings,
  sectors as sectorSeeds,
  semiconductorSectorId,
} from './catalogue-data.ts';
import { type ResearchDocument, researchPdf } from './catalogue-files.ts';
import { paragraph, riskList, type TextSubject } from './catalogue-text.ts';
import { createPrng } from './prng.ts';
import type { SeedModule } from './seed-module.ts';

/**
 * The demo watermark (spec 2 section 3): a grey diagonal with the reader's name and company on every page of
 * every report, and a line at the top of the first page naming the reader, their e-mail and the day.
 */
export const demoWatermarkConfig = [
  {
    sectors: '',
    pages: '',
    WatermarkText: '@@ClientName@@ · @@CompanyName@@',
    WatermarkAngle: 45,
    WatermarkColor: [150, 150, 150],
    WatermarkFontSize: 30,
    WatermarkXAlignment: 'Center',
    WatermarkYAlignment: 'Middle',
    WatermarkWidthMul: 1,
    WatermarkHeightMul: 1,
  },
  {
    sectors: '',
    pages: '1',
    WatermarkText: 'Prepared for @@ClientName@@ (@@Email@@), user @@UserId@@, on @@Date@@',
    WatermarkAngle: 0,
    WatermarkColor: [170, 40, 40],
    WatermarkFontSize: 9,
    WatermarkXAlignment: 'Center',
    WatermarkYAlignment: 'Top',
    WatermarkWidthMul: 1,
    WatermarkHeightMul: 0.1,
  },
];

/** Watermark configuration, in every environment (an administrator's value is kept). */
export const viewerParametersSeed: SeedModule = {
  name: 'viewer-parameters',
  async run({ db }) {
    await db
      .insert(parameters)
      .values({ name: watermarkParameter, value: JSON.stringify(demoWatermarkConfig), isPublic: false })
      .onConflictDoNothing();
  },
};

/** The long demo report: exactly this many pages (the viewer's time-to-first-page benchmark opens it). */
export const yearbookPages = 50;
export const yearbookTitle =
  'Asia Semiconductor Yearbook: fifty pages on foundry, memory and the AI build-out';
export const yearbookKey = 'demo/reports/yearbook-asia-semiconductors.pdf';

const chapterHeadings = [
  'Investment thesis',
  'Foundry capacity and pricing',
  'Advanced packaging',
  'Memory: DRAM and HBM',
  'NAND and storage',
  'Equipment and materials',
  'Design houses and IP',
  'Smartphones and PCs',
  'Servers and AI accelerators',
  'Autos and industrial chips',
  'Policy, subsidies and export controls',
  'Valuation across the chain',
  'Our top picks',
];

/** The yearbook's text: a chapter per body page, each with fresh paragraphs from the catalogue's generator. */
export const yearbookDocument = (firm: string, publishedAt: Date): ResearchDocument => {
  const prng = createPrng(0x7ea7b00c);
  const sector = sectorSeeds.find((s) => s.id === semiconductorSectorId)!;
  const lead = analystSeeds.filter((a) => a.sectorIds.includes(semiconductorSectorId)).slice(0, 3);
  const subject = (theme: string): TextSubject => ({
    subject: 'Asian semiconductors',
    sector,
    country: 'Asia',
    theme,
    rating: prng.pick(reportingRatings),
    year: publishedAt.getUTCFullYear(),
  });
  const sections = Array.from({ length: yearbookPages - 2 }, (_, index) => {
    const heading = `${chapterHeadings[index % chapterHeadings.length]} (${Math.floor(index / chapterHeadings.length) + 1})`;
    const s = subject(prng.pick(sector.themes));
    return {
      heading,
      // the second body page also holds the estimates table
      paragraphs: [paragraph(prng, 'thesis', s), paragraph(prng, 'valuation', s)].concat(
        index === 1 ? [] : [paragraph(prng, 'thesis', s)],
      ),
    };
  });
  const first = subject(sector.themes[0] ?? 'AI demand');
  return {
    firm,
    title: yearbookTitle,
    subtitle: 'Sector yearbook',
    sector: sector.name,
    subject: 'Asian semiconductors',
    // a sector yearbook carries no rating: the firm's one scale (Buy / Hold / Sell) rates stocks
    rating: '',
    analysts: lead.map((a) => ({
      name: `${a.first} ${a.last}`,
      designation: a.designation,
      email: `${a.first.toLowerCase().replace(/[^a-z]/g, '')}.${a.last.toLowerCase().replace(/[^a-z]/g, '')}@harbourline.example`,
    })),
    publishedAt,
    keyPoints: [
      'AI accelerators keep leading-edge foundry and HBM capacity sold out through next year.',
      'Mature-node pricing has bottomed; utilisation recovers as inventories normalise.',
      'We prefer the chain bottlenecks: advanced packaging, HBM and test.',
    ],
    sections,
    risks: riskList(prng, first),
    estimates: {
      header: ['US$bn', 'Prev', 'Now', 'Next', 'After'],
      rows: [
        ['Foundry revenue', '118', '139', '161', '178'],
        ['DRAM revenue', '52', '89', '104', '111'],
        ['NAND revenue', '39', '61', '66', '72'],
        ['Equipment spend', '96', '104', '113', '119'],
      ],
    },
  };
};

const DAY = 86_400_000;

/**
 * Demo content of the viewer: the 50-page PDF report (cover, 48 chapters, risks). It needs the demo catalogue's
 * sector and analysts; on a database without them (tests that skip the catalogue) it adds nothing.
 */
export const viewerDemoSeed: SeedModule = {
  name: 'viewer-demo',
  demo: true,
  async run(ctx) {
    const { db, config } = ctx;
    const [sector] = await db
      .select({ id: sectors.id })
      .from(sectors)
      .where(eq(sectors.id, semiconductorSectorId));
    if (!sector) return;
    const [existing] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.filePath, yearbookKey));
    if (existing) return;
    const today = ctx.clock();
    const publishedAt = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 3 * DAY + 9 * 3600_000,
    );
    const doc = yearbookDocument(config.firm.name, publishedAt);
    const bytes = await researchPdf(doc, yearbookPages - 1);
    const analystIds = analystSeeds
      .filter((a) => a.sectorIds.includes(semiconductorSectorId))
      .slice(0, 3)
      .map((a) => a.id);
    await addReport(db, ctx.storage ?? createStorage(config), {
      title: yearbookTitle,
      subtitle: doc.subtitle,
      coverage: 'Asian semiconductors',
      publication: 'Sector Research',
      description:
        'Our annual reference on the Asian semiconductor chain: foundry, packaging, memory, equipment, devices and policy, with estimates and top picks.',
      hashtags: ['Semiconductors', 'AI', 'Yearbook'],
      publishedAt,
      fileType: 'pdf',
      file: { key: yearbookKey, bytes },
      sectorIds: [semiconductorSectorId],
      analystIds,
    });
  },
};
