import {
  messagesReportAdmin,
  type ReportManagementFilter,
  type ReportManagementReply,
  type ReportManagementRow,
  specialSelectMinDays,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { type ChangeFeed, writeTransaction } from '../changes/change-feed.ts';
import type { Clock } from '../runtime.ts';
import {
  findManagementPage,
  findManagementRow,
  type KeysetPosition,
  lockReport,
  type ManagementRecord,
  setFlag,
  setType,
} from './report-management.repository.ts';

/**
 * Report Management (issue 23; spec 2 "Report Management"): the admin's list of every report, whatever its state,
 * and the curation toggles (the temporary (selected) list, must read, highlighted / latest, the firm's branded
 * selection). Every toggle is one transaction that notes a `report` change, so readers' caches drop it at commit
 * and the next list a reader asks for shows it. The 7-day rule of the branded selection is decided here.
 */

const m = messagesReportAdmin;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Toggle = 'tempReport' | 'mustRead' | 'highlight' | 'select';
export type ManagementRefusal = { ok: false; status: 404 | 409; message: string };
export type ManagementOutcome<T> = { ok: true; data: T } | ManagementRefusal;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** Opaque keyset cursor: published_at with microseconds (UTC) and the id. */
export const encodeManagementCursor = (position: KeysetPosition) =>
  Buffer.from(`m|${position.at}|${position.id}`, 'utf8').toString('base64url');

/** Null for anything the server did not issue. */
export const decodeManagementCursor = (value: string): KeysetPosition | null => {
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3 || parts[0] !== 'm') return null;
  const [, at = '', idText = ''] = parts;
  if (!TIMESTAMP.test(at) || Number.isNaN(Date.parse(`${at.slice(0, 23)}Z`))) return null;
  if (!/^[1-9]\d{0,9}$/.test(idText) || Number(idText) > 2_147_483_647) return null;
  return { at, id: Number(idText) };
};

export const toManagementRow = (record: ManagementRecord): ReportManagementRow => ({
  id: record.id,
  title: record.title,
  published_date: record.published_date,
  type: record.type,
  isTempReport: record.is_temp_report,
  mustRead: record.must_read,
  specialSelect: record.special_select,
  selectableFrom: record.selectable_from,
  state: record.state,
  sector: record.sector_id === null ? null : { id: record.sector_id, sName: record.sector_name ?? '' },
  analyst: record.analyst_id === null ? null : { id: record.analyst_id, name: record.analyst_name ?? '' },
});

export const createReportManagementService = (deps: { db: Db; clock: Clock; changes: ChangeFeed }) => {
  const { db, clock, changes } = deps;

  /** The management list; `cursor` is null when it is not one the server issued (the route answers 400). */
  const list = async (query: {
    filter: ReportManagementFilter;
    q?: string;
    cursor?: string;
    pageSize: number;
  }): Promise<ManagementOutcome<ReportManagementReply> | { ok: false; status: 400; message: string }> => {
    const after = query.cursor === undefined ? null : decodeManagementCursor(query.cursor);
    if (query.cursor !== undefined && after === null) return { ok: false, status: 400, message: m.badCursor };
    const q = query.q ?? '';
    const records = await findManagementPage(db, {
      filter: query.filter,
      q,
      after,
      limit: query.pageSize + 1,
    });
    const page = records.slice(0, query.pageSize);
    const last = page.at(-1);
    return {
      ok: true,
      data: {
        data: page.map(toManagementRow),
        next:
          records.length > query.pageSize && last
            ? encodeManagementCursor({ at: last.cursor_at, id: last.id })
            : null,
        filters: { filter: query.filter, ...(q ? { q } : {}) },
      },
    };
  };

  /**
   * Sets one curation flag. `highlight` true makes the report highlighted, false latest (which takes it out of
   * the highlighted list). `select` true is refused for a report published less than 7 days ago (a scheduled one
   * included); taking a report out of the selection is always allowed. Setting a flag to what it is changes nothing.
   */
  const toggle = async (
    id: number,
    toggleName: Toggle,
    status: boolean,
  ): Promise<ManagementOutcome<ReportManagementRow>> => {
    const outcome = await writeTransaction(db, changes, async (tx, note) => {
      const report = await lockReport(tx, id);
      if (!report) return { ok: false as const, status: 404 as const, message: m.notFound };
      const now = clock();
      if (toggleName === 'select' && status && !report.special_select) {
        const selectableAt = Number(report.published_ms) + specialSelectMinDays * DAY_MS;
        if (now.getTime() < selectableAt) {
          return { ok: false as const, status: 409 as const, message: m.selectTooRecent };
        }
      }
      let changed = false;
      if (toggleName === 'highlight') {
        const type = status ? 'highlighted' : 'latest';
        if (report.type !== type) {
          await setType(tx, id, type, now);
          changed = true;
        }
      } else {
        const current = {
          tempReport: report.is_temp_report,
          mustRead: report.must_read,
          select: report.special_select,
        }[toggleName];
        if (current !== status) {
          await setFlag(tx, id, toggleName, status, now);
          changed = true;
        }
      }
      if (changed) note({ kind: 'report', ids: [id] });
      const row = await findManagementRow(tx, id);
      return row
        ? { ok: true as const, data: toManagementRow(row) }
        : { ok: false as const, status: 404 as const, message: m.notFound };
    });
    return outcome;
  };

  return { list, toggle };
};

export type ReportManagementService = ReturnType<typeof createReportManagementService>;
