import { randomBytes } from 'node:crypto';
import type { ReportFileType } from '@portal/contract';
import type { Executor } from '../../db/client.ts';
import {
  reportAnalysts,
  reportCompanies,
  reportCountries,
  reportSectors,
  reports,
} from '../../db/schema/index.ts';
import { contentTypeOf, type Storage } from '../storage/storage.ts';
import { extractText } from './extract-text.ts';

/** Types whose file_path is an address (embedded player or page), not a stored file. */
export const addressFileTypes: readonly ReportFileType[] = ['youtube', 'iframe'];

export interface NewReport {
  title: string;
  subtitle?: string;
  coverage?: string;
  publication?: string;
  description?: string;
  hashtags?: string[];
  publishedAt: Date;
  fileType: ReportFileType;
  /** The file's bytes with the storage key to keep them under, or the address of a youtube/iframe report. */
  file: { key: string; bytes: Uint8Array } | { url: string };
  type?: 'latest' | 'highlighted';
  isTempReport?: boolean;
  mustRead?: boolean;
  freeAccess?: boolean;
  /** Random when omitted. */
  accessKey?: string;
  /** The first one is the primary sector (reports.sector_id) and the one linked on cards. */
  sectorIds: number[];
  /** The first one is the lead author. */
  analystIds: number[];
  companyIds?: number[];
  countryIds?: number[];
  videoId?: string | null;
}

export const newAccessKey = () => randomBytes(16).toString('hex');

/** A storage key for an uploaded report file that does not reveal anything about the report. */
export const reportFileKey = (fileType: ReportFileType, publishedAt: Date) =>
  `reports/${publishedAt.getUTCFullYear()}/${randomBytes(12).toString('hex')}.${fileType}`;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Adds one report: stores its file, extracts the file's text into body_text (full-text search), then inserts
 * the report and its links in one transaction. Returns the new report's id.
 */
export const addReport = async (db: Executor, storage: Storage, input: NewReport): Promise<number> => {
  if (input.sectorIds.length === 0) throw new Error('A report needs a primary sector');
  let filePath: string;
  let bodyText = '';
  // a file this call created, removed again if the rows cannot be written
  let storedHere: string | undefined;
  if ('url' in input.file) {
    if (!addressFileTypes.includes(input.fileType)) {
      throw new Error(`A ${input.fileType} report needs a file, not an address`);
    }
    filePath = input.file.url;
  } else {
    if (addressFileTypes.includes(input.fileType))
      throw new Error(`A ${input.fileType} report takes an address`);
    const extension = input.file.key.slice(input.file.key.lastIndexOf('.') + 1).toLowerCase();
    if (extension !== input.fileType) {
      throw new Error(`The key ${input.file.key} does not end in .${input.fileType}`);
    }
    // Extract first: an unreadable file is refused before anything is stored.
    bodyText = await extractText(input.fileType, input.file.bytes);
    if (!(await storage.exists(input.file.key))) storedHere = input.file.key;
    await storage.put(input.file.key, input.file.bytes, contentTypeOf(input.file.key));
    filePath = input.file.key;
  }
  const sectorIds = unique(input.sectorIds);
  const analystIds = unique(input.analystIds);
  const companyIds = unique(input.companyIds ?? []);
  const countryIds = unique(input.countryIds ?? []);
  try {
    return await insertRows(db, input, { filePath, bodyText, sectorIds, analystIds, companyIds, countryIds });
  } catch (error) {
    if (storedHere) await storage.delete(storedHere);
    throw error;
  }
};

const insertRows = (
  db: Executor,
  input: NewReport,
  r: {
    filePath: string;
    bodyText: string;
    sectorIds: number[];
    analystIds: number[];
    companyIds: number[];
    countryIds: number[];
  },
) => {
  const { filePath, bodyText, sectorIds, analystIds, companyIds, countryIds } = r;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        title: input.title,
        subtitle: input.subtitle ?? '',
        coverage: input.coverage ?? '',
        publication: input.publication ?? '',
        description: input.description ?? '',
        hashtags: input.hashtags ?? [],
        publishedAt: input.publishedAt,
        videoId: input.videoId ?? null,
        fileType: input.fileType,
        filePath,
        type: input.type ?? 'latest',
        isTempReport: input.isTempReport ?? false,
        mustRead: input.mustRead ?? false,
        freeAccess: input.freeAccess ?? false,
        accessKey: input.accessKey ?? newAccessKey(),
        sectorId: sectorIds[0]!,
        // PostgreSQL text cannot hold NUL characters, which some PDFs yield.
        bodyText: bodyText.replaceAll('\u0000', ''),
      })
      .returning({ id: reports.id });
    const reportId = row!.id;
    await tx
      .insert(reportSectors)
      .values(sectorIds.map((sectorId, position) => ({ reportId, sectorId, position })));
    if (analystIds.length > 0) {
      await tx
        .insert(reportAnalysts)
        .values(analystIds.map((analystId, position) => ({ reportId, analystId, position })));
    }
    if (companyIds.length > 0) {
      await tx.insert(reportCompanies).values(companyIds.map((companyId) => ({ reportId, companyId })));
    }
    if (countryIds.length > 0) {
      await tx.insert(reportCountries).values(countryIds.map((countryId) => ({ reportId, countryId })));
    }
    return reportId;
  });
};
