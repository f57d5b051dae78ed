import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  analystSectors,
  analysts,
  companies,
  countries,
  keyCharts,
  regions,
  reportAnalysts,
  reportCompanies,
  reportCountries,
  reportSectors,
  reports,
  reportViews,
  savedReports,
  sectors,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/password.ts';
import { subscribeUser } from '../modules/persons/matrix.repository.ts';

export const fixturePassword = 'Fixture-pass-1';

export interface ReportSpec {
  title: string;
  publishedAt: string;
  description?: string;
  bodyText?: string;
  hashtags?: string[];
  type?: 'latest' | 'highlighted';
  isTempReport?: boolean;
  mustRead?: boolean;
  freeAccess?: boolean;
  sectorId?: number | null;
  sectorIds?: number[];
  analystIds?: number[];
  companyIds?: number[];
  countryIds?: number[];
  fileType?: string;
}

/**
 * A small catalogue factory for API tests: it empties the catalogue tables first (the demo seed may have
 * filled them) so that each test file knows exactly which rows exist.
 */
export const catalogueFixtures = async (db: Db) => {
  await db.execute(sql`truncate table report_views, saved_reports, report_analysts, report_companies,
    report_countries, report_sectors, reports, key_charts, analyst_sectors, analysts, companies, person_matrix,
    countries, regions, sectors restart identity cascade`);
  let nextId = 1000;
  const id = () => ++nextId;

  return {
    async region(name: string) {
      const rid = id();
      await db.insert(regions).values({ id: rid, name });
      return rid;
    },
    async country(name: string, regionId: number | null = null) {
      const cid = id();
      await db.insert(countries).values({ id: cid, name, regionId });
      return cid;
    },
    async sector(name: string, sectorId = id()) {
      await db.insert(sectors).values({ id: sectorId, name, sort: sectorId });
      return sectorId;
    },
    async company(name: string, extra: { countryId?: number; sectorId?: number } = {}) {
      const cid = id();
      await db.insert(companies).values({
        id: cid,
        name,
        display: name,
        shortName: name.split(' ')[0] ?? name,
        countryId: extra.countryId ?? null,
        sectorId: extra.sectorId ?? null,
      });
      return cid;
    },
    async analyst(
      name: string,
      extra: {
        sectorIds?: number[];
        sortOrder?: number | null;
        jobCategory?: string;
        isOurPeople?: boolean;
      } = {},
    ) {
      const aid = id();
      await db.insert(analysts).values({
        id: aid,
        name,
        designation: 'Analyst',
        jobCategory: extra.jobCategory ?? 'Analysts',
        sortOrder: extra.sortOrder ?? null,
        isOurPeople: extra.isOurPeople ?? true,
      });
      for (const sectorId of extra.sectorIds ?? [])
        await db.insert(analystSectors).values({ analystId: aid, sectorId });
      return aid;
    },
    async report(spec: ReportSpec) {
      const [row] = await db
        .insert(reports)
        .values({
          title: spec.title,
          description: spec.description ?? '',
          bodyText: spec.bodyText ?? '',
          hashtags: spec.hashtags ?? [],
          publishedAt: new Date(spec.publishedAt),
          fileType: spec.fileType ?? 'pdf',
          filePath: `reports/${randomBytes(4).toString('hex')}.pdf`,
          type: spec.type ?? 'latest',
          isTempReport: spec.isTempReport ?? false,
          mustRead: spec.mustRead ?? false,
          freeAccess: spec.freeAccess ?? false,
          accessKey: randomBytes(16).toString('hex'),
          sectorId: spec.sectorId ?? null,
        })
        .returning({ id: reports.id });
      const rid = row!.id;
      const links = [spec.sectorId, ...(spec.sectorIds ?? [])].filter(
        (v): v is number => typeof v === 'number',
      );
      for (const [position, sectorId] of [...new Set(links)].entries()) {
        await db.insert(reportSectors).values({ reportId: rid, sectorId, position });
      }
      for (const [position, analystId] of (spec.analystIds ?? []).entries()) {
        await db.insert(reportAnalysts).values({ reportId: rid, analystId, position });
      }
      for (const companyId of spec.companyIds ?? [])
        await db.insert(reportCompanies).values({ reportId: rid, companyId });
      for (const countryId of spec.countryIds ?? [])
        await db.insert(reportCountries).values({ reportId: rid, countryId });
      return rid;
    },
    async view(reportId: number, at: string, times = 1) {
      for (let i = 0; i < times; i += 1)
        await db.insert(reportViews).values({ reportId, viewedAt: new Date(at) });
    },
    async save(userId: number, reportId: number) {
      await db.insert(savedReports).values({ userId, reportId, savedAt: new Date() });
    },
    async subscribe(userId: number, sectorIds: number[]) {
      await subscribeUser(db, userId, sectorIds, new Date());
    },
    async keyChart(sectorId: number, category: string, title: string) {
      await db.insert(keyCharts).values({
        sectorId,
        category,
        title,
        unit: '%',
        data: { labels: ['2029', '2030'], series: [{ name: title, values: [1, 2] }] },
        source: 'Fixture',
      });
    },
    /** A verified reader; `activated` false makes a Pending Activate reader. */
    async user(email: string, options: { type?: 'admin' | 'npi' | 'client'; activated?: boolean } = {}) {
      const now = new Date('2030-01-01T00:00:00Z');
      const [row] = await db
        .insert(users)
        .values({
          email,
          firstName: 'Fixture',
          lastName: email.split('@')[0] ?? 'User',
          passwordHash: await hashPassword(fixturePassword),
          type: options.type ?? 'client',
          emailVerifiedAt: now,
          activatedAt: options.activated === false ? null : now,
          createdAt: now,
        })
        .returning({ id: users.id });
      return row!.id;
    },
  };
};

export type CatalogueFixtures = Awaited<ReturnType<typeof catalogueFixtures>>;
