/**
 * "Identify a copy" (issue 23): an administrator uploads a leaked PDF, or one page of it; the invisible copy mark
 * that stamp-pdf.ts writes on every page of every stamped copy names the copy, and the copy its reader.
 */
import { type IdentifyCopyReply, messagesLeakTracing } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { extractPdfPages } from '../ingest/extract-text.ts';
import type { Log } from '../runtime.ts';
import { copyIdInInfo, copyIdsInText } from '../watermark/stamp-pdf.ts';
import { findCopiesByIds } from './stamped-copies.repository.ts';

const m = messagesLeakTracing.errors;

export type IdentifyOutcome =
  | { ok: true; body: IdentifyCopyReply }
  | { ok: false; status: 400 | 404 | 422; message: string };

/** A PDF begins with its header; readers accept it within the first kilobyte (after junk some tools prepend). */
export const looksLikePdf = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-', 0, 'latin1');

/** The copy ids marked in a PDF's pages (and its information dictionary), and how many pages carry one. */
export const findCopyMarks = async (bytes: Uint8Array) => {
  const pages = await extractPdfPages(bytes);
  const perPage = pages.map(copyIdsInText);
  const ids = new Set(perPage.flat());
  const fromInfo = await copyIdInInfo(bytes).catch(() => null);
  if (fromInfo) ids.add(fromInfo);
  return {
    ids: [...ids],
    markedPages: perPage.filter((found) => found.length > 0).length,
    pageCount: pages.length,
  };
};

export const createLeakTracingService = (deps: { db: Db; log: Log }) => ({
  async identify(bytes: Uint8Array): Promise<IdentifyOutcome> {
    if (!looksLikePdf(bytes)) return { ok: false, status: 400, message: m.notPdf };
    let marks: Awaited<ReturnType<typeof findCopyMarks>>;
    try {
      marks = await findCopyMarks(bytes);
    } catch (error) {
      deps.log.info({ error: String(error) }, 'An uploaded PDF could not be read for its copy mark');
      return { ok: false, status: 422, message: m.unreadable };
    }
    if (marks.ids.length === 0) return { ok: false, status: 422, message: m.noMark };
    const rows = await findCopiesByIds(deps.db, marks.ids);
    if (rows.length === 0) return { ok: false, status: 404, message: m.unknownCopy };
    // keep the file's order of marks; one row per copy
    const byId = new Map(rows.map((row) => [row.copy_id, row]));
    const copies = marks.ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const name = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
      return [
        {
          copyId: row.copy_id,
          reader: {
            userId: row.user_id,
            name,
            email: row.user_email ?? row.recipient_email,
            company: row.company_name === '' ? null : row.company_name,
          },
          report: { id: row.report_id, title: row.report_title },
          fileVersion: row.file_version,
          currentFileVersion: row.current_version,
          madeAt: row.created_at,
          lastFetchedAt: row.last_fetched_at,
          fetchCount: row.fetch_count,
        },
      ];
    });
    return {
      ok: true,
      body: { success: true, copies, markedPages: marks.markedPages, pageCount: marks.pageCount },
    };
  },
});

export type LeakTracingService = ReturnType<typeof createLeakTracingService>;
