import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, notLike, or } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { postResearch, posts, postVisits } from '../db/schema/blogs.ts';
import { analysts, companies, reportCompanies, reports, sectors, users } from '../db/schema/index.ts';
import { blogs } from '../db/schema/site.ts';
import { derivePost } from '../modules/blogs/sanitize.ts';
import { entitlementOf } from '../modules/entitlements/entitlements.ts';
import { findGrantedSectorIdsOfUser } from '../modules/persons/matrix-grants.ts';
import { createStorage } from '../modules/storage/storage.ts';
import { type Block, type ChartSeed, demoBlogKeys, demoPosts, type PostSeed } from './blogs-content.ts';
import { createPrng, type Prng } from './prng.ts';
import type { SeedContext, SeedModule } from './seed-module.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

// ---------------------------------------------------------------- text: one source, the HTML and the editor's JSON

type Mark = 'bold' | 'italic';
/** **bold** and *italic*, the only marks of the content's inline text. */
const inlineRuns = (text: string) => {
  const runs: { text: string; marks: Mark[] }[] = [];
  for (const part of text.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/)) {
    if (part === '') continue;
    if (part.startsWith('**')) runs.push({ text: part.slice(2, -2), marks: ['bold'] });
    else if (part.startsWith('*')) runs.push({ text: part.slice(1, -1), marks: ['italic'] });
    else runs.push({ text: part, marks: [] });
  }
  return runs;
};
const inlineHtml = (text: string) =>
  inlineRuns(text)
    .map(({ text: t, marks }) =>
      marks.includes('bold')
        ? `<strong>${escapeHtml(t)}</strong>`
        : marks.includes('italic')
          ? `<em>${escapeHtml(t)}</em>`
          : escapeHtml(t),
    )
    .join('');
const inlineJson = (text: string) =>
  inlineRuns(text).map(({ text: t, marks }) =>
    marks.length
      ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) }
      : { type: 'text', text: t },
  );
const paragraphJson = (text: string) => ({ type: 'paragraph', content: inlineJson(text) });

/** Shown at 640 px in the post (the editor's default is 400; the chart needs room for its labels). */
const chartDisplayWidth = 640;
export const chartPath = (chart: ChartSeed) => `/api/media/posts/${chart.name}.png`;

const blockHtml = (block: Block, chart: ChartSeed | undefined) => {
  switch (block[0]) {
    case 'h2':
    case 'h3':
      return `<${block[0]}>${inlineHtml(block[1])}</${block[0]}>`;
    case 'p':
      return `<p>${inlineHtml(block[1])}</p>`;
    case 'quote':
      return `<blockquote><p>${inlineHtml(block[1])}</p></blockquote>`;
    case 'ul':
    case 'ol':
      return `<${block[0]}>${block[1].map((item) => `<li><p>${inlineHtml(item)}</p></li>`).join('')}</${block[0]}>`;
    case 'chart':
      return chart
        ? `<img src="${chartPath(chart)}" alt="${escapeHtml(chart.alt)}" width="${chartDisplayWidth}">`
        : '';
  }
};

const blockJson = (block: Block, chart: ChartSeed | undefined): unknown[] => {
  switch (block[0]) {
    case 'h2':
    case 'h3':
      return [{ type: 'heading', attrs: { level: Number(block[0][1]) }, content: inlineJson(block[1]) }];
    case 'p':
      return [paragraphJson(block[1])];
    case 'quote':
      return [{ type: 'blockquote', content: [paragraphJson(block[1])] }];
    case 'ul':
    case 'ol':
      return [
        {
          type: block[0] === 'ul' ? 'bulletList' : 'orderedList',
          ...(block[0] === 'ol' ? { attrs: { start: 1 } } : {}),
          content: block[1].map((item) => ({ type: 'listItem', content: [paragraphJson(item)] })),
        },
      ];
    case 'chart':
      return chart
        ? [
            {
              type: 'image',
              attrs: {
                src: chartPath(chart),
                alt: chart.alt,
                title: null,
                width: chartDisplayWidth,
                height: null,
              },
            },
          ]
        : [];
  }
};

/**
 * What the blogs service stores for a post written in the editor: clean HTML (only the tags its sanitiser keeps),
 * the editor's document, the plain text with its word count, and the first image.
 */
export const renderPost = (post: PostSeed) => ({
  // through the service's own sanitiser and text extraction, so that a seeded post is stored like a written one
  ...derivePost(post.blocks.map((b) => blockHtml(b, post.chart)).join('')),
  draft: { type: 'doc', content: post.blocks.flatMap((b) => blockJson(b, post.chart)) },
});

/**
 * Years relative to the seed's clock ({Y} this year, {Y-1} last year): the posts are dated relative to it, so
 * "last year" in a chart has to be too.
 */
export const withYears = (post: PostSeed, now: Date): PostSeed =>
  JSON.parse(
    JSON.stringify(post).replace(/\{Y(?:-(\d))?\}/g, (_, back: string | undefined) =>
      String(now.getUTCFullYear() - Number(back ?? 0)),
    ),
  ) as PostSeed;

// ---------------------------------------------------------------- charts: SVG from the note's figures, then PNG

const chartWidth = 1280;
const chartHeight = 720;
const niceStep = (span: number) => {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw) as number;
};
const formatValue = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

/** A plain, readable chart (title, gridlines, axis, labelled values): drawn at 2x the width the post shows. */
export const chartSvg = (chart: ChartSeed) => {
  const values = chart.points.map(([, v]) => v);
  const step = niceStep(Math.max(...values, 0) - Math.min(...values, 0) || 1);
  const top = Math.ceil(Math.max(...values, 0) / step) * step || step;
  const bottom = Math.floor(Math.min(...values, 0) / step) * step;
  const plot = { left: 120, right: chartWidth - 50, top: 150, bottom: chartHeight - 110 };
  const y = (v: number) => plot.bottom - ((v - bottom) / (top - bottom)) * (plot.bottom - plot.top);
  const slot = (plot.right - plot.left) / chart.points.length;
  const x = (i: number) => plot.left + slot * (i + 0.5);
  const grid: string[] = [];
  for (let v = bottom; v <= top + step / 1000; v += step) {
    grid.push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${y(v)}" y2="${y(v)}" stroke="${v === 0 ? '#475569' : '#e2e8f0'}" stroke-width="2"/>`,
      `<text x="${plot.left - 16}" y="${y(v) + 9}" text-anchor="end" font-size="26" fill="#475569">${formatValue(v)}</text>`,
    );
  }
  const labels = chart.points.map(
    ([label], i) =>
      `<text x="${x(i)}" y="${plot.bottom + 80}" text-anchor="middle" font-size="26" fill="#1e293b">${escapeHtml(label.trim())}</text>`,
  );
  const marks =
    chart.kind === 'bar'
      ? chart.points.map(([, v], i) => {
          const width = Math.min(140, slot * 0.6);
          const [from, to] = [y(Math.max(v, 0)), y(Math.min(v, 0))];
          const labelY = v >= 0 ? from - 14 : to + 36;
          return `<rect x="${x(i) - width / 2}" y="${from}" width="${width}" height="${Math.max(to - from, 2)}" fill="${v >= 0 ? '#1d4e89' : '#9f1239'}" rx="4"/><text x="${x(i)}" y="${labelY}" text-anchor="middle" font-size="28" font-weight="bold" fill="#0f172a">${formatValue(v)}</text>`;
        })
      : [
          `<polyline points="${chart.points.map(([, v], i) => `${x(i)},${y(v)}`).join(' ')}" fill="none" stroke="#1d4e89" stroke-width="6" stroke-linejoin="round"/>`,
          ...chart.points.map(
            ([, v], i) =>
              `<circle cx="${x(i)}" cy="${y(v)}" r="10" fill="#1d4e89"/><text x="${x(i)}" y="${y(v) - 24}" text-anchor="middle" font-size="28" font-weight="bold" fill="#0f172a">${formatValue(v)}</text>`,
          ),
        ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${chartWidth}" height="${chartHeight}" viewBox="0 0 ${chartWidth} ${chartHeight}" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="${chartWidth}" height="${chartHeight}" fill="#ffffff"/>
<text x="50" y="64" font-size="34" font-weight="bold" fill="#0f172a">${escapeHtml(chart.title)}</text>
<text x="50" y="108" font-size="24" fill="#475569">${escapeHtml(chart.unit)}</text>
${grid.join('\n')}
${marks.join('\n')}
${labels.join('\n')}
</svg>`;
};

export const chartPng = (chart: ChartSeed) =>
  sharp(Buffer.from(chartSvg(chart)))
    .png({ compressionLevel: 9 })
    .toBuffer();

// ---------------------------------------------------------------- the blogs

interface BlogSeed {
  key: string;
  topic: string;
  subtitle: string;
  region: string;
  blogType: string;
  accessType: 'pre' | 'npi' | 'pi';
  keywords: string[];
  sortOrder: number;
  authorId: number;
  authorLine: string;
}

const blogSeeds: Record<PostSeed['blog'], BlogSeed> = {
  strategy: {
    key: demoBlogKeys.strategy,
    topic: 'Asia Strategy Notes',
    subtitle: 'Turning risk into opportunity',
    region: 'Asia Pacific',
    blogType: 'Strategy',
    accessType: 'npi',
    keywords: ['Macro', 'Strategy', 'Rates', 'AssetAllocation'],
    sortOrder: 1,
    authorId: 200102,
    authorLine:
      'Daniel leads our Asia equity strategy from Singapore and runs the model portfolio. He spent nineteen years in markets, including at a sovereign wealth fund.',
  },
  energy: {
    key: demoBlogKeys.energy,
    topic: 'Energy Transition Insights',
    subtitle: 'Grids, solar and the cost of carbon',
    region: 'Asia Pacific',
    blogType: 'Thematic',
    accessType: 'pi',
    keywords: ['EnergyTransition', 'Solar', 'LNG', 'Power'],
    sortOrder: 2,
    authorId: 200116,
    authorLine:
      'Eleanor covers oil, gas, power and renewables across Asia and writes our energy transition research, from tariffs to transmission.',
  },
  brief: {
    key: demoBlogKeys.brief,
    topic: 'Morning Market Brief',
    subtitle: 'What moved Asian markets, and what to watch today',
    region: 'Asia Pacific',
    blogType: 'Market Commentary',
    accessType: 'pre',
    keywords: ['Markets', 'Equities', 'DailyBrief'],
    sortOrder: 3,
    authorId: 200101,
    authorLine:
      'Margaret heads the research team from Hong Kong and edits the morning brief with the analysts who cover each market.',
  },
};

const disclaimer = (firm: string) =>
  `<p>This note is published by ${escapeHtml(firm)} for information only. It is not an offer or a solicitation to buy or sell any security, and it does not take into account the objectives, financial situation or needs of any reader. Views are the author's at the date of publication and may change without notice. Figures are from company filings, official statistics and our own estimates; past performance is not a guide to future returns.</p>`;

/** The energy blog is for subscribers of the catalogue's energy, utilities or renewables sectors (found by name). */
const energySectorIds = async (db: Executor) =>
  (await db.select({ id: sectors.id, name: sectors.name }).from(sectors))
    .filter((s) => /energy|utilit|renewab/i.test(s.name))
    .map((s) => s.id)
    .sort((a, b) => a - b);

const upsertBlogs = async (ctx: SeedContext, now: Date) => {
  const { db } = ctx;
  const authorRows = await db
    .select({ id: analysts.id, name: analysts.name, email: analysts.email })
    .from(analysts)
    .where(
      inArray(
        analysts.id,
        Object.values(blogSeeds).map((b) => b.authorId),
      ),
    );
  const energySectors = await energySectorIds(db);
  for (const seed of Object.values(blogSeeds)) {
    const person = authorRows.find((a) => a.id === seed.authorId);
    const config = {
      region: seed.region,
      blogType: seed.blogType,
      footerHtml: disclaimer(ctx.config.firm.name),
      author: person
        ? {
            id: person.id,
            name: person.name,
            email: person.email,
            extraHTML: `<p>${escapeHtml(seed.authorLine)}</p>`,
          }
        : null,
      accessType: seed.accessType,
      selectedSectors: seed.accessType === 'pi' ? energySectors : [],
      updatedAt: now,
    };
    await db
      .insert(blogs)
      .values({
        key: seed.key,
        topic: seed.topic,
        subtitle: seed.subtitle,
        keywords: seed.keywords,
        sortOrder: seed.sortOrder,
        createdAt: new Date(now.getTime() - 90 * DAY),
        ...config,
      })
      .onConflictDoNothing();
    // A blog the site seed made before blogs had a configuration gets the demo's, unless an admin configured it.
    await db
      .update(blogs)
      .set(config)
      .where(and(eq(blogs.key, seed.key), isNull(blogs.author), isNull(blogs.footerHtml)));
  }
};

// ---------------------------------------------------------------- associated research and visits

const relatedReports = async (db: Executor, post: PostSeed, before: Date) => {
  const research = post.research;
  if (!research) return [];
  const tickers = research.tickers ?? [];
  const byCompany =
    tickers.length === 0
      ? []
      : await db
          .selectDistinct({ id: reports.id, publishedAt: reports.publishedAt })
          .from(reports)
          .innerJoin(reportCompanies, eq(reportCompanies.reportId, reports.id))
          .innerJoin(companies, eq(companies.id, reportCompanies.companyId))
          .where(
            and(
              inArray(companies.bbgCode, [...tickers]),
              eq(reports.isTempReport, false),
              lte(reports.publishedAt, before),
            ),
          )
          .orderBy(desc(reports.publishedAt), desc(reports.id))
          .limit(research.count);
  if (byCompany.length > 0 || research.sectorId === undefined) return byCompany.map((r) => r.id);
  const bySector = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.sectorId, research.sectorId),
        eq(reports.isTempReport, false),
        lte(reports.publishedAt, before),
      ),
    )
    .orderBy(desc(reports.publishedAt), desc(reports.id))
    .limit(research.count);
  return bySector.map((r) => r.id);
};

const uuidOf = (prng: Prng) => {
  const hex = prng.hex(16).split('');
  hex[12] = '4';
  hex[16] = '89ab'[Number.parseInt(hex[16]!, 16) % 4]!;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

/** Readers' visits in the post's first four weeks, most measured (heartbeats and leave), some without an exit. */
const visitsOf = (
  prng: Prng,
  postId: number,
  publishedAt: Date,
  now: Date,
  readers: number[],
  count: number,
) => {
  const end = Math.min(publishedAt.getTime() + 28 * DAY, now.getTime() - 30 * MINUTE);
  const span = end - publishedAt.getTime();
  if (span <= 0 || readers.length === 0) return [];
  return Array.from({ length: count }, () => {
    // Most reads come in the first days after publishing.
    const enteredAt = new Date(publishedAt.getTime() + 10 * MINUTE + prng.next() ** 2 * span);
    const measured = prng.chance(0.8);
    const activeSeconds = measured ? prng.int(40, 540) : 0;
    const exitAt = measured ? new Date(enteredAt.getTime() + (activeSeconds + prng.int(0, 90)) * 1000) : null;
    return {
      id: uuidOf(prng),
      postId,
      userId: prng.pick(readers),
      enteredAt,
      lastSeenAt: exitAt,
      exitAt,
      activeSeconds,
    };
  });
};

/**
 * The demo blogs (issue 14): one per access level, each configured (disclaimer naming the firm, an analyst of the
 * catalogue as author, keywords; the pi blog for the energy sector's subscribers), 25 posts with charts drawn from
 * their own figures, associated research from the catalogue and a few weeks of readers' visits. Runs after the
 * catalogue, the CRM and users management (its readers); without the demo catalogue it does nothing.
 */
export const blogsSeed: SeedModule = {
  name: 'blogs',
  async run(ctx) {
    const { db } = ctx;
    const now = ctx.clock();
    const [anySector] = await db.select({ id: sectors.id }).from(sectors).limit(1);
    if (!anySector) {
      ctx.log.info({ module: 'blogs' }, 'No demo catalogue: the demo blogs are not seeded');
      return;
    }
    await upsertBlogs(ctx, now);

    const storage = ctx.storage ?? createStorage(ctx.config);
    const postSeeds = demoPosts.map((p) => withYears(p, now));
    const charts = postSeeds.flatMap((p) => (p.chart ? [p.chart] : []));
    await Promise.all(
      charts.map(async (chart) => storage.put(`posts/${chart.name}.png`, await chartPng(chart), 'image/png')),
    );

    const people = await db
      .select({
        id: users.id,
        email: users.email,
        type: users.type,
        hidden: users.hidden,
        emailVerifiedAt: users.emailVerifiedAt,
        activatedAt: users.activatedAt,
      })
      .from(users)
      .where(
        or(
          inArray(users.email, ['client@demo.test', 'npi@demo.test', 'admin@demo.test']),
          and(isNotNull(users.activatedAt), ne(users.type, 'admin'), notLike(users.email, '%@demo.test')),
        ),
      )
      .orderBy(users.id);
    const admin = people.find((p) => p.email === 'admin@demo.test');
    const readers = people.filter((p) => p.type !== 'admin').map((p) => p.id);
    // The pi blog's visits are by readers who may read it (the same rule as the blogs service): an admin, or an
    // Activated reader with one of its sectors (the demo client; never npi@demo.test).
    const energySectors = await energySectorIds(db);
    const subscribers: number[] = [];
    for (const person of people) {
      const entitlement = entitlementOf(person, await findGrantedSectorIdsOfUser(db, person.id));
      if (entitlement.readsAll || entitlement.sectorIds.some((id) => energySectors.includes(id)))
        subscribers.push(person.id);
    }

    const prng = createPrng(14_2025);
    for (const blog of Object.keys(blogSeeds) as PostSeed['blog'][]) {
      const key = blogSeeds[blog].key;
      // Idempotent: a blog that has posts (seeded before, or written by an admin since) is left alone.
      const [existing] = await db.select({ id: posts.id }).from(posts).where(eq(posts.blogKey, key)).limit(1);
      if (existing) continue;
      for (const post of postSeeds.filter((p) => p.blog === blog)) {
        const rendered = renderPost(post);
        const publishedAt =
          post.daysAgo === null
            ? null
            : new Date(now.getTime() - post.daysAgo * DAY - prng.int(60, 600) * MINUTE);
        const createdAt = new Date((publishedAt ?? now).getTime() - prng.int(2, 30) * 60 * MINUTE);
        const [row] = await db
          .insert(posts)
          .values({
            blogKey: key,
            title: post.title,
            ...rendered,
            publish: publishedAt !== null,
            createdBy: admin?.id ?? null,
            createdAt,
            updatedAt: publishedAt ?? createdAt,
            publishedAt,
          })
          .returning({ id: posts.id });
        const postId = row!.id;
        const related = await relatedReports(db, post, publishedAt ?? now);
        if (related.length > 0)
          await db
            .insert(postResearch)
            .values(related.map((reportId, position) => ({ postId, reportId, position })));
        if (publishedAt) {
          const audience = blogSeeds[blog].accessType === 'pi' ? subscribers : readers;
          const count = blogSeeds[blog].accessType === 'pi' ? prng.int(3, 7) : prng.int(5, 16);
          const visits = visitsOf(prng, postId, publishedAt, now, audience, count);
          if (visits.length > 0) await db.insert(postVisits).values(visits);
        }
      }
    }
  },
};
