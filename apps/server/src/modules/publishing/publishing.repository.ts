/**
 * The SQL of publishing (issue 23): what the form's ids name, a report as the edit screen loads it, metadata and
 * link updates, a new file version, withdrawal, the e-mailed keys of a report, and the claim of due scheduled
 * reports (FOR UPDATE SKIP LOCKED: two processes never claim the same report).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import {
  analystSectors,
  analysts,
  companies,
  countries,
  reportAccessKeys,
  reportAnalysts,
  reportCompanies,
  reportCountries,
  reportSectors,
  reports,
  sectors,
} from '../../db/schema/index.ts';

/** The ids among those given that exist, per kind; and each existing analyst's name and sectors. */
export const findReferences = async (
  db: Executor,
  ids: { analystIds: number[]; sectorIds: number[]; companyIds: number[]; countryIds: number[] },
) => {
  const some = <T>(list: number[], load: () => Promise<T[]>) =>
    list.length === 0 ? Promise.resolve([] as T[]) : load();
  const [analystRows, sectorRows, companyRows, countryRows, coverage] = await Promise.all([
    some(ids.analystIds, () =>
      db
        .select({ id: analysts.id, name: analysts.name })
        .from(analysts)
        .where(inArray(analysts.id, ids.analystIds)),
    ),
    some(ids.sectorIds, () =>
      db.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, ids.sectorIds)),
    ),
    some(ids.companyIds, () =>
      db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids.companyIds)),
    ),
    some(ids.countryIds, () =>
      db.select({ id: countries.id }).from(countries).where(inArray(countries.id, ids.countryIds)),
    ),
    some(ids.analystIds, () =>
      db
        .select({ analystId: analystSectors.analystId, sectorId: analystSectors.sectorId })
        .from(analystSectors)
        .where(inArray(analystSectors.analystId, ids.analystIds)),
    ),
  ]);
  const sectorsOf = new Map<number, number[]>();
  for (const row of coverage)
    sectorsOf.set(row.analystId, [...(sectorsOf.get(row.analystId) ?? []), row.sectorId]);
  return {
    analysts: new Map(analystRows.map((a) => [a.id, { name: a.name, sectorIds: sectorsOf.get(a.id) ?? [] }])),
    sectors: new Set(sectorRows.map((s) => s.id)),
    companies: new Set(companyRows.map((c) => c.id)),
    countries: new Set(countryRows.map((c) => c.id)),
  };
};

export interface ManagedRow {
  id: number;
  title: string;
  description: string;
  hashtags: string[];
  freeAccess: boolean;
  state: 'scheduled' | 'published' | 'withdrawn';
  publishedAt: Date;
  withdrawnAt: Date | null;
  fileType: string;
  filePath: string;
  fileVersion: number;
  analystIds: number[];
  sectorIds: number[];
  companyIds: number[];
  countryIds: number[];
}

/** A report with its links in their order, or null. `lock`: FOR UPDATE (the caller's transaction). */
export const findManaged = async (db: Executor, id: number, lock = false): Promise<ManagedRow | null> => {
  const base = db
    .select({
      id: reports.id,
      title: reports.title,
      description: reports.description,
      hashtags: reports.hashtags,
      freeAccess: reports.freeAccess,
      state: reports.state,
      publishedAt: reports.publishedAt,
      withdrawnAt: reports.withdrawnAt,
      fileType: reports.fileType,
      filePath: reports.filePath,
      fileVersion: reports.fileVersion,
    })
    .from(reports)
    .where(eq(reports.id, id))
    .limit(1);
  const [row] = lock ? await base.for('update') : await base;
  if (!row) return null;
  const [analystRows, sectorRows, companyRows, countryRows] = await Promise.all([
    db
      .select({ id: reportAnalysts.analystId })
      .from(reportAnalysts)
      .where(eq(reportAnalysts.reportId, id))
      .orderBy(asc(reportAnalysts.position), asc(reportAnalysts.analystId)),
    db
      .select({ id: reportSectors.sectorId })
      .from(reportSectors)
      .where(eq(reportSectors.reportId, id))
      .orderBy(asc(reportSectors.position), asc(reportSectors.sectorId)),
    db
      .select({ id: reportCompanies.companyId })
      .from(reportCompanies)
      .where(eq(reportCompanies.reportId, id))
      .orderBy(asc(reportCompanies.companyId)),
    db
      .select({ id: reportCountries.countryId })
      .from(reportCountries)
      .where(eq(reportCountries.reportId, id))
      .orderBy(asc(reportCountries.countryId)),
  ]);
  return {
    ...row,
    publishedAt: row.publishedAt as Date,
    analystIds: analystRows.map((r) => r.id),
    sectorIds: sectorRows.map((r) => r.id),
    companyIds: companyRows.map((r) => r.id),
    countryIds: countryRows.map((r) => r.id),
  } as ManagedRow;
};

export interface MetadataUpdate {
  title: string;
  description: string;
  hashtags: string[];
  freeAccess: boolean;
  analystIds: number[];
  sectorIds: number[];
  companyIds: number[];
  countryIds: number[];
  publishedAt?: Date;
  state?: 'scheduled' | 'published';
}

/** Writes a report's details and replaces its links (in the caller's transaction). */
export const updateMetadata = async (tx: Executor, id: number, update: MetadataUpdate, now: Date) => {
  await tx
    .update(reports)
    .set({
      title: update.title,
      description: update.description,
      hashtags: update.hashtags,
      freeAccess: update.freeAccess,
      sectorId: update.sectorIds[0]!,
      updatedAt: now,
      ...(update.publishedAt ? { publishedAt: update.publishedAt } : {}),
      ...(update.state ? { state: update.state } : {}),
    })
    .where(eq(reports.id, id));
  await tx.delete(reportSectors).where(eq(reportSectors.reportId, id));
  await tx
    .insert(reportSectors)
    .values(update.sectorIds.map((sectorId, position) => ({ reportId: id, sectorId, position })));
  await tx.delete(reportAnalysts).where(eq(reportAnalysts.reportId, id));
  await tx
    .insert(reportAnalysts)
    .values(update.analystIds.map((analystId, position) => ({ reportId: id, analystId, position })));
  await tx.delete(reportCompanies).where(eq(reportCompanies.reportId, id));
  if (update.companyIds.length > 0) {
    await tx
      .insert(reportCompanies)
      .values(update.companyIds.map((companyId) => ({ reportId: id, companyId })));
  }
  await tx.delete(reportCountries).where(eq(reportCountries.reportId, id));
  if (update.countryIds.length > 0) {
    await tx
      .insert(reportCountries)
      .values(update.countryIds.map((countryId) => ({ reportId: id, countryId })));
  }
};

/** A new file for the report: its path, type and text, the next file version. Answers the new version. */
export const setReportFile = async (
  tx: Executor,
  id: number,
  file: { fileType: string; filePath: string; bodyText: string },
  now: Date,
) => {
  const [row] = await tx
    .update(reports)
    .set({
      fileType: file.fileType,
      filePath: file.filePath,
      bodyText: file.bodyText,
      fileVersion: sql`${reports.fileVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(reports.id, id))
    .returning({ fileVersion: reports.fileVersion });
  return row?.fileVersion ?? null;
};

/** Ends every e-mailed link of the report that still works (their first revocation time is kept). */
export const revokeReportKeys = async (tx: Executor, reportId: number, now: Date) =>
  (
    await tx
      .update(reportAccessKeys)
      .set({ revokedAt: now })
      .where(and(eq(reportAccessKeys.reportId, reportId), isNull(reportAccessKeys.revokedAt)))
      .returning({ id: reportAccessKeys.id })
  ).length;

export const markWithdrawn = (tx: Executor, id: number, now: Date) =>
  tx.update(reports).set({ state: 'withdrawn', withdrawnAt: now, updatedAt: now }).where(eq(reports.id, id));

/**
 * Claims due scheduled reports in the caller's transaction: the rows are locked (others skip them) and set
 * 'published'. A report another transaction holds is left to it; one it has already published no longer matches.
 */
export const claimDueReports = async (tx: Executor, now: Date, limit: number) => {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update reports set state = 'published', updated_at = ${now.toISOString()}::timestamptz
      where id in (
        select id from reports
        where state = 'scheduled' and published_at <= ${now.toISOString()}::timestamptz
        order by published_at, id
        limit ${limit}
        for update skip locked)
      and state = 'scheduled'
      returning id`),
  );
  return rows.map((row) => Number(row.id));
};

/** What the publish form's pickers offer, each by name. */
export const findOptions = async (db: Executor) => {
  const [analystRows, coverage, sectorRows, companyRows, countryRows] = await Promise.all([
    db.select({ id: analysts.id, name: analysts.name }).from(analysts).orderBy(asc(analysts.name)),
    db
      .select({ analystId: analystSectors.analystId, sectorId: analystSectors.sectorId })
      .from(analystSectors),
    db.select({ id: sectors.id, name: sectors.name }).from(sectors).orderBy(asc(sectors.name)),
    db
      .select({ id: companies.id, name: companies.name, code: companies.bbgCode })
      .from(companies)
      .orderBy(asc(companies.name)),
    db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name)),
  ]);
  const sectorsOf = new Map<number, number[]>();
  for (const row of coverage)
    sectorsOf.set(row.analystId, [...(sectorsOf.get(row.analystId) ?? []), row.sectorId]);
  return {
    analysts: analystRows.map((a) => ({ ...a, sectorIds: sectorsOf.get(a.id) ?? [] })),
    sectors: sectorRows,
    companies: companyRows,
    countries: countryRows,
  };
};
