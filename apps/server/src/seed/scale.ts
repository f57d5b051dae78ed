import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import type { Storage } from '../modules/storage/storage.ts';
import {
  analysts as analystSeeds,
  countries as countrySeeds,
  reportingRatings,
  sectors as sectorSeeds,
} from './catalogue-data.ts';
import { researchPdf } from './catalogue-files.ts';
import {
  companyKinds,
  paragraph,
  type ReportKind,
  reportDescription,
  reportTitle,
  subtitleFor,
  type TextSubject,
} from './catalogue-text.ts';
import { createPrng } from './prng.ts';

const DAY = 86_400_000;
/** Every synthetic report points at this one small PDF: the benchmarks measure lists, not file transfer. */
export const syntheticPdfKey = 'demo/scale/synthetic-report.pdf';

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Raw parameterised queries on one connection of either driver (a transaction needs one connection), with
 * arrays sent as single array parameters for unnest.
 */
export const rawConnection = async (db: Db): Promise<{ query: Query; release: () => void }> => {
  // Both drizzle drivers keep their client as $client: a node-postgres pool, or the PGlite instance.
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    return { query: (text, params) => connection.query(text, params), release: () => connection.release() };
  }
  return {
    query: (text, params) => client.query(text, params) as Promise<{ rows: Record<string, unknown>[] }>,
    release: () => {},
  };
};

export interface ScaleOptions {
  count: number;
  /** the firm named in the shared PDF */
  firm: string;
  batchSize?: number;
  clock: () => Date;
  seed?: number;
  /** spread of publication dates back from now */
  years?: number;
  onProgress?: (done: number, total: number, ms: number) => void;
}

const kinds: ReportKind[] = [
  'preview',
  'results',
  'results',
  'update',
  'update',
  'initiation',
  'outlook',
  'thematic',
  'strategy',
  'monthly',
];

/**
 * Adds `count` synthetic reports (with sector, analyst, company and country links, hashtags and a few hundred
 * words of body text) in multi-row batches: one INSERT ... SELECT FROM unnest(arrays) per table and batch.
 * Needs the demo catalogue (sectors, analysts, companies, countries) in place.
 */
export const addSyntheticReports = async (db: Db, storage: Storage, options: ScaleOptions) => {
  const connection = await rawConnection(db);
  try {
    return await insertBatches(connection.query, storage, options);
  } finally {
    connection.release();
  }
};

const insertBatches = async (query: Query, storage: Storage, options: ScaleOptions) => {
  const batchSize = options.batchSize ?? 1000;
  const prng = createPrng(options.seed ?? 0x5ca1e);
  const now = options.clock().getTime();
  const span = Math.round((options.years ?? 3) * 365);

  const companyRows = (await query('select id, display, country_id, sector_id from companies', [])).rows as {
    id: number;
    display: string;
    country_id: number;
    sector_id: number;
  }[];
  const sectorIds = new Set(
    ((await query('select id from sectors', [])).rows as { id: number }[]).map((r) => r.id),
  );
  const knownAnalysts = new Set(
    ((await query('select id from analysts', [])).rows as { id: number }[]).map((r) => r.id),
  );
  const seededSectors = sectorSeeds.filter((s) => sectorIds.has(s.id));
  if (seededSectors.length === 0 || knownAnalysts.size === 0) {
    throw new Error('The demo catalogue is missing: run the seed (npm run seed) first');
  }

  if (!(await storage.exists(syntheticPdfKey))) {
    const sector = seededSectors[0]!;
    const subject: TextSubject = {
      subject: 'Asian equities',
      sector,
      country: 'Asia',
      theme: sector.themes[0]!,
      rating: 'Hold',
      year: new Date(now).getUTCFullYear(),
    };
    const pdf = await researchPdf(
      {
        firm: options.firm,
        title: 'Synthetic benchmark report',
        subtitle: 'Benchmark data',
        sector: sector.name,
        subject: subject.subject,
        rating: 'Hold',
        analysts: [],
        publishedAt: new Date(now),
        keyPoints: ['This file stands in for every synthetic report added by the scale generator.'],
        sections: [{ heading: 'Investment thesis', paragraphs: [paragraph(prng, 'thesis', subject)] }],
        risks: ['Synthetic content for load testing only.'],
        estimates: { header: ['US$m', 'A', 'B'], rows: [['Revenue', '1', '2']] },
      },
      3,
    );
    await storage.put(syntheticPdfKey, pdf, 'application/pdf');
  }

  const started = performance.now();
  for (let done = 0; done < options.count; done += batchSize) {
    const n = Math.min(batchSize, options.count - done);
    const ids = (
      (
        await query(
          "select nextval(pg_get_serial_sequence('reports', 'id'))::int as id from generate_series(1, $1)",
          [n],
        )
      ).rows as { id: number }[]
    ).map((r) => r.id);
    const r = {
      id: [] as number[],
      title: [] as string[],
      subtitle: [] as string[],
      coverage: [] as string[],
      publication: [] as string[],
      description: [] as string[],
      tags: [] as string[],
      published: [] as string[],
      type: [] as string[],
      temp: [] as boolean[],
      must: [] as boolean[],
      free: [] as boolean[],
      key: [] as string[],
      sector: [] as number[],
      body: [] as string[],
      company: [] as (number | null)[],
    };
    const links = {
      sector: { report: [] as number[], sector: [] as number[], position: [] as number[] },
      analyst: { report: [] as number[], analyst: [] as number[], position: [] as number[] },
      company: { report: [] as number[], company: [] as number[] },
      country: { report: [] as number[], country: [] as number[] },
    };
    for (let i = 0; i < n; i++) {
      const id = ids[i]!;
      const sector = prng.pick(seededSectors);
      const kind = prng.pick(kinds);
      const sectorCompanies = companyRows.filter((c) => c.sector_id === sector.id);
      const company =
        companyKinds.includes(kind) && sectorCompanies.length > 0 ? prng.pick(sectorCompanies) : null;
      const countryId = company?.country_id ?? prng.pick(countrySeeds).id;
      const publishedAt = new Date(now - prng.next() * span * DAY);
      const subject: TextSubject = {
        subject: company?.display ?? `Asian ${sector.short.toLowerCase()}`,
        sector,
        country: countrySeeds.find((c) => c.id === countryId)!.name,
        theme: prng.pick(sector.themes),
        rating: prng.pick(reportingRatings),
        year: publishedAt.getUTCFullYear(),
      };
      const body = [
        paragraph(prng, 'thesis', subject),
        paragraph(prng, 'thesis', subject),
        paragraph(prng, 'valuation', subject),
        paragraph(prng, 'thesis', subject),
        paragraph(prng, 'risks', subject),
      ].join('\n\n');
      r.id.push(id);
      r.title.push(reportTitle(prng, kind, subject, publishedAt));
      r.subtitle.push(subtitleFor(kind));
      r.coverage.push(company?.display ?? subject.country);
      r.publication.push(company ? 'Company Research' : 'Sector Research');
      r.description.push(reportDescription(prng, subject));
      r.tags.push([...new Set(prng.sample(sector.hashtags, prng.int(1, 3)))].join(','));
      r.published.push(publishedAt.toISOString());
      r.type.push(prng.chance(0.02) ? 'highlighted' : 'latest');
      r.temp.push(false);
      r.must.push(prng.chance(0.002));
      r.free.push(prng.chance(0.02));
      r.key.push(randomBytes(16).toString('hex'));
      r.sector.push(sector.id);
      r.body.push(body);
      r.company.push(company?.id ?? null);
      links.sector.report.push(id);
      links.sector.sector.push(sector.id);
      links.sector.position.push(0);
      const authors = analystSeeds.filter((a) => knownAnalysts.has(a.id) && a.sectorIds.includes(sector.id));
      const picked = prng.sample(
        authors.length > 0 ? authors : analystSeeds.filter((a) => knownAnalysts.has(a.id)),
        prng.int(1, 2),
      );
      picked.forEach((a, position) => {
        links.analyst.report.push(id);
        links.analyst.analyst.push(a.id);
        links.analyst.position.push(position);
      });
      if (company) {
        links.company.report.push(id);
        links.company.company.push(company.id);
      }
      links.country.report.push(id);
      links.country.country.push(countryId);
    }
    await query('begin', []);
    try {
      await query(
        `insert into reports (id, title, subtitle, coverage, publication, description, hashtags, published_at, file_type,
           file_path, type, is_temp_report, must_read, free_access, access_key, sector_id, body_text, search_entities)
         select id, title, subtitle, coverage, publication, description, string_to_array(tags, ','), published, 'pdf',
           $16, type, temp, must, free, key, sector, body,
           -- as the report_companies trigger would set it (migration 0007), so that the links inserted below
           -- change nothing and no report's search vector is computed twice
           coalesce((select c.name || ' ' || c.bbg_code from companies c where c.id = t.company), '')
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::timestamptz[], $9::text[], $10::bool[], $11::bool[], $12::bool[], $13::text[], $14::int[], $15::text[],
           $17::int[])
           as t(id, title, subtitle, coverage, publication, description, tags, published, type, temp, must, free, key,
             sector, body, company)`,
        [
          r.id,
          r.title,
          r.subtitle,
          r.coverage,
          r.publication,
          r.description,
          r.tags,
          r.published,
          r.type,
          r.temp,
          r.must,
          r.free,
          r.key,
          r.sector,
          r.body,
          syntheticPdfKey,
          r.company,
        ],
      );
      await query(
        'insert into report_sectors (report_id, sector_id, position) select * from unnest($1::int[], $2::int[], $3::int[])',
        [links.sector.report, links.sector.sector, links.sector.position],
      );
      await query(
        'insert into report_analysts (report_id, analyst_id, position) select * from unnest($1::int[], $2::int[], $3::int[])',
        [links.analyst.report, links.analyst.analyst, links.analyst.position],
      );
      await query(
        'insert into report_companies (report_id, company_id) select * from unnest($1::int[], $2::int[])',
        [links.company.report, links.company.company],
      );
      await query(
        'insert into report_countries (report_id, country_id) select * from unnest($1::int[], $2::int[])',
        [links.country.report, links.country.country],
      );
      await query('commit', []);
    } catch (error) {
      await query('rollback', []);
      throw error;
    }
    options.onProgress?.(done + n, options.count, performance.now() - started);
  }
  return { added: options.count, ms: performance.now() - started };
};
