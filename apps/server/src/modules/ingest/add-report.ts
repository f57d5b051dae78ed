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
import type { SpooledFile } from '../storage/spooled-file.ts';
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
  /** the file's bytes, or a spooled upload (streamed into storage, never read whole), or an address */
  file: { key: string; bytes: Uint8Array } | { key: string; spooled: SpooledFile } | { url: string };
  type?: 'latest' | 'highlighted';
  isTempReport?: boolean;
  mustRead?: boolean;
  freeAccess?: boolean;
  /** In the firm's branded selection (only for reports at least 7 days old: the management toggle checks it). */
  specialSelect?: boolean;
  /** Random when omitted. */
  accessKey?: string;
  /** The first one is the primary sector (reports.sector_id) and the one linked on cards. */
  sectorIds: number[];
  /** The first one is the lead author. */
  analystIds: number[];
  companyIds?: number[];
  countryIds?: number[];
  videoId?: string | null;
  /** 'published' when omitted; a scheduled report is published by the publishing job at publishedAt. */
  state?: 'scheduled' | 'published';
  /** The file's text when the caller has already extracted it (an upload checked before it is stored). */
  bodyText?: string;
}

export const newAccessKey = () => randomBytes(16).toString('hex');

/** A storage key for an uploaded report file that does not reveal anything about the report. */
export const reportFileKey = (fileType: ReportFileType, publishedAt: Date) =>
  `reports/${publishedAt.getUTCFullYear()}/${randomBytes(12).toString('hex')}.${fileType}`;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** A report's file as stored: its path (storage key or address), its text, and the key this call created. */
export interface PreparedFile {
  filePath: string;
  bodyText: string;
  /** a file stored by this call (removed again by `discardPrepared` if the rows cannot be written) */
  storedHere?: string;
}

/**
 * Stores a report's file and extracts its text (unless given), or takes its address. An unreadable file throws
 * before anything is stored.
 */
export const prepareReportFile = async (
  storage: Storage,
  input: Pick<NewReport, 'fileType' | 'file' | 'bodyText'>,
): Promise<PreparedFile> => {
  if ('url' in input.file) {
    if (!addressFileTypes.includes(input.fileType)) {
      throw new Error(`A ${input.fileType} report needs a file, not an address`);
    }
    return { filePath: input.file.url, bodyText: '' };
  }
  if (addressFileTypes.includes(input.fileType))
    throw new Error(`A ${input.fileType} report takes an address`);
  const extension = input.file.key.slice(input.file.key.lastIndexOf('.') + 1).toLowerCase();
  if (extension !== input.fileType) {
    throw new Error(`The key ${input.file.key} does not end in .${input.fileType}`);
  }
  const { file } = input;
  // Extract first: an unreadable file is refused before anything is stored. A spooled upload (a recording or a
  // film) comes with its text (none) and is never read here.
  const bodyText = input.bodyText ?? ('bytes' in file ? await extractText(input.fileType, file.bytes) : '');
  const storedHere = (await storage.exists(file.key)) ? undefined : file.key;
  if ('bytes' in file) await storage.put(file.key, file.bytes, contentTypeOf(file.key));
  else await storage.putFile(file.key, file.spooled.path, contentTypeOf(file.key));
  // PostgreSQL text cannot hold NUL characters, which some PDFs yield.
  return { filePath: input.file.key, bodyText: bodyText.replaceAll('\u0000', ''), storedHere };
};

/** Removes the file a `prepareReportFile` stored, when its rows were not written (best effort). */
export const discardPrepared = async (storage: Storage, prepared: PreparedFile) => {
  if (prepared.storedHere) await storage.delete(prepared.storedHere);
};

/**
 * Inserts a report and its links (sectors, analysts, companies, countries) with a prepared file, on `db` (a
 * transaction of the caller's, or the database: a transaction of its own, a savepoint inside the caller's).
 */
export const insertReport = (db: Executor, input: NewReport, prepared: PreparedFile): Promise<number> => {
  if (input.sectorIds.length === 0) throw new Error('A report needs a primary sector');
  return insertRows(db, input, {
    filePath: prepared.filePath,
    bodyText: prepared.bodyText,
    sectorIds: unique(input.sectorIds),
    analystIds: unique(input.analystIds),
    companyIds: unique(input.companyIds ?? []),
    countryIds: unique(input.countryIds ?? []),
  });
};

/**
 * Adds one report: stores its file, extracts the file's text into body_text (full-text search), then inserts
 * the report and its links in one transaction. Returns the new report's id.
 */
export const addReport = async (db: Executor, storage: Storage, input: NewReport): Promise<number> => {
  if (input.sectorIds.length === 0) throw new Error('A report needs a primary sector');
  const prepared = await prepareReportFile(storage, input);
  try {
    return await insertReport(db, input, prepared);
  } catch (error) {
    await discardPrepared(storage, prepared);
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
        specialSelect: input.specialSelect ?? false,
        accessKey: input.accessKey ?? newAccessKey(),
        sectorId: sectorIds[0]!,
        bodyText: bodyText.replaceAll('\u0000', ''),
        state: input.state ?? 'published',
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
